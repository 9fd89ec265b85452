import type { FastifyInstance } from "fastify";
import { route } from "../../http/contract-route";
import { requireAdmin, type Sessions } from "../../auth/sessions";
import type { PeopleRepository } from "./repository";

/**
 * The admin list of people (issue 30; decision 030): admins only, checked before the payload (a
 * visitor gets 401, a member 403, whatever they send).
 */
export function registerUsersRoutes(app: FastifyInstance, deps: { people: PeopleRepository; sessions: Pick<Sessions, "forget"> }) {
  const { people, sessions } = deps;

  route(app, "GET /api/admin/users", { preValidation: requireAdmin }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return people.list(request.query.q, request.query.offset);
  });

  route(app, "PUT /api/admin/users/:id/admin", { preValidation: requireAdmin }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const { person, changed } = await people.setAdmin(admin.id, request.params.id, request.body.isAdmin);
    // Every server process reads the person's sessions afresh: the new role holds from their next request.
    if (changed) sessions.forget(person.id);
    reply.header("cache-control", "no-store");
    return person;
  });
}
