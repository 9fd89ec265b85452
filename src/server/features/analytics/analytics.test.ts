import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { analyticsSalts, pageViews } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser } from "../../test/users";
import { createVisitorHasher } from "./visitor-hash";
import { testClient, type TestClient } from "../../test/api-client";

let t: TestApp;
let api: TestClient;
const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36" };

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
});
beforeEach(async () => {
  await t.database.db.delete(pageViews);
  await t.database.db.delete(analyticsSalts);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

/** A page view from this address and browser; answers the stored row. */
async function view(
  address: string,
  userAgent = browser["user-agent"],
  payload: object = { path: "/home" },
  cookies?: Record<string, string>,
) {
  const res = await api.call("POST /api/analytics/pageview", {
    headers: { "user-agent": userAgent },
    remoteAddress: address,
    // Some cases send what the contract refuses, on purpose.
    payload,
    cookies,
  });
  expect(res.statusCode).toBe(204);
  const rows = await t.database.db.select().from(pageViews);
  return rows.at(-1)!;
}

/** Let the clock (Date only) stand at this moment until the next call. */
function clockAt(iso: string) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

describe("POST /api/analytics/pageview", () => {
  it("stores a person's page view without setting a cookie, dropping query strings", async () => {
    const res = await api.call("POST /api/analytics/pageview", {
      headers: browser,
      body: { path: "/verify-email?token=secret", referrer: "https://search.example/?q=dragons" },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const rows = await t.database.db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: "/verify-email", referrer: "https://search.example/" });
  });

  it("stores nothing that says who the visitor is: no user id, address or user agent, only a day's visitor hash", async () => {
    const user = await createSignedInUser(t);
    const agent = "Mozilla/5.0 (Macintosh) Firefox/150.0 UniqueAgentMarker";
    const row = await view("203.0.113.77", agent, { path: "/feed" }, user.cookies);
    expect(Object.keys(row).sort()).toEqual(["createdAt", "id", "path", "referrer", "visitorHash"]);
    expect(row.visitorHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Not a plain hash of the address and agent, which anyone could recompute by trying addresses.
    const plain = crypto.createHash("sha256").update(`203.0.113.77\n${agent}`).digest("base64url").slice(0, 22);
    expect(row.visitorHash).not.toBe(plain);
    const stored = JSON.stringify([
      await t.database.db.select().from(pageViews),
      await t.database.db.select().from(analyticsSalts),
    ]);
    for (const secret of ["203.0.113.77", "UniqueAgentMarker", user.id, user.email])
      expect(stored).not.toContain(secret);
  });

  it("gives one visitor the same hash all day, and different people different hashes", async () => {
    clockAt("2026-03-10T08:00:00Z");
    const first = await view("198.51.100.1");
    clockAt("2026-03-10T23:59:59Z");
    expect((await view("198.51.100.1")).visitorHash).toBe(first.visitorHash);
    expect((await view("198.51.100.2")).visitorHash).not.toBe(first.visitorHash);
    expect((await view("198.51.100.1", "Mozilla/5.0 (iPhone) Safari/605.1")).visitorHash).not.toBe(first.visitorHash);
  });

  it("changes every visitor's hash at midnight UTC and deletes the past day's salt", async () => {
    clockAt("2026-04-01T23:59:00Z");
    const before = await view("198.51.100.9");
    expect(before.createdAt.toISOString()).toBe("2026-04-01T23:59:00.000Z");
    clockAt("2026-04-02T00:00:30Z");
    const after = await view("198.51.100.9");
    expect(after.visitorHash).not.toBe(before.visitorHash);
    expect(
      (await t.database.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day),
    ).toEqual(["2026-04-02"]);
  });

  it("uses one salt per day across processes sharing the database, and deletes past days' salts", async () => {
    const moment = new Date("2026-05-05T12:00:00Z");
    const [a, b] = [createVisitorHasher(t.database.db), createVisitorHasher(t.database.db)];
    const [fromA, fromB] = await Promise.all([
      a.hash("192.0.2.4", "Agent", moment),
      b.hash("192.0.2.4", "Agent", moment),
    ]);
    expect(fromA).toBe(fromB);
    await t.database.db.insert(analyticsSalts).values({ day: "2026-05-04", salt: "yesterday" });
    // The next day's first visitor: its salt is made and every earlier one deleted.
    await b.hash("192.0.2.4", "Agent", new Date("2026-05-06T00:00:01Z"));
    expect(
      (await t.database.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day),
    ).toEqual(["2026-05-06"]);
  });

  it("does not count the app's own pages as referrers, and drops fragments as well as query strings", async () => {
    expect(
      (await view("192.0.2.10", undefined, { path: "/feed", referrer: "http://localhost:80/home" })).referrer,
    ).toBeNull();
    expect(
      (await view("192.0.2.10", undefined, { path: "/feed#top", referrer: "https://blog.example/post#comments" }))
        .referrer,
    ).toBe("https://blog.example/post");
    expect((await view("192.0.2.10", undefined, { path: "/feed", referrer: "" })).referrer).toBeNull();
  });

  it.each(["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "Mozilla/5.0 Chrome-Lighthouse", ""])(
    "ignores robots (%s)",
    async (agent) => {
      const res = await api.call("POST /api/analytics/pageview", {
        headers: { "user-agent": agent },
        body: { path: "/home" },
      });
      expect(res.statusCode).toBe(204);
      expect(await t.database.db.select().from(pageViews)).toHaveLength(0);
    },
  );

  it("validates the path", async () => {
    for (const payload of [{}, { path: "" }, { path: "home" }, { path: `/${"x".repeat(3000)}` }]) {
      // Bodies the contract refuses, sent on purpose.
      const res = await api.call("POST /api/analytics/pageview", { headers: browser, payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it("rate-limits a flood from one address with a readable 429", async () => {
    let last = 0;
    let body = "";
    for (let i = 0; i < 125; i++) {
      const res = await api.call("POST /api/analytics/pageview", {
        headers: browser,
        remoteAddress: "10.9.9.9",
        body: { path: "/" },
      });
      last = res.statusCode;
      body = res.body;
    }
    expect(last).toBe(429);
    expect(body).toMatch(/^Too many requests\. Please try again in/);
  });
});
