import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import fastJson from "fast-json-stringify";
import { z } from "zod";
import { CONTRACT, type Contract } from "../../shared/contract";
import { isSchema, splitKey, type Endpoint, type EndpointKey } from "../../shared/contract/endpoint";

// Each route is registered from its declaration in src/shared/<domain>/endpoints.ts (decisions 024, 041, 044): the request's
// parts are validated with its zod schemas (fastify-type-provider-zod's validator, whose messages
// people read), and a JSON answer is written by fast-json-stringify from the schema's JSON Schema,
// so it carries exactly the declared fields, however many the handler's object has.

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
export type JsonResponses<E extends Endpoint> = {
  [S in keyof E["responses"]]: E["responses"][S] extends z.ZodType ? z.input<E["responses"][S]> : never;
}[keyof E["responses"]];

/** The request a handler gets: params, query and body as the declaration's schemas output them. */
export type ContractRequest<K extends keyof Contract> = FastifyRequest<{
  Params: Out<Contract[K]["params" & keyof Contract[K]]>;
  Querystring: Out<Contract[K]["query" & keyof Contract[K]]>;
  Body: Out<Contract[K]["body" & keyof Contract[K]]>;
}>;

/** The Fastify schema of an endpoint: its inputs, and its JSON answers by status. */
export function fastifySchema(endpoint: Endpoint): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  for (const [status, answer] of Object.entries(endpoint.responses))
    if (isSchema(answer)) response[Number(status)] = answer;
  return {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(Object.keys(response).length ? { response } : {}),
  };
}

/**
 * JSON Schema of what a zod schema outputs, as fast-json-stringify reads it (draft 7). Dates are
 * written as ISO 8601 text, as JSON.stringify writes them.
 */
export function serialisationSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: "draft-7",
    io: "output",
    unrepresentable: "any",
  });
  return simplifyNullable(json) as Record<string, unknown>;
}

/**
 * zod writes `x.nullable()` as `anyOf: [x, { type: "null" }]`, which fast-json-stringify resolves
 * per value with a validator; `type: [x's type, "null"]` says the same and is written directly.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, simplifyNullable(value)]));
  const anyOf = entries.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((option) => option.type !== "null");
    if (other && anyOf.some((option) => option.type === "null") && typeof other.type === "string") {
      const { anyOf: _union, ...rest } = entries;
      return { ...rest, ...other, type: [other.type, "null"] };
    }
  }
  return entries;
}

/**
 * Fastify's serialiser for declared answers. With `checkResponses` (the tests), an answer that does not
 * match its declaration is an error instead of being trimmed to it: a field missing or of the
 * wrong type in a handler fails a test rather than reaching a browser. Each writer is built when
 * its first answer is sent, not when the route is registered: building all of them was ~60 ms of
 * every start (decision 025), and most routes answer nothing for a while after one.
 */
export function responseSerializer(options: { checkResponses: boolean }) {
  return ({
    schema,
    url,
    method,
    httpStatus,
  }: {
    schema: unknown;
    url?: string;
    method?: string;
    httpStatus?: string;
  }) => {
    const zodSchema = schema as z.ZodType;
    let built: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => (built ??= fastJson(serialisationSchema(zodSchema)))(data);
    if (!options.checkResponses) return stringify;
    return (data: unknown) => {
      const checked = zodSchema.safeParse(data);
      if (!checked.success)
        throw new Error(
          `${method} ${url} answered ${httpStatus} with something its declaration does not allow: ${checked.error.message}`,
        );
      return stringify(data);
    };
  };
}

/**
 * The 200 answer of `key`, written from its schema once per value: for answers read far more often
 * than they change and kept as the same object meanwhile (the library's list), so each request
 * sends bytes instead of writing them again. Written by `app`'s own serialiser, so the tests'
 * `checkResponses` checks it as it checks every other answer.
 */
export function responseWrittenOnce<K extends keyof Contract & EndpointKey>(
  app: FastifyInstance,
  key: K,
): (value: JsonResponses<Contract[K]> & object) => string {
  const { method, path } = splitKey(key);
  const compile = app.serializerCompiler;
  if (!compile)
    throw new Error(
      "responseWrittenOnce: the app has no serialiser compiler (setSerializerCompiler(responseSerializer(...)) first)",
    );
  const write = compile({
    schema: (CONTRACT[key] as Endpoint).responses[200],
    method,
    url: path,
    httpStatus: "200",
  }) as (data: unknown) => string;
  const written = new WeakMap<object, string>();
  return (value) => {
    const kept = written.get(value);
    if (kept !== undefined) return kept;
    const json = write(value);
    written.set(value, json);
    return json;
  };
}
