import { z } from "zod";
import { CONTRACT_GROUPS } from "../../../shared/contract";
import {
  isSchema,
  splitKey,
  type ResponseSpec,
  type Endpoint,
  type EndpointKey,
  type OtherResponse,
} from "../../../shared/contract/endpoint";
import { sanctionMessage } from "../../auth/sanction";
import { PRO_REQUIRED } from "../../../shared/pro";
import { SITE_NAME } from "../../../shared/site";
import { text } from "../../../shared/text";

// The OpenAPI 3.1 document of the contract (decision 024), served at GET /api/openapi.json. Its
// schemas are JSON Schema 2020-12, OpenAPI 3.1's own dialect, written by zod from the same
// declarations the server validates and serialises with.

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  302: "Found",
  400: "Bad request",
  401: "Not signed in",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Too large",
  414: "Address too long",
  415: "Unsupported content type",
  429: "Too many requests",
  502: "The outside service failed",
  503: "Not configured or unavailable",
};

/** JSON Schema of a request part (`input`) or an answer (`output`). */
const jsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  });
  return rest;
};

const textMessage = (examples: readonly string[], description: string): OtherResponse => ({
  contentType: "text/plain",
  description,
  examples,
});

/** What a member under a sanction is told (decision 029): a suspension, and a ban. */
const SANCTION_MESSAGES = [
  sanctionMessage({ banned: false, until: "2026-12-03T16:10:00.000Z", reason: "Spam" }),
  sanctionMessage({ banned: true, until: null, reason: "" }),
];

/** The answers every endpoint may give beyond its own: they follow from its inputs, access and limits. */
function impliedResponses(endpoint: Endpoint): Record<number, OtherResponse> {
  const implied: Record<number, OtherResponse> = {};
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.optionalBody)
    implied[400] = textMessage(
      ["Invalid email: Please enter a valid email address"],
      'A refused field: "Invalid {field}: {why}"',
    );
  if (endpoint.access !== "everyone")
    implied[401] = textMessage(["Unauthorized"], "Nobody is signed in, or the session ended");
  if (endpoint.access === "admins")
    implied[403] = textMessage(["Admin access required"], "The signed-in person is not an admin");
  if (endpoint.access === "pro") implied[403] = textMessage([PRO_REQUIRED], "The signed-in person does not have Pro");
  if (endpoint.sanctioned) implied[403] = textMessage(SANCTION_MESSAGES, "The member is suspended or banned");
  // Fastify reads JSON (and text, which the body's schema then refuses); any other type is refused before the handler.
  if ((endpoint.body || endpoint.optionalBody) && !endpoint.companionScope)
    implied[415] = textMessage(["Unsupported content type"], "The body is not JSON");
  if (endpoint.rateLimited)
    implied[429] = textMessage(
      ["Too many requests. Please try again in 15 minutes."],
      "Too many calls from this address or for this account",
    );
  return implied;
}

/** Every status an endpoint answers: its own, and those that follow from it, the messages of one status together. */
function allResponses(endpoint: Endpoint): Record<number, ResponseSpec> {
  const responses: Record<number, ResponseSpec> = impliedResponses(endpoint);
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    const implied = responses[Number(status)];
    const sameKind = implied && !isSchema(answer) && !isSchema(implied) && answer.contentType === implied.contentType;
    responses[Number(status)] = sameKind
      ? { ...answer, examples: [...(answer.examples ?? []), ...(implied.examples ?? [])] }
      : answer;
  }
  return responses;
}

/** An error of Companion's routes: the message, and whatever else Companion adds. */
const JSON_ERROR = jsonSchema(z.looseObject({ message: text() }), "output");

