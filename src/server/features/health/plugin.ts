import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contractPlugin } from "../../http/contract-plugin";
import type { ObjectStorage } from "../../storage/object-storage";
import { healthEndpoints } from "../../../shared/health/endpoints";

// A check that takes longer than this counts as unreachable: a balancer's own probe times out
// after a few seconds, and an answer it never gets tells it nothing.
const CHECK_TIMEOUT_MS = 2_000;
// A key no object has: no feature stores anything under health/.
const PROBE_KEY = "health/readiness-probe";

/** "ok" when `check` finishes in time, "unreachable" when it fails or hangs. */
async function probe(check: () => Promise<unknown>): Promise<"ok" | "unreachable"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return "ok";
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: which database and storage this process runs on, after a real database
 * round-trip. /api/health/live and /api/health/ready: what a load balancer asks (decision 026).
 * While the process shuts down it accepts no new connection, and Fastify answers requests still
 * arriving on open ones, these included, with 503.
 */
export const healthPlugin = contractPlugin(
  healthEndpoints,
  (_app, deps: { db: Database; database: "pglite" | "postgres"; storage: ObjectStorage }) => ({
    "GET /api/health": async (_request, reply) => {
      await deps.db.execute(sql`select 1`);
      reply.header("cache-control", "no-store");
      return { status: "ok" as const, database: deps.database, storage: deps.storage.kind };
    },

    "GET /api/health/live": async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },

    "GET /api/health/ready": async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const [database, storage] = await Promise.all([
        probe(() => deps.db.execute(sql`select 1`)),
        probe(() => deps.storage.backend.stat(PROBE_KEY)),
      ]);
      if (database === "ok" && storage === "ok") return { status: "ready" as const, database, storage };
      reply.code(503);
      return { status: "unavailable" as const, database, storage };
    },
  }),
);
