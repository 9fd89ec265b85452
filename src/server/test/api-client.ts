import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { splitKey, type Method } from "../../shared/contract/endpoint";
import type { ContractKey } from "../../shared/contract";
import type { CallInput, ResponseAt, StatusOf } from "../../shared/contract/calls";
import { fillPath, type PathParams, type QueryValues } from "../../shared/api-path";

// The server tests' way to call the API: an endpoint is named by its key in the contract, as the
// browser's client names it (web/lib/api-client.ts), so its parameters, query and body are checked
// at compile time and `json()` has the declared type. The answer keeps app.inject's shape, so an
// assertion reads the same whether it checks a call or a raw request (a hostile path, an object).

/** What travels beside the declared parts: the session, headers, the caller's address. */
interface Transport {
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  remoteAddress?: string;
  /**
   * Sent as it is instead of the JSON body: a body the contract does not describe on purpose (malformed,
   * of another type), or one whose declaration is not JSON (an upload's bytes).
   */
  payload?: InjectOptions["payload"];
}

/** The parts a call may send; `payload` lifts the body's type for a body sent wrong on purpose. */
export type CallOptions<K extends ContractKey> = Transport &
  WildcardInput<K> &
  (CallInput<K> | (Omit<CallInput<K>, "body"> & { payload: InjectOptions["payload"] }));
/** A wildcard (`*`) is declared in the path only: its handler checks what it stands for. */
type WildcardInput<K extends ContractKey> = K extends `${string}*` ? { params: { "*": string } } : unknown;

/** What a call's answer and a raw app.inject answer share: for helpers that read either. */
export type AnyResponse = Omit<LightMyRequestResponse, "json">;

type Base = Omit<AnyResponse, "statusCode">;

/**
 * The answer of `key`: narrowing `statusCode` (`if (res.statusCode === 404)`) narrows `json()` to
 * that status's declared JSON; otherwise `json()` is any JSON the endpoint declares (its 2xx, for
 * nearly every endpoint).
 */
export type ApiResponse<K extends ContractKey> =
  | { [S in StatusOf<K>]: Base & { statusCode: S; json(): ResponseAt<K, S> } }[StatusOf<K>]
  | (Base & { statusCode: number; json(): never });

type CallArgs<K extends ContractKey> = object extends CallInput<K> & WildcardInput<K>
  ? [options?: CallOptions<K>]
  : [options: CallOptions<K>];

export interface TestClient {
  call<K extends ContractKey>(key: K, ...[options]: CallArgs<K>): Promise<ApiResponse<K>>;
}

interface AnyOptions extends Transport {
  params?: PathParams;
  query?: QueryValues;
  body?: unknown;
}

/** The request app.inject receives for a call (exported for the client's own test). */
export function injectOptions(key: ContractKey, options: AnyOptions = {}): InjectOptions & { method: Method } {
  const { method, path } = splitKey(key);
  const { params, query, body, payload, cookies, headers, remoteAddress } = options;
  return {
    method,
    url: fillPath(path, params, query),
    ...(payload !== undefined ? { payload } : body !== undefined ? { payload: body as InjectOptions["payload"] } : {}),
    ...(cookies && { cookies }),
    ...(headers && { headers }),
    ...(remoteAddress && { remoteAddress }),
  };
}

/** A client over `app.inject`, keyed by the contract. */
export const testClient = (app: FastifyInstance): TestClient => ({
  call: async <K extends ContractKey>(key: K, ...[options]: CallArgs<K>) =>
    (await app.inject(injectOptions(key, options as AnyOptions))) as unknown as ApiResponse<K>,
});
