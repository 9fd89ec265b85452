import type { FastifyInstance } from "fastify";
import { route } from "../../http/contract-route";
import { DEFAULT_ANALYTICS_RANGE } from "../../../shared/stats";
import type { AdminStats, SiteAnalytics } from "../../../shared/stats/responses";
import { requireAdmin } from "../../auth/sessions";
import { toCsv } from "./csv";
import type { StatsRepository } from "./repository";

/** The admin statistics dashboard's API (docs/spec.md §7, stats; decision 012): admins only. */
export function registerStatsRoutes(app: FastifyInstance, stats: StatsRepository) {
  route(app, "GET /api/admin/stats", { preValidation: requireAdmin }, async (_request, reply): Promise<AdminStats> => {
    reply.header("cache-control", "no-store");
    return stats.getStats();
  });

  route(
    app,
    "GET /api/admin/analytics",
    { preValidation: requireAdmin },
    async (request, reply): Promise<SiteAnalytics> => {
      reply.header("cache-control", "no-store");
      return stats.getAnalytics(request.query.days ?? DEFAULT_ANALYTICS_RANGE, request.hostname);
    },
  );

  // Every address, with when it joined and when it was told Pro is ready (ISO 8601, UTC; empty: not yet).
  route(app, "GET /api/admin/waitlist.csv", { preValidation: requireAdmin }, async (_request, reply) => {
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
  });
}
