import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app";
import { createAccount } from "./test/accounts";
import { testClient, type TestClient } from "./test/api-client";
import { serverTranslator } from "./i18n/server-catalogs";

let t: TestApp;
let api: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("reports the database and storage in use", async () => {
    const res = await api.call("GET /api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ok",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
      storage: "local",
    });
  });
});

describe("GET /api/health/live and /api/health/ready", () => {
  it("answer a load balancer: alive, and ready while the database and storage answer", async () => {
    expect((await api.call("GET /api/health/live")).json()).toEqual({ status: "ok" });
    const ready = await api.call("GET /api/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.json()).toEqual({ status: "ready", database: "ok", storage: "ok" });
  });

  it("is not ready, and says which part, when the storage cannot be reached", async () => {
    const other = await createTestApp();
    try {
      // Local storage whose directory became a file: every read of it fails, as a lost mount's would.
      fs.rmSync(path.join(other.dataDir, "objects"), { recursive: true, force: true });
      fs.writeFileSync(path.join(other.dataDir, "objects"), "not a directory");
      const ready = await testClient(other.app).call("GET /api/health/ready");
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "unavailable", database: "ok", storage: "unreachable" });
      expect((await testClient(other.app).call("GET /api/health/live")).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("is not ready when the database cannot be reached", async () => {
    const other = await createTestApp();
    await other.database.close();
    const ready = await testClient(other.app).call("GET /api/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", database: "unreachable", storage: "ok" });
    await other.app.close();
    fs.rmSync(other.dataDir, { recursive: true, force: true });
  });
});

describe("error answers", () => {
  it("answers malformed JSON with a short 400", async () => {
    const res = await api.call("POST /api/analytics/pageview", {
      headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0" },
      // A malformed body, sent on purpose.
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("Malformed JSON body");
  });

  it("answers Fastify's refusals of a malformed request in the reader's language", async () => {
    const refusals = [
      { headers: { "content-type": "application/json" }, payload: "{not json", status: 400, id: "Malformed JSON body" },
      { headers: { "content-type": "application/json" }, payload: "", status: 400, id: "The request has no body" },
      { headers: { "content-type": "text/csv" }, payload: "a,b", status: 415, id: "Unsupported content type" },
    ];
    for (const locale of ["de", "ar"] as const) {
      for (const { headers, payload, status, id } of refusals) {
        // Malformed on purpose.
        const res = await api.call("POST /api/analytics/pageview", {
          headers: { ...headers, "accept-language": locale },
          payload,
        });
        expect(res.statusCode).toBe(status);
        expect(res.headers["content-language"]).toBe(locale);
        expect(res.body).toBe(serverTranslator(locale)(id));
        expect(res.body).not.toBe(id);
      }
    }
  });

  it("answers an oversize body with 413 before reading it all", async () => {
    const res = await api.call("POST /api/analytics/pageview", {
      headers: { "content-type": "application/json" },
      // A body over the size limit, sent on purpose.
      payload: `{"path":"/${"a".repeat(10 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.body).toBe("Request body is too large");
  });

  it("names the invalid field of a body that fails validation", async () => {
    const res = await api.call("POST /api/analytics/pageview", { body: { path: "no-slash" } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/^Invalid path/);
  });

  it("answers an unknown API path with a plain 404", async () => {
    // A path the contract does not have, on purpose.
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe("Not Found");
  });

  it("sends security headers", async () => {
    const res = await api.call("GET /api/health");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBeDefined();
  });

  it("allows the camera and screen wake lock to our own origin only and denies the other powerful features", async () => {
    for (const url of ["/api/health", "/", "/api/nope"]) {
      const policy = String((await t.app.inject({ method: "GET", url })).headers["permissions-policy"]);
      const features = Object.fromEntries(policy.split(", ").map((entry) => entry.split("=") as [string, string]));
      expect(features.camera).toBe("(self)");
      expect(features["screen-wake-lock"]).toBe("(self)");
      for (const denied of ["microphone", "geolocation", "payment", "usb", "serial", "hid", "midi"])
        expect(features[denied]).toBe("()");
    }
  });
});

describe("page HTML", () => {
  it("writes the landing page's title, description, og and twitter tags into the HTML", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    const html = res.body;
    expect(html).toContain("<title>Dragon Grid — Learn to draw dragons with the grid method</title>");
    for (const tag of ["og:title", "og:description", "og:image", "og:url"]) expect(html).toContain(`property="${tag}"`);
    for (const tag of ["twitter:card", "twitter:title", "twitter:description", "twitter:image", "description"]) {
      expect(html).toContain(`name="${tag}"`);
    }
    expect(html).toContain('content="http://dragongrid.test/og-image.png"');
    expect(html).toContain('property="og:url" content="http://dragongrid.test/"');
  });

  it("gives each known route its own tags and unknown paths a 404 page", async () => {
    const home = await t.app.inject({ method: "GET", url: "/home?x=1" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("<title>Dragon Library · Dragon Grid</title>");
    expect(home.body).toContain('property="og:url" content="http://dragongrid.test/home"');

    const missing = await t.app.inject({ method: "GET", url: "/no/such/page" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
    expect(missing.body).toContain("404 Page Not Found");
  });

  it("escapes what it writes into tags", async () => {
    // A resolver of its own, first, for a screen no feature resolves (the dragon resolver would call /dragon/evil not found).
    t.app.pageMetaResolvers.unshift(async (p) =>
      p === "/admin/blog/edit/evil" ? { title: '"><script>x</script>', description: "a & b" } : null,
    );
    const res = await t.app.inject({ method: "GET", url: "/admin/blog/edit/evil" });
    expect(res.body).not.toContain("<script>x</script>");
    expect(res.body).toContain("&quot;&gt;&lt;script&gt;");
    expect(res.body).toContain('content="a &amp; b"');
  });
});

describe("what a shared device's service worker may keep (only answers marked public)", () => {
  it("marks pages and the library public, an admin's pages and a person's own answers not", async () => {
    const member = await createAccount(t);
    const admin = await createAccount(t, { isAdmin: true });
    const get = async (url: string, cookies: Record<string, string> = {}) =>
      (await t.app.inject({ method: "GET", url, cookies })).headers["cache-control"];
    const dragonId = crypto.randomUUID();

    for (const url of ["/home", "/blog", "/profile"]) {
      expect(await get(url), url).toBe("public, no-cache");
      expect(await get(url, member.cookies), `${url}, a member`).toBe("public, no-cache");
      // An admin's page may carry a draft's head tags.
      expect(await get(url, admin.cookies), `${url}, an admin`).toBe("private, no-cache");
    }
    expect(await get("/api/auth/user", member.cookies)).toBe("no-store");
    expect(await get(`/api/wip/${dragonId}`, member.cookies)).toBe("no-store");
  });

  it("asks the browser to drop its HTTP cache when it signs out", async () => {
    const member = await createAccount(t);
    const res = await api.call("POST /api/auth/logout", { cookies: member.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers["clear-site-data"]).toBe('"cache"');
    const other = await createAccount(t);
    const everywhere = await api.call("POST /api/account/sign-out-everywhere", { cookies: other.cookies });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.headers["clear-site-data"]).toBe('"cache"');
  });
});

describe("closing", () => {
  it("closes a keep-alive connection whose answer was still being sent when the close began, once the answer is done", async () => {
    const closing = await createTestApp();
    const big = Buffer.alloc(32 * 1024 * 1024, 7);
    await closing.app.storage.put("dragons/big/original.bin", big, "application/octet-stream", {
      ownerId: null,
      isPublic: true,
    });
    await closing.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = closing.app.server.address() as net.AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    // A slow download: the answer's headers have come, its body waits for the reader.
    const answer = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: "127.0.0.1", port, path: "/objects/dragons/big/original.bin", agent }, resolve),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.connection).toBe("keep-alive");
    answer.pause();
    const socketClosed = new Promise((resolve) => answer.socket.once("close", resolve));
    // The close begins while the answer is under way: the connection is not idle then.
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    let received = 0;
    for await (const chunk of answer) received += (chunk as Buffer).length;
    expect(received).toBe(big.length);
    // Not closed once idle, the connection would be kept for the keep-alive timeout (72 s), and
    // the close would wait for it, past this test's own timeout.
    await socketClosed;
    await closed;
    agent.destroy();
  }, 20_000);
});
