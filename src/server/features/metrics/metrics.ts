import type { FastifyInstance } from "fastify";

/** Hits and misses a cache has counted since the process started. */
export type CacheStats = { hits: number; misses: number };

/** What /metrics reads from the rest of the app when Prometheus asks. */
export interface MetricSources {
  /** PostgreSQL's pool; absent on PGlite (one connection, in the process). */
  pool?: () => { total: number; idle: number; waiting: number };
  caches: Record<string, CacheStats>;
  imageQueue: () => { running: number; waiting: number };
}

// Seconds; from a cached page (~1 ms) to an upload's processing (seconds).
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics in Prometheus' text format, through prom-client (loaded only when metrics
 * are switched on). Requests are counted by route pattern (`/api/posts/:id/like`), never by the
 * path asked for: no id, token or query string reaches the metrics, and their number stays bounded.
 * Answers a function that renders the current metrics.
 */
export async function installMetrics(app: FastifyInstance, sources: MetricSources): Promise<() => Promise<string>> {
  const loaded = await import("prom-client");
  // A CommonJS package: in the server bundle its exports arrive as the default export.
  const prom = "Registry" in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new prom.Counter({
    name: "dragon_grid_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const durations = new prom.Histogram({
    name: "dragon_grid_http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method and route pattern",
    labelNames: ["method", "route"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "(no route)";
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  new prom.Gauge({
    name: "dragon_grid_db_pool_connections",
    help: "PostgreSQL pool connections: open (total), idle, and queries waiting for one (waiting)",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  // The caches count for themselves; the counter catches up with them when read.
  const reported = new Map<string, number>();
  new prom.Counter({
    name: "dragon_grid_cache_lookups_total",
    help: "Cache lookups by cache (pages, feed, sessions) and result (hit, miss)",
    labelNames: ["cache", "result"],
    registers,
    collect() {
      for (const [cache, stats] of Object.entries(sources.caches)) {
        for (const result of ["hit", "miss"] as const) {
          const key = `${cache}\n${result}`;
          const total = result === "hit" ? stats.hits : stats.misses;
          this.inc({ cache, result }, total - (reported.get(key) ?? 0));
          reported.set(key, total);
        }
      }
    },
  });

  new prom.Gauge({
    name: "dragon_grid_image_queue",
    help: "Photo decodes running and waiting their turn in this process",
    labelNames: ["state"],
    registers,
    collect() {
      const queue = sources.imageQueue();
      this.set({ state: "running" }, queue.running);
      this.set({ state: "waiting" }, queue.waiting);
    },
  });

  return () => registry.metrics();
}
