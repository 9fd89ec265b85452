import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { Dragon } from "../../shared/dragons/responses";
import { testClient, type TestClient } from "./api-client";

// The client against an app that echoes what reached it: the address, the method, the body and
// the session, so each part a call fills is seen as the server receives it.
let app: FastifyInstance;
let api: TestClient;

beforeAll(async () => {
  app = Fastify();
  app.all("*", async (request) => ({
    method: request.method,
    url: request.url,
    body: request.body ?? null,
    cookie: request.headers.cookie ?? null,
    address: request.ip,
  }));
  await app.ready();
  api = testClient(app);
});
afterAll(() => app.close());

describe("the server tests' API client", () => {
  it("fills path parameters as one encoded segment each, and the wildcard as it is", async () => {
    const res = await api.call("GET /api/dragons/:id", { params: { id: "a b/c" } });
    expect(res.json()).toMatchObject({ method: "GET", url: "/api/dragons/a%20b%2Fc" });
    const wildcard = await api.call("GET /objects/*", { params: { "*": "dragons/d1/preview.webp" } });
    expect(wildcard.json()).toMatchObject({ url: "/objects/dragons/d1/preview.webp" });
  });

  it("encodes the query and leaves out the values not given", async () => {
    const res = await api.call("GET /api/posts", { query: { at: "2026-11-20T10:00:00.000Z&x=1", before: undefined } });
    expect(res.json()).toMatchObject({ url: "/api/posts?at=2026-11-20T10%3A00%3A00.000Z%26x%3D1" });
  });

  it("sends the body as JSON, or a payload as it is, with the session's cookies and the caller's address", async () => {
    const res = await api.call("POST /api/auth/login", {
      body: { email: "a@example.com", password: "pw" },
      cookies: { session: "s1" },
      remoteAddress: "10.9.8.7",
    });
    expect(res.json()).toMatchObject({
      method: "POST",
      body: { email: "a@example.com", password: "pw" },
      cookie: "session=s1",
      address: "10.9.8.7",
    });
    const raw = await api.call("POST /api/auth/login", {
      payload: "not json",
      headers: { "content-type": "text/plain" },
    });
    expect(raw.json()).toMatchObject({ body: "not json" });
  });

  it("types json() by the declaration: the 2xx answer, or the status it is narrowed to", async () => {
    const dragon = await api.call("GET /api/dragons/:id", { params: { id: "d1" } });
    expectTypeOf(dragon.json()).toEqualTypeOf<Dragon>();
    const ready = await api.call("GET /api/health/ready");
    if (ready.statusCode === 503) expectTypeOf(ready.json().status).toEqualTypeOf<"unavailable">();
    expectTypeOf(ready.json().status).toEqualTypeOf<"ready" | "unavailable">();
  });
});
