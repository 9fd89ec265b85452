import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { canRead } from "../../storage/object-storage";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let ownerId: string;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);

async function rawGet(pathAsIs: string): Promise<{ status: number; body: string }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathAsIs }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const [owner] = await t.database.db.insert(users).values({ email: "owner@example.com" }).returning({ id: users.id });
  ownerId = owner!.id;
  await t.app.storage.put("dragons/d1/preview.webp", png, "image/webp", { ownerId, isPublic: true });
  await t.app.storage.put("uploads/secret", png, "image/png", { ownerId, isPublic: false });
});
afterAll(() => t.close());

describe("GET /objects/*", () => {
  it("serves a public object with its type, ETag, caching and length", async () => {
    const res = await t.app.inject({ method: "GET", url: "/objects/dragons/d1/preview.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it("answers If-None-Match with 304", async () => {
    const first = await t.app.inject({ method: "GET", url: "/objects/dragons/d1/preview.webp" });
    const res = await t.app.inject({
      method: "GET",
      url: "/objects/dragons/d1/preview.webp",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe("");
  });

  it("serves byte ranges with 206 and refuses impossible ones with 416", async () => {
    const part = await t.app.inject({
      method: "GET",
      url: "/objects/dragons/d1/preview.webp",
      headers: { range: "bytes=0-7" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-7/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(0, 8))).toBe(true);

    const tail = await t.app.inject({
      method: "GET",
      url: "/objects/dragons/d1/preview.webp",
      headers: { range: "bytes=-5" },
    });
    expect(tail.rawPayload.equals(png.subarray(png.length - 5))).toBe(true);

    const bad = await t.app.inject({
      method: "GET",
      url: "/objects/dragons/d1/preview.webp",
      headers: { range: `bytes=${png.length}-` },
    });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers["content-range"]).toBe(`bytes */${png.length}`);
  });

  it("does not serve a private object to a visitor, and says no more than for a missing one", async () => {
    const secret = await t.app.inject({ method: "GET", url: "/objects/uploads/secret" });
    const missing = await t.app.inject({ method: "GET", url: "/objects/uploads/none" });
    expect(secret.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(secret.body).toBe(missing.body);
  });

  it.each([
    "/objects/../../etc/passwd",
    "/objects/..%2F..%2Fetc%2Fpasswd",
    "/objects/%2e%2e/%2e%2e/etc/passwd",
    "/objects/dragons/%252e%252e/x",
    "/objects/dragons/..",
    "/objects/dragons//x",
    "/objects/dragons\\..\\x",
  ])("refuses the escaping path %s with 400", async (url) => {
    // Over a real socket with the path sent as-is (inject and fetch would normalise "..").
    const res = await rawGet(url);
    expect(res.status).toBe(400);
    expect(res.body).toBe("Invalid object path");
  });
});

describe("GET /objects/* serves data, never a page", () => {
  // A PNG that is also an HTML page: the bytes start like a PNG (so an upload's check passes) and
  // go on with markup that would run as a page if a browser ever rendered it as one.
  const polyglot = Buffer.concat([
    png.subarray(0, 8),
    Buffer.from("<html><body><script>window.__pwned=1</script><svg onload=alert(1)></svg></body></html>"),
  ]);

  it("serves a PNG/HTML polyglot as an image that may run nothing: its proven type, nosniff, a sandboxing CSP", async () => {
    await t.app.storage.put("uploads/polyglot", polyglot, "image/png", { ownerId, isPublic: true });
    const res = await t.app.inject({ method: "GET", url: "/objects/uploads/polyglot" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  });

  it("sends anything not stored as a checked image type as an opaque attachment", async () => {
    for (const [key, type] of [
      ["uploads/page", "text/html"],
      ["uploads/drawing", "image/svg+xml"],
      ["uploads/unknown", "application/x-unknown"],
    ] as const) {
      await t.app.storage.put(key, polyglot, type, { ownerId, isPublic: true });
      const res = await t.app.inject({ method: "GET", url: `/objects/${key}` });
      expect(res.statusCode, key).toBe(200);
      expect(res.headers["content-type"], key).toBe("application/octet-stream");
      expect(res.headers["content-disposition"], key).toBe(`attachment; filename="${key.split("/")[1]}"`);
      expect(res.headers["content-security-policy"], key).toBe("default-src 'none'; sandbox");
    }
  });

  it("answers ?download with an attachment named safely", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/objects/dragons/d1/preview.webp" });
    expect(plain.headers["content-disposition"]).toBeUndefined();
    const named = await t.app.inject({
      method: "GET",
      url: `/objects/dragons/d1/preview.webp?download=${encodeURIComponent('Fire "Dragon"\r\n/../x.webp')}`,
    });
    expect(named.headers["content-type"]).toBe("image/webp");
    expect(named.headers["content-disposition"]).toBe('attachment; filename="Fire -Dragon-..-x.webp"');
    const bare = await t.app.inject({ method: "GET", url: "/objects/dragons/d1/preview.webp?download" });
    expect(bare.headers["content-disposition"]).toBe('attachment; filename="preview.webp"');
    // An image is saved under its own type's extension, not as the page a link asked for.
    for (const [asked, saved] of [
      ["invoice.html", "invoice.webp"],
      ["x.svg", "x.webp"],
      ["no-extension", "no-extension.webp"],
      ["a.WEBP", "a.WEBP"],
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/objects/dragons/d1/preview.webp?download=${asked}` });
      expect(res.headers["content-disposition"], asked).toBe(`attachment; filename="${saved}"`);
    }
  });
});

describe("canRead", () => {
  const object = { key: "posts/p1/0.webp", ownerId: "u1", isPublic: false };
  it("lets the owner and admins read a private object, and nobody else", () => {
    expect(canRead(object, { id: "u1", isAdmin: false })).toBe(true);
    expect(canRead(object, { id: "u2", isAdmin: true })).toBe(true);
    expect(canRead(object, { id: "u2", isAdmin: false })).toBe(false);
    expect(canRead(object, null)).toBe(false);
    expect(canRead({ ...object, ownerId: null }, { id: "u2", isAdmin: false })).toBe(false);
  });
  it("lets only its owner read a private upload as it arrived, admins not", () => {
    const upload = { key: "uploads/a1", ownerId: "u1", isPublic: false };
    expect(canRead(upload, { id: "u1", isAdmin: false })).toBe(true);
    expect(canRead(upload, { id: "u1", isAdmin: true })).toBe(true);
    expect(canRead(upload, { id: "u2", isAdmin: true })).toBe(false);
  });
  it("lets anyone read a public object", () => {
    expect(canRead({ key: "uploads/a1", ownerId: "u1", isPublic: true }, null)).toBe(true);
  });
});