function responseObject(status: number, answer: ResponseSpec, jsonErrors: boolean): JsonSchema {
  if (isSchema(answer))
    return {
      description: STATUS_TEXT[status] ?? "Response",
      content: { "application/json": { schema: jsonSchema(answer, "output") } },
    };
  if (answer.contentType === "none") return { description: answer.description };
  const asJson = jsonErrors && status >= 400 && answer.contentType === "text/plain";
  const examples = answer.examples?.length
    ? {
        examples: Object.fromEntries(
          answer.examples.map((text, index) => [`message${index + 1}`, { value: asJson ? { message: text } : text }]),
        ),
      }
    : {};
  if (asJson)
    return { description: answer.description, content: { "application/json": { schema: JSON_ERROR, ...examples } } };
  // JSON not ours to describe (Companion's) is any JSON; everything else is text or bytes.
  const content = (type: string) => [type, { schema: /[/+]json$/.test(type) ? {} : { type: "string" }, ...examples }];
  return { description: answer.description, content: Object.fromEntries([answer.contentType].flat().map(content)) };
}

/** Path and query parameters, one by one, from the object schemas that hold them. */
function parameters(endpoint: Endpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", endpoint.params],
    ["query", endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema, "input");
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties))
      list.push({ name, in: where, required: where === "path" || required.has(name), schema: property });
    // A query of any names (Google's callback): one parameter holding them all.
    if (where === "query" && !Object.keys(properties).length)
      list.push({ name: "parameters", in: "query", style: "form", explode: true, schema: json });
  }
  return list;
}

/** "/api/dragons/:id" as OpenAPI writes it, "/api/dragons/{id}". */
const openApiPath = (path: string) => path.replace(/:(\w+)\??/g, "{$1}");

/**
 * The OpenAPI paths of an endpoint, each with what it serves: its own path, or a wildcard's
 * addresses (a wildcard has no OpenAPI form: a path parameter is one segment).
 */
export function openApiPaths(key: EndpointKey, endpoint: Endpoint): [path: string, description: string | undefined][] {
  const { path } = splitKey(key);
  if (!path.endsWith("*")) return [[openApiPath(path), undefined]];
  if (!endpoint.addresses) throw new Error(`${key}: a wildcard route needs its addresses (decision 037)`);
  return Object.entries(endpoint.addresses);
}

function operation(
  key: EndpointKey,
  endpoint: Endpoint,
  tag: string,
  path: string,
  description: string | undefined,
): JsonSchema {
  const { method } = splitKey(key);
  const params = parameters(endpoint);
  // A wildcard's address names its segments; the handler checks them.
  for (const [, name] of path.matchAll(/\{(\w+)\}/g))
    if (!params.some((param) => param.name === name))
      params.push({ name, in: "path", required: true, schema: { type: "string" } });
  const body = endpoint.body
    ? {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } },
        },
      }
    : endpoint.optionalBody
      ? {
          requestBody: {
            required: false,
            content: { "application/json": { schema: jsonSchema(endpoint.optionalBody, "input") } },
          },
        }
      : endpoint.rawBody
        ? {
            requestBody: {
              required: true,
              description: endpoint.rawBody.description,
              content: Object.fromEntries([endpoint.rawBody.contentType].flat().map((type) => [type, { schema: {} }])),
            },
          }
        : {};
  return {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    tags: [tag],
    ...(params.length ? { parameters: params } : {}),
    ...body,
    ...(endpoint.access === "everyone" ? {} : { security: [{ session: [] }] }),
    "x-access": endpoint.access,
    responses: Object.fromEntries(
      Object.entries(allResponses(endpoint)).map(([status, answer]) => [
        status,
        responseObject(Number(status), answer, endpoint.companionScope ?? false),
      ]),
    ),
  };
}

/** The whole document; `serverUrl` is the app's public address. */
export function openApiDocument(serverUrl: string, sessionCookie: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [tag, group] of Object.entries(CONTRACT_GROUPS)) {
    for (const [key, endpoint] of Object.entries(group) as [EndpointKey, Endpoint][]) {
      const { method } = splitKey(key);
      for (const [path, description] of openApiPaths(key, endpoint))
        (paths[path] ??= {})[method.toLowerCase()] = operation(key, endpoint, tag, path, description);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${SITE_NAME} API`,
      version: "1",
      description: "Every answer that is not 2xx is a short plain-text message (docs/spec.md §7).",
    },
    servers: [{ url: serverUrl }],
    tags: Object.keys(CONTRACT_GROUPS).map((name) => ({ name })),
    paths,
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: sessionCookie } } },
  };
}
