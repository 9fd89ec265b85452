import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { pageViews } from "../../db/schema";
import { isBotUserAgent, pageViewSchema } from "../../../shared/analytics";

/** POST /api/analytics/pageview: one row per page a person sees; robots are counted out, no cookie is set. */
export function registerAnalyticsRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/analytics/pageview",
    {
      schema: { body: pageViewSchema },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      if (!isBotUserAgent(request.headers["user-agent"])) {
        // Keep only the path: query strings can carry tokens (verify-email links).
        await db.insert(pageViews).values({
          path: request.body.path.split("?")[0]!,
          referrer: request.body.referrer?.split("?")[0] || null,
          userId: request.user?.id ?? null,
        });
      }
      return reply.status(204).send();
    },
  );
}
