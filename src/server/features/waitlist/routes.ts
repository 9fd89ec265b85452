import type { FastifyInstance } from "fastify";
import { route } from "../../http/contract-route";
import type { Database } from "../../db/client";
import { waitlist } from "../../db/schema";

/** POST /api/waitlist: stored once per e-mail; joining again is still a success. */
export function registerWaitlistRoutes(app: FastifyInstance, db: Database) {
  route(app, "POST /api/waitlist", { config: { rateLimit: { max: 10, timeWindow: 60 * 60_000 } } },
    async (request) => {
      await db.insert(waitlist).values({ email: request.body.email }).onConflictDoNothing();
      return { message: "You're on the list! We'll email you when Pro launches." };
    },
  );
}
