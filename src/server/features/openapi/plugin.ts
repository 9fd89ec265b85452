import { contractPlugin, pickEndpoints } from "../../http/contract-plugin";
import { SESSION_COOKIE } from "../../auth/sessions";
import { documentsEndpoints } from "../../../shared/documents/endpoints";
import { openApiDocument } from "./document";

/**
 * GET /api/openapi.json: the API as OpenAPI 3.1, built from the contract (decision 024) when first
 * asked for, not at every start (it took ~25 ms), and kept.
 */
export const openApiPlugin = contractPlugin(
  pickEndpoints(documentsEndpoints, "GET /api/openapi.json"),
  (_app, { publicUrl }: { publicUrl: string }) => {
    let document: string | undefined;
    return {
      "GET /api/openapi.json": async (_request, reply) => {
        document ??= JSON.stringify(openApiDocument(publicUrl, SESSION_COOKIE));
        return reply
          .header("cache-control", "public, max-age=300")
          .type("application/json; charset=utf-8")
          .send(document);
      },
    };
  },
);
