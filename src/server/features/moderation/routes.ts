import type { FastifyInstance } from "fastify";
import { route } from "../../http/contract-route";
import { requireAdmin, requireUser } from "../../auth/sessions";
import type { Reports } from "./reports";
import type { ModerationQueue } from "./queue";
import type { ModerationActions } from "./actions";

/**
 * Reports by members and the moderation queue of admins (decision 029). Who may call is checked
 * before the payload: a visitor gets 401 and a member 403 on the admin routes, whatever they send.
 */
export function registerModerationRoutes(
  app: FastifyInstance,
  deps: { reports: Reports; queue: ModerationQueue; actions: ModerationActions },
) {
  const { reports, queue, actions } = deps;

  route(app, "POST /api/reports", { preValidation: requireUser }, async (request, reply) => {
    const caller = await requireUser(request);
    return reply.status(201).send(await reports.create(caller, request.body));
  });

  route(app, "GET /api/reports/mine", { preValidation: requireUser }, async (request, reply) => {
    const caller = await requireUser(request);
    reply.header("cache-control", "no-store");
    return reports.mine(caller.id);
  });

  route(app, "GET /api/admin/moderation/queue", { preValidation: requireAdmin }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return queue.queue(request.query.tab, request.query.offset);
  });

  route(app, "GET /api/admin/moderation/counts", { preValidation: requireAdmin }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return queue.counts();
  });

  route(app, "GET /api/admin/moderation/log", { preValidation: requireAdmin }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return queue.log(request.query.before);
  });

  route(app, "POST /api/admin/moderation/actions", { preValidation: requireAdmin }, async (request) => {
    const admin = await requireAdmin(request);
    return { message: await actions.act(admin, request.body) };
  });
}
