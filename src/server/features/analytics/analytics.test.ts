import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViews } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36" };

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.database.db.delete(pageViews);
});
afterAll(() => t.close());

describe("POST /api/analytics/pageview", () => {
  it("stores a person's page view without setting a cookie, dropping query strings", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      headers: browser,
      payload: { path: "/verify-email?token=secret", referrer: "https://search.example/?q=dragons" },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const rows = await t.database.db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: "/verify-email", referrer: "https://search.example/", userId: null });
  });

  it.each(["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "Mozilla/5.0 Chrome-Lighthouse", ""])(
    "ignores robots (%s)",
    async (agent) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/analytics/pageview",
        headers: { "user-agent": agent },
        payload: { path: "/home" },
      });
      expect(res.statusCode).toBe(204);
      expect(await t.database.db.select().from(pageViews)).toHaveLength(0);
    },
  );

  it("validates the path", async () => {
    for (const payload of [{}, { path: "" }, { path: "home" }, { path: `/${"x".repeat(3000)}` }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/analytics/pageview", headers: browser, payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it("rate-limits a flood from one address with a readable 429", async () => {
    let last = 0;
    let body = "";
    for (let i = 0; i < 125; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/analytics/pageview",
        headers: browser,
        remoteAddress: "10.9.9.9",
        payload: { path: "/" },
      });
      last = res.statusCode;
      body = res.body;
    }
    expect(last).toBe(429);
    expect(body).toMatch(/^Too many requests\. Please try again in/);
  });
});
