import crypto from "node:crypto";
import http from "node:http";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [
    crypto.createHash("sha256").update(given).digest(),
    crypto.createHash("sha256").update(expected).digest(),
  ];
  return crypto.timingSafeEqual(a, b);
};

/**
 * GET /metrics on the app's port, for a Prometheus that sends `Authorization: Bearer
 * $METRICS_TOKEN`. Anyone else gets the same 404 as for a page that does not exist: the metrics
 * name routes and load, which are nobody else's business. Not in the API contract: it is the
 * operator's, in Prometheus' own format.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string, render: () => Promise<string>) {
  // eslint-disable-next-line no-restricted-syntax -- the operator's endpoint, in Prometheus' format, not part of the app's API
  app.get("/metrics", { config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request, reply) => {
    const header = request.headers.authorization ?? "";
    if (!header.startsWith("Bearer ") || !sameSecret(header.slice("Bearer ".length), token)) {
      return reply.code(404).type("text/plain; charset=utf-8").header("cache-control", "no-store").send("Not Found");
    }
    return reply
      .type(METRICS_CONTENT_TYPE)
      .header("cache-control", "no-store")
      .send(await render());
  });
}

/**
 * GET /metrics on a port of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1 unless told), without a
 * token: for a Prometheus on a private network that the public cannot reach. Answers its server.
 */
export async function listenForMetrics(
  config: Pick<Config, "METRICS_PORT" | "METRICS_HOST">,
  render: () => Promise<string>,
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found");
      return;
    }
    render().then(
      (text) =>
        response.writeHead(200, { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" }).end(text),
      () => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics failed"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, resolve);
  });
  return server;
}
