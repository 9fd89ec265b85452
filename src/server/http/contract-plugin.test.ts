import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { blocksEndpoints } from "../../shared/blocks/endpoints";
import { picturesEndpoints } from "../../shared/pictures/endpoints";
import { PRO_REQUIRED } from "../../shared/pro";
import { sanctionMessage } from "../auth/sanction";
import { postsEndpoints } from "../../shared/posts/endpoints";
import { statsEndpoints } from "../../shared/stats/endpoints";
import { contractPlugin, pickEndpoints } from "./contract-plugin";
import { responseSerializer } from "./contract-schemas";
import { installErrorHandling } from "./errors";
import type { SessionUser } from "./request-user";

const USER = "7d3c5c36-5f43-4f6e-9a55-0c8f2a1b9e10";

// The compiler is the first test: each `@ts-expect-error` below fails `npm run typecheck` if the
// mistake it marks ever stops being an error.
export const missingHandler = contractPlugin(blocksEndpoints, () =>
  // @ts-expect-error "DELETE /api/blocks/:userId" has no handler
  ({
    "GET /api/blocks": async () => [],
    "PUT /api/blocks/:userId": async () => ({ message: "Blocked" }),
  }),
);
export const extraHandler = contractPlugin(blocksEndpoints, () => ({
  "GET /api/blocks": async () => [],
  "PUT /api/blocks/:userId": async () => ({ message: "Blocked" }),
  "DELETE /api/blocks/:userId": async () => ({ message: "Unblocked" }),
  // @ts-expect-error "GET /api/blocks/all" is not declared
  "GET /api/blocks/all": async () => [],
}));
export const mistypedResponse = contractPlugin(blocksEndpoints, () => ({
  "GET /api/blocks": async () => [],
  // @ts-expect-error the PUT answers { message }, not a number
  "PUT /api/blocks/:userId": async () => 42,
  "DELETE /api/blocks/:userId": async () => ({ message: "Unblocked" }),
}));
export const mistypedRequest = contractPlugin(blocksEndpoints, () => ({
  "GET /api/blocks": async () => [],
  "PUT /api/blocks/:userId": async (request) => {
    // @ts-expect-error the path's parameter is userId
    void request.params.id;
    return { message: "Blocked" };
  },
  "DELETE /api/blocks/:userId": async (_request, _reply, caller) => {
    // A members' endpoint's caller is never a visitor: no null check needed.
    return { message: `Unblocked by ${caller.id}` };
  },
}));

/**
 * Who each plugin below saw: the caller the registrar handed over. The request's identity comes
 * from a header here, standing in for the session hook (tested in auth/sessions.test.ts).
 */
async function appWith(register: (app: FastifyInstance, seen: Array<SessionUser | null>) => Promise<void>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checkResponses: true }));
  installErrorHandling(app);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const who = request.headers["x-test-user"];
    if (typeof who === "string") request.user = JSON.parse(who) as SessionUser;
  });
  const seen: Array<SessionUser | null> = [];
  await register(app, seen);
  await app.ready();
  return { app, seen };
}

const member: SessionUser = { id: USER, email: "m@example.com", isAdmin: false };
const as = (user: SessionUser | null) => (user ? { "x-test-user": JSON.stringify(user) } : {});

describe("the registrar applies each endpoint's declared access", async () => {
  const { app, seen } = await appWith(async (scope, seen) => {
    await scope.register(
      contractPlugin(blocksEndpoints, () => ({
        "GET /api/blocks": async (_request, _reply, caller) => {
          seen.push(caller);
          return [];
        },
        "PUT /api/blocks/:userId": async () => ({ message: "Blocked" }),
        "DELETE /api/blocks/:userId": async () => ({ message: "Unblocked" }),
      })),
      {},
    );
    await scope.register(
      contractPlugin(pickEndpoints(statsEndpoints, "GET /api/admin/stats"), () => ({
        "GET /api/admin/stats": async (_request, reply) => reply.type("text/plain").send("stats"),
      })),
      {},
    );
    await scope.register(
      contractPlugin(pickEndpoints(picturesEndpoints, "POST /api/pictures/generate"), () => ({
        "POST /api/pictures/generate": async () => ({ objectPath: "/objects/a.png", filename: "a.png" }),
      })),
      {},
    );
    await scope.register(
      contractPlugin(pickEndpoints(postsEndpoints, "POST /api/posts/:id/like"), () => ({
        "POST /api/posts/:id/like": async (_request, reply) => reply.type("text/plain").send("liked"),
      })),
      {},
    );
  });

  it("members: a visitor is refused before validation, a member reaches the handler as its caller", async () => {
    const visitor = await app.inject({ method: "PUT", url: "/api/blocks/not-a-uuid" });
    expect([visitor.statusCode, visitor.body]).toEqual([401, "Unauthorized"]);
    const refused = await app.inject({ method: "PUT", url: "/api/blocks/not-a-uuid", headers: as(member) });
    expect(refused.statusCode).toBe(400);
    const listed = await app.inject({ method: "GET", url: "/api/blocks", headers: as(member) });
    expect(listed.json()).toEqual([]);
    expect(seen).toEqual([member]);
  });

  it("admins: 401 for a visitor, 403 for a member, the handler for an admin", async () => {
    const statuses = [];
    for (const who of [null, member, { ...member, isAdmin: true }])
      statuses.push((await app.inject({ method: "GET", url: "/api/admin/stats", headers: as(who) })).statusCode);
    expect(statuses).toEqual([401, 403, 200]);
    const forbidden = await app.inject({ method: "GET", url: "/api/admin/stats", headers: as(member) });
    expect(forbidden.body).toBe("Admin access required");
  });

  it("pro: 403 with the Pro message for a member without Pro, before the body is read", async () => {
    const noPro = await app.inject({ method: "POST", url: "/api/pictures/generate", headers: as(member), payload: {} });
    expect([noPro.statusCode, noPro.body]).toEqual([403, PRO_REQUIRED]);
    const pro = await app.inject({
      method: "POST",
      url: "/api/pictures/generate",
      headers: as({ ...member, pro: true }),
      payload: { prompt: "a dragon" },
    });
    expect(pro.statusCode).toBe(200);
  });

  it("sanctioned: a suspended member is refused with the sanction's words", async () => {
    const sanction = { banned: false, until: new Date(Date.now() + 86_400_000).toISOString(), reason: "Spam" };
    const url = `/api/posts/${USER}/like`;
    const suspended = await app.inject({ method: "POST", url, headers: as({ ...member, sanction }) });
    expect([suspended.statusCode, suspended.body]).toEqual([403, sanctionMessage(sanction)]);
    const ended = { ...sanction, until: new Date(Date.now() - 1000).toISOString() };
    expect((await app.inject({ method: "POST", url, headers: as({ ...member, sanction: ended }) })).body).toBe("liked");
  });
});
