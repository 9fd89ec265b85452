import { contractPlugin } from "../../http/contract-plugin";
import type { Database } from "../../db/client";
import { DEFAULT_ANALYTICS_RANGE } from "../../../shared/stats";
import { statsEndpoints } from "../../../shared/stats/endpoints";
import { toCsv } from "./csv";
import { createStatsRepository } from "./repository";

/** The admin statistics dashboard's API (docs/spec.md §7, stats; decision 012): admins only. */
export const statsPlugin = contractPlugin(statsEndpoints, (_app, { db }: { db: Database }) => {
  const stats = createStatsRepository(db);
  return {
    "GET /api/admin/stats": async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return stats.getStats();
    },

    "GET /api/admin/analytics": async (request, reply) => {
      reply.header("cache-control", "no-store");
      return stats.getAnalytics(request.query.days ?? DEFAULT_ANALYTICS_RANGE, request.hostname);
    },

    // Every address, with when it joined and when it was told Pro is ready (ISO 8601, UTC; empty: not yet).
    "GET /api/admin/waitlist.csv": async (_request, reply) => {
      const rows = await stats.waitlistEmails();
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="pro-waitlist-${day}.csv"`)
        .type("text/csv; charset=utf-8")
        .send(
          toCsv(
            ["email", "joined", "told"],
            rows.map((row) => [row.email, row.createdAt, row.toldAt ?? ""]),
          ),
        );
    },
  };
});
