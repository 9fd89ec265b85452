import type { ContractKey } from "../../shared/contract";
import type { CallInput, InputArgs, ResponseOf } from "../../shared/contract/calls";
import { fillPath, type PathParams, type QueryValues } from "../../shared/api-path";
import { throwIfResNotOk } from "./query-client";

// The browser's one way to call the API (decision 024): an endpoint is named by its key in the
// contract ("GET /api/dragons/:id"), its parameters, query and body are checked against the
// declaration at compile time, and the answer has the declared type. The contract is imported only
// as types: no schema reaches the page. Errors keep docs/spec.md §7's form, "{status}: {text}".

export type { CallInput, ResponseOf };

interface AnyInput {
  params?: PathParams;
  query?: QueryValues;
  body?: unknown;
}

function split(key: ContractKey): [method: string, path: string] {
  const space = key.indexOf(" ");
  return [key.slice(0, space), key.slice(space + 1)];
}

function pathOf(key: ContractKey, input: AnyInput | undefined): string {
  return fillPath(split(key)[1], input?.params, input?.query);
}

/** The address of an endpoint with its parameters and query filled in. */
export const apiPath = <K extends ContractKey>(key: K, ...[input]: InputArgs<K>): string =>
  pathOf(key, input as AnyInput | undefined);

/**
 * The page's language, which the server writes its answers' words in (decision 057): the
 * browser's own Accept-Language is the person's browser setting, not the language they chose here.
 */
export const languageHeader = (): Record<string, string> => ({
  "Accept-Language": document.documentElement.lang || "en",
});

/** Every call: cookies always, the page's language, a JSON body only when there is one (docs/spec.md §7). */
function send(key: ContractKey, input: AnyInput | undefined, init: RequestInit = {}): Promise<Response> {
  const body = input?.body;
  return fetch(pathOf(key, input), {
    ...init,
    method: split(key)[0],
    headers: { ...languageHeader(), ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
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
