import type { FastifyInstance } from "fastify";
import { route } from "../../http/contract-route";
import { SESSION_COOKIE } from "../../auth/sessions";
import { openApiDocument } from "./document";

/** GET /api/openapi.json: the API as OpenAPI 3.1, built once from the contract (decision 024). */
export function registerOpenApiRoutes(app: FastifyInstance, deps: { publicUrl: string }) {
  const document = JSON.stringify(openApiDocument(deps.publicUrl, SESSION_COOKIE));
  route(app, "GET /api/openapi.json", {}, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").type("application/json; charset=utf-8").send(document),
  );
}
