import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { hashToken } from "../auth/tokens";
import { SESSION_COOKIE } from "../auth/sessions";
import { createTestApp, type TestApp } from "../test/test-app";
import { createSignedInUser, type TestUser } from "../test/users";
import { testClient, type TestClient } from "../test/api-client";

/**
 * An answer marked `public` may be kept by a shared cache (a CDN, a proxy) and replayed to anyone.
 * One that also sets a cookie would hand one person's session to the next: the hourly refresh of
 * a session's expiry, or the clearing of a dead session's cookie, must never ride on one.
 */

let t: TestApp;
let api: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
});
afterAll(() => t.close());

/** A member whose session was last seen two hours ago: their next request refreshes its cookie. */
async function memberDueForRefresh(): Promise<TestUser> {
  const member = await createSignedInUser(t);
  await t.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
    .where(eq(sessions.tokenHash, hashToken(member.cookies[SESSION_COOKIE]!)));
  return member;
}

function expectNoSharedCookie(res: { headers: Record<string, unknown> }, url: string) {
  expect(res.headers["set-cookie"], url).toBeDefined();
  expect(res.headers["cache-control"], url).not.toMatch(/\bpublic\b/);
  expect(res.headers["cache-control"], url).toMatch(/\bprivate\b/);
}

describe("answers that set a cookie", () => {
  it("are never public: a page, a JSON read and a stored object, each when the session's cookie is refreshed", async () => {
    const key = `dragons/${crypto.randomUUID()}/preview.webp`;
    await t.app.storage.put(key, Buffer.from("webp bytes"), "image/webp", { ownerId: null, isPublic: true });
    for (const url of ["/home", "/api/dragons", `/objects/${key}`]) {
      // Public for a member whose cookie needs nothing.
      const quiet = await t.app.inject({ method: "GET", url, cookies: (await createSignedInUser(t)).cookies });
      expect(quiet.headers["set-cookie"], url).toBeUndefined();
      expect(quiet.headers["cache-control"], url).toMatch(/^public\b/);

      const member = await memberDueForRefresh();
      const refreshed = await t.app.inject({ method: "GET", url, cookies: member.cookies });
      expect(refreshed.statusCode, url).toBe(200);
      expectNoSharedCookie(refreshed, url);
      expect(String(refreshed.headers["set-cookie"]), url).toContain(
        `${SESSION_COOKIE}=${member.cookies[SESSION_COOKIE]}`,
      );
    }
  });

  it("are never left for a shared cache to keep by default: a page's other address (308), an unknown API address (404)", async () => {
    // Without Cache-Control a shared cache may keep a 308 or a 404 as it likes (RFC 9111, 4.2.2), its Set-Cookie with it.
    for (const [url, status] of [
      ["/home/", 308],
      ["/api/no-such-thing", 404],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url, cookies: (await memberDueForRefresh()).cookies });
      expect(res.statusCode, url).toBe(status);
      expectNoSharedCookie(res, url);
    }
  });

  it("are never public when a dead session's cookie is cleared", async () => {
    const res = await api.call("GET /api/dragons", { cookies: { [SESSION_COOKIE]: "ended-long-ago" } });
    expect(res.statusCode).toBe(200);
    expectNoSharedCookie(res, "/api/dragons");
    // The directives other than who may keep it stay as they were.
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });
});
