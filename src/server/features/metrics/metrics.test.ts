import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser } from "../../test/users";
import { testClient, type TestClient } from "../../test/api-client";

const TOKEN = "metrics-token-for-the-tests-0123456789";

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  let api: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    api = testClient(t.app);
  });
  afterAll(() => t.close());

  const metrics = (authorization?: string) =>
    t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

  it("answers Prometheus' text format only to the token, and 404 to anyone else", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const refused = await metrics(authorization);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain("dragon_grid");
    }
    const res = await metrics(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("# TYPE dragon_grid_http_requests_total counter");
    expect(res.body).toContain("process_resident_memory_bytes");
  });

  it("counts requests by route pattern, never by the path or query asked for; counts cache hits and misses", async () => {
    const member = await createSignedInUser(t);
    for (let i = 0; i < 3; i++) await api.call("GET /api/posts", { cookies: member.cookies });
    // A query the contract does not describe, sent on purpose.
    await t.app.inject({
      method: "GET",
      url: "/api/dragons/00000000-0000-4000-8000-000000000000?token=secret-in-a-query",
    });
    const body = (await metrics(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/dragon_grid_http_requests_total\{method="GET",route="\/api\/posts",status="200"\} 3/);
    expect(body).toMatch(/dragon_grid_http_requests_total\{method="GET",route="\/api\/dragons\/:id",status="404"\} 1/);
    expect(body).toMatch(
      /dragon_grid_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/posts"\} \d/,
    );
    expect(body).not.toContain("secret-in-a-query");
    expect(body).not.toContain("00000000-0000-4000-8000-000000000000");
    // The first read of the feed page built it; the next two were sent from memory.
    expect(body).toMatch(/dragon_grid_cache_lookups_total\{cache="feed",result="hit"\} 2/);
    expect(body).toMatch(/dragon_grid_cache_lookups_total\{cache="feed",result="miss"\} 1/);
    expect(body).toMatch(/dragon_grid_cache_lookups_total\{cache="sessions",result="hit"\} \d/);
    expect(body).toContain('dragon_grid_image_queue{state="waiting"} 0');
    if (process.env.DATABASE_URL) expect(body).toMatch(/dragon_grid_db_pool_connections\{state="total"\} \d/);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("does not exist", async () => {
    const t = await createTestApp();
    try {
      expect(
        (await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
