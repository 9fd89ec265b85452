import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { route } from "../../http/contract-route";

/** GET /api/health: which database and storage this process runs on, after a real database round-trip. */
export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database; database: "pglite" | "postgres"; storage: "local" | "s3" }) {
  route(app, "GET /api/health", {}, async (_request, reply) => {
    await deps.db.execute(sql`select 1`);
    reply.header("cache-control", "no-store");
    return { status: "ok" as const, database: deps.database, storage: deps.storage };
  });
}
