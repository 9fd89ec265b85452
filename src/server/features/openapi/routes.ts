import type { FastifyInstance } from "fastify";
import { route } from "../../http/contract-route";
import { SESSION_COOKIE } from "../../auth/sessions";
import { openApiDocument } from "./document";

/**
 * GET /api/openapi.json: the API as OpenAPI 3.1, built from the contract (decision 024) when first
 * asked for, not at every start (it took ~25 ms), and kept.
 */
export function registerOpenApiRoutes(app: FastifyInstance, deps: { publicUrl: string }) {
  let document: string | undefined;
  route(app, "GET /api/openapi.json", {}, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(deps.publicUrl, SESSION_COOKIE));
    return reply.header("cache-control", "public, max-age=300").type("application/json; charset=utf-8").send(document);
  });
}
