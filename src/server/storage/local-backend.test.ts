import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalBlobBackend, UploadRejected } from "./local-backend";
import { createTestApp, type TestApp } from "../test/test-app";
import { users } from "../db/schema";
import { expectListsInKeyOrder } from "../test/blob-listing";

describe("LocalBlobBackend", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-local-"));
  const backend = new LocalBlobBackend(dir);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes, stats, reads (whole and ranged) and deletes", async () => {
    await backend.put("a/b.txt", Buffer.from("hello dragons"), "text/plain");
    const info = await backend.stat("a/b.txt");
    expect(info?.size).toBe(13);
    expect((await readAll(await backend.read("a/b.txt"))).toString()).toBe("hello dragons");
    expect((await readAll(await backend.read("a/b.txt", { start: 6, end: 12 }))).toString()).toBe("dragons");
    await backend.delete("a/b.txt");
    expect(await backend.stat("a/b.txt")).toBeNull();
    await expect(backend.delete("a/b.txt")).resolves.toBeUndefined();
  });

  it("lists keys under a prefix in key order, each with when it was last written", async () => {
    await expectListsInKeyOrder(backend);
    // Byte order, as S3 lists keys: "-" sorts before "/".
    await backend.put("listing/b-d", Buffer.from("x"), "text/plain");
    expect((await backend.list("listing/", { after: "listing/b", limit: 2 })).map((blob) => blob.key)).toEqual([
      "listing/b-d",
      "listing/c/d",
    ]);
    const past = new Date("2026-01-02T03:04:05Z");
    fs.utimesSync(path.join(dir, "objects", "listing", "a"), past, past);
    expect((await backend.list("listing/", { limit: 1 }))[0]).toEqual({ key: "listing/a", lastModified: past });
  });

  it("refuses keys that could leave its root", async () => {
    for (const key of ["../x", "/etc/passwd", "a/../../b", "a\\b", "a/./b", ""]) {
      await expect(backend.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid storage key/);
    }
    for (const folder of ["../", "a/../", "/", "uploads"])
      await expect(backend.list(folder, { limit: 1 })).rejects.toThrow(/Invalid storage (key|folder)/);
  });

  it("keeps its signing key across instances, so URLs survive a restart", async () => {
    const upload = await backend.createUploadUrl({
      key: "uploads/k1",
      contentTypes: ["image/png"],
      maxBytes: 10,
      expiresInSeconds: 60,
    });
    const query = new URL(upload.url, "http://x").searchParams;
    const again = new LocalBlobBackend(dir);
    expect(again.verifyUpload(query.get("grant")!, query.get("sig")!).key).toBe("uploads/k1");
  });

  it("rejects tampered and expired grants", async () => {
    const upload = await backend.createUploadUrl({
      key: "uploads/k2",
      contentTypes: ["image/png"],
      maxBytes: 10,
      expiresInSeconds: 60,
    });
    const query = new URL(upload.url, "http://x").searchParams;
    const grant = query.get("grant")!;
    const forged = Buffer.from(
      JSON.stringify({ key: "uploads/k2", contentTypes: ["image/png"], maxBytes: 1e9, expiresAt: Date.now() + 6e4 }),
    ).toString("base64url");
    expect(() => backend.verifyUpload(forged, query.get("sig")!)).toThrow(UploadRejected);
    expect(() => backend.verifyUpload(grant, undefined)).toThrow("Missing upload signature");
    expect(() => backend.verifyUpload(grant, query.get("sig")!, Date.now() + 61_000)).toThrow("Request has expired");
  });
});

describe("PUT to a signed local upload URL", () => {
  let t: TestApp;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const [owner] = await t.database.db.insert(users).values({ email: "up@example.com" }).returning({ id: users.id });
    ownerId = owner!.id;
  });
  afterAll(() => t.close());

  const newUpload = (maxBytes = 1000) =>
    t.app.storage.createUpload({ ownerId, contentTypes: ["image/png", "image/jpeg"], maxBytes });

  it("stores the body once, privately, with its size and type", async () => {
    const upload = await newUpload();
    expect(upload.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    const body = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(592, 1)]);
    const res = await t.app.inject({
      method: "PUT",
      url: upload.url,
      headers: { "content-type": "image/png" },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.app.storage.get(upload.key);
    expect(stored).toMatchObject({ ownerId, isPublic: false, contentType: "image/png" });
    expect((await t.app.storage.stat(upload.key))?.size).toBe(600);

    const again = await t.app.inject({
      method: "PUT",
      url: upload.url,
      headers: { "content-type": "image/png" },
      payload: body,
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a body over the signed size, leaving nothing behind", async () => {
    const upload = await newUpload(100);
    const res = await t.app.inject({
      method: "PUT",
      url: upload.url,
      headers: { "content-type": "image/png" },
      payload: Buffer.alloc(101),
    });
    expect(res.statusCode).toBe(413);
    expect(await t.app.storage.stat(upload.key)).toBeNull();
  });

  it("refuses a streamed body that grows past the limit without a Content-Length", async () => {
    const upload = await newUpload(100);
    const res = await t.app.inject({
      method: "PUT",
      url: upload.url,
      headers: { "content-type": "image/png" },
      payload: Readable.from([Buffer.alloc(60), Buffer.alloc(60)]),
    });
    expect(res.statusCode).toBe(413);
    expect(await t.app.storage.stat(upload.key)).toBeNull();
  });

  it("refuses a file whose bytes are not the image type it claims, leaving nothing behind", async () => {
    const upload = await newUpload();
    const res = await t.app.inject({
      method: "PUT",
      url: upload.url,
      headers: { "content-type": "image/png" },
      payload: Buffer.from("<html>not a picture</html>"),
    });
    expect(res.statusCode).toBe(415);
    expect(res.body).toBe("The file is not the image it claims to be");
    expect(await t.app.storage.stat(upload.key)).toBeNull();
  });

  it("refuses a content type the URL was not signed for", async () => {
    const upload = await newUpload();
    const res = await t.app.inject({
      method: "PUT",
      url: upload.url,
      headers: { "content-type": "text/html" },
      payload: "<p>hi</p>",
    });
    expect(res.statusCode).toBe(415);
  });

  it("refuses a forged signature", async () => {
    const upload = await newUpload();
    const res = await t.app.inject({
      method: "PUT",
      url: upload.url.replace(/sig=[^&]+/, "sig=abc"),
      headers: { "content-type": "image/png" },
      payload: "x",
    });
    expect(res.statusCode).toBe(403);
  });
});
