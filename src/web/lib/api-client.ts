import type { z } from "zod";
import type { Contract, ContractKey } from "../../shared/contract";
import { throwIfResNotOk } from "./query-client";

// The browser's one way to call the API (decision 024): an endpoint is named by its key in the
// contract ("GET /api/dragons/:id"), its parameters, query and body are checked against the
// declaration at compile time, and the answer has the declared type. The contract is imported only
// as types: no schema reaches the page. Errors keep docs/spec.md §7's form, "{status}: {text}".

type SchemaPart<E, P extends string> = E extends { [K in P]: infer S }
  ? S extends z.ZodType
    ? z.input<S>
    : never
  : never;
type HasPart<E, P extends string> = E extends { [K in P]: z.ZodType } ? true : false;

/** What a call sends: the path's parameters, the query and the JSON body its declaration names. */
export type CallInput<K extends ContractKey> = (HasPart<Contract[K], "params"> extends true
  ? { params: SchemaPart<Contract[K], "params"> }
  : unknown) &
  (HasPart<Contract[K], "query"> extends true ? { query?: SchemaPart<Contract[K], "query"> } : unknown) &
  (HasPart<Contract[K], "body"> extends true ? { body: SchemaPart<Contract[K], "body"> } : unknown) &
  (HasPart<Contract[K], "optionalBody"> extends true ? { body?: SchemaPart<Contract[K], "optionalBody"> } : unknown);

/** The JSON a successful call answers (its 2xx schemas). */
export type ResponseOf<K extends ContractKey> = Contract[K] extends { responses: infer A }
  ? { [S in keyof A]: S extends 200 | 201 ? (A[S] extends z.ZodType ? z.output<A[S]> : never) : never }[keyof A]
  : never;

/** The input is optional for an endpoint that takes none. */
type InputArgs<K extends ContractKey> = object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

interface AnyInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

function split(key: ContractKey): [method: string, path: string] {
  const space = key.indexOf(" ");
  return [key.slice(0, space), key.slice(space + 1)];
}

function pathOf(key: ContractKey, input: AnyInput | undefined): string {
  const { params, query } = input ?? {};
  const path = split(key)[1].replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""));
  const entries = Object.entries(query ?? {}).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  return entries.length
    ? `${path}?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`
    : path;
}

/** The address of an endpoint with its parameters and query filled in. */
export const apiPath = <K extends ContractKey>(key: K, ...[input]: InputArgs<K>): string =>
  pathOf(key, input as AnyInput | undefined);

/** Every call: cookies always, a JSON body only when there is one (docs/spec.md §7). */
function send(key: ContractKey, input: AnyInput | undefined, init: RequestInit = {}): Promise<Response> {
  const body = input?.body;
  return fetch(pathOf(key, input), {
    ...init,
    method: split(key)[0],
    headers: body !== undefined ? { "Content-Type": "application/json" } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: "include",
  });
}

/** Calls an endpoint; resolves to its declared answer, rejects with "{status}: {text}". */
export async function callApi<K extends ContractKey>(key: K, ...[input]: InputArgs<K>): Promise<ResponseOf<K>> {
  const res = await send(key, input as AnyInput | undefined);
  await throwIfResNotOk(res);
  return responseOf(key, res);
}

/**
 * Sends a request and gives back the Response whatever its status, for callers that read the
 * status themselves or must not wait (a page view sent as the page closes: `init.keepalive`).
 */
export const sendApi = <K extends ContractKey>(
  key: K,
  input: CallInput<K>,
  init?: Pick<RequestInit, "keepalive" | "signal">,
): Promise<Response> => send(key, input as AnyInput, init);

/** The declared answer of `key` in a Response from sendApi, once its status is known to be OK. */
export async function responseOf<K extends ContractKey>(_key: K, res: Response): Promise<ResponseOf<K>> {
  return (await res.json()) as ResponseOf<K>;
}

/**
 * The query key of a read: the path up to its first parameter, then each parameter's value, then
 * the query if any (["/api/dragons", id]), as docs/spec.md §7's default reads and the server's
 * prefilled pages name them.
 */
export function apiQueryKey<K extends ContractKey>(key: K, ...[input]: InputArgs<K>): readonly unknown[] {
  const { params, query } = (input ?? {}) as AnyInput;
  const path = split(key)[1];
  const firstParam = path.search(/\/:/);
  const base = firstParam === -1 ? path : path.slice(0, firstParam);
  const values = [...path.matchAll(/:(\w+)/g)].map(([, name]) => params?.[name!]);
  return [base, ...values, ...(query ? [query] : [])];
}

/** A read for useQuery: its key and function, typed by the declaration. */
export function apiQuery<K extends ContractKey & `GET ${string}`>(key: K, ...args: [...InputArgs<K>]) {
  return { queryKey: apiQueryKey(key, ...args), queryFn: () => callApi(key, ...args) };
}

/** A read where 401 (nobody signed in) is an answer: null (docs/spec.md §7's "return null" reads). */
export async function callApiOrNullOn401<K extends ContractKey & `GET ${string}`>(
  key: K,
  ...args: InputArgs<K>
): Promise<ResponseOf<K> | null> {
  const res = await send(key, args[0] as AnyInput | undefined);
  if (res.status === 401) return null;
  await throwIfResNotOk(res);
  return responseOf(key, res);
}
