import { contractPlugin } from "../../http/contract-plugin";
import { createAfterResponse } from "../../http/after-response";
import type { Sessions } from "../../auth/sessions";
import { usersEndpoints } from "../../../shared/users/endpoints";
import type { AdminUsersRepository } from "./repository";

/**
 * The admin list of people (issue 30; decisions 030 and 031): admins only, checked before the
 * payload (a visitor gets 401, a member 403, whatever they send). `onProGranted` is told the
 * address of a person just given Pro (the waitlist feature e-mails it once, if it is waiting).
 */
export const usersPlugin = contractPlugin(
  usersEndpoints,
  (
    app,
    deps: {
      adminUsers: AdminUsersRepository;
      sessions: Pick<Sessions, "forget">;
      onProGranted?: (email: string) => Promise<unknown>;
    },
  ) => {
    const { adminUsers, sessions, onProGranted } = deps;
    const afterResponse = createAfterResponse(app);

    return {
      "GET /api/admin/users": async (request, reply) => {
        reply.header("cache-control", "no-store");
        return adminUsers.list(request.query.q, request.query.offset);
      },

      "PUT /api/admin/users/:id/admin": async (request, reply, admin) => {
        const { person, changed } = await adminUsers.setAdmin(admin.id, request.params.id, request.body.isAdmin);
        // Every server process reads the person's sessions afresh: the new role holds from their next request.
        if (changed) sessions.forget(person.id);
        reply.header("cache-control", "no-store");
        return person;
      },

      "PUT /api/admin/users/:id/pro": async (request, reply, admin) => {
        const { person, changed } = await adminUsers.setPro(admin.id, request.params.id, request.body.pro);
        if (changed) sessions.forget(person.id);
        // After the answer: the admin does not wait for the mail server.
        if (changed && person.pro && onProGranted)
          afterResponse(request, "telling the Pro waitlist", async () => void (await onProGranted(person.email)));
        reply.header("cache-control", "no-store");
        return person;
      },
    };
  },
);

// What app.ts composes this plugin with (and other features are given).
export { createAdminUsersRepository } from "./repository";
