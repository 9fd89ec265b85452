import type { z } from "zod";

// One declaration per endpoint (decision 024): the server registers each route from it, validates
// what arrives and serialises what leaves with it; the browser's client (web/lib/api-client.ts)
// takes its types from it; GET /api/openapi.json describes it. The browser imports the contract
// only as types, so the schemas never reach a page's JavaScript.

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may call it: everyone, any signed-in member (401 otherwise), members with Pro (403 for the
 * others, decision 031), or admins (403 for members). The server's registrar applies it (decision 044).
 */
export type Access = "everyone" | "members" | "pro" | "admins";

/** An answer that is not JSON: every error's plain-text message, a document, a file, a redirect. */
export interface OtherResponse {
  /** Its media type, or each of those it may have ("image/*" for any image). */
  contentType: string | readonly string[];
  description: string;
  /** Texts the answer may hold, word for word (the spec's messages). */
  examples?: readonly string[];
}

/** What a status answers: a JSON body described by a schema, or something else. */
export type ResponseSpec = z.ZodType | OtherResponse;

export interface Endpoint {
  summary: string;
  access: Access;
  /** The path's parameters (`:id`); a wildcard (`*`) is checked by its handler. */
  params?: z.ZodType;
  /**
   * A wildcard's addresses, as OpenAPI paths with what each serves: one per kind and depth, since
   * a path parameter stands for one segment to a validator (Prism), never for several.
   */
  addresses?: Readonly<Record<`/${string}`, string>>;
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** A JSON body that may be left out; the handler checks it (its messages are its own). */
  optionalBody?: z.ZodType;
  /** A body that is not JSON (an upload's bytes, Companion's own protocol). */
  rawBody?: OtherResponse;
  /** Calls beyond a limit per address or account answer 429. */
  rateLimited?: boolean;
  /** A member under a ban or a running suspension is refused (403, decision 029). */
  sanctioned?: boolean;
  /**
   * Registered in Companion's scope (features/companion/plugin.ts): its errors are the same
   * messages as `{ message }` JSON, which Uppy's client reads, and it reads a body of any type, so
   * a body that is not JSON is a refused field (400), not a 415.
   */
  companionScope?: boolean;
  /**
   * Each status it may answer. 400 (a refused field), 401, 403, 415 (a body of a type the server
   * does not read) and 429 follow from the inputs, the access, `sanctioned` and `rateLimited`, and
   * are added to the document without being written here.
   */
  responses: Readonly<Record<number, ResponseSpec>>;
}

/** "METHOD /path", exactly as Fastify registers the route. */
export type EndpointKey = `${Method} /${string}`;

/** Declares endpoints, keyed by "METHOD /path"; the literal types stay for the client. */
export const endpoints = <const T extends Record<EndpointKey, Endpoint>>(declarations: T): T => declarations;

/** A plain-text message for people: every error answers one (docs/spec.md §7 shows it as "{status}: {text}"). */
export const message = (...examples: string[]): OtherResponse => ({
  contentType: "text/plain",
  description: "A message for people",
  examples,
});

/** Splits a key into its method and path. */
export function splitKey(key: EndpointKey): { method: Method; path: string } {
  const space = key.indexOf(" ");
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}

export const isSchema = (answer: ResponseSpec | undefined): answer is z.ZodType =>
  typeof answer === "object" && answer !== null && "_zod" in answer;
