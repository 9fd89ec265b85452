import type { FastifyInstance } from "fastify";
import { route } from "../../http/contract-route";
import { requireUser } from "../../auth/sessions";
import type { ImageJobs } from "../../jobs/image-jobs";

/** Where the caller's image jobs are, for the processing overlay (decision 034). */
export function registerImageJobRoutes(app: FastifyInstance, imageJobs: ImageJobs) {
  route(app, "GET /api/image-jobs", { preValidation: requireUser }, async (request, reply) => {
    const caller = await requireUser(request);
    reply.header("cache-control", "no-store");
    return imageJobs.stateOf(caller.id);
  });
}
