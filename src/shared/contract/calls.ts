import type { z } from "zod";
import type { Contract, ContractKey } from "./index";

// The types of a call to an endpoint, taken from its declaration: the browser's client
// (web/lib/api-client.ts) and the server tests' (server/test/api-client.ts) both use them. Types
// only, so the browser can import them without loading a schema.

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

/** The statuses an endpoint declares. */
export type StatusOf<K extends ContractKey> = Contract[K] extends { responses: infer A } ? keyof A & number : never;

/** The JSON an endpoint answers with `status` (never when that status's answer is not JSON). */
export type ResponseAt<K extends ContractKey, S> = Contract[K] extends { responses: infer A }
  ? S extends keyof A
    ? A[S] extends z.ZodType
      ? z.output<A[S]>
      : never
    : never
  : never;

/** The JSON a successful call answers (its 2xx schemas). */
export type ResponseOf<K extends ContractKey> = ResponseAt<K, StatusOf<K> & (200 | 201)>;

/** The input is optional for an endpoint that takes none. */
export type InputArgs<K extends ContractKey> =
  object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];
