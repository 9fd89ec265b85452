import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, storedUpload, type TestUser } from "../../test/users";
import { startS3rver, type TestS3 } from "../../test/s3rver";
import sharp from "sharp";
import { illustrationPng, phonePhotoJpeg } from "../../test/images";
import { sendToUploadUrl } from "../../test/upload-url";
import { within } from "../../test/within";
import { testClient, type TestClient } from "../../test/api-client";

// The whole upload protocol on each storage kind: local disk (PUT to our server) and a real
// S3-compatible server (a presigned POST form straight to the bucket, its policy held as S3 does).
describe.each([
  ["local storage", false],
  ["S3-compatible storage (s3rver)", true],
])("upload protocol on %s", (_label, useS3) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let api: TestClient;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  /** An admin who publishes pictures (templates, blog pictures): only admins make uploads public. */
  let publisher: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    s3 = useS3 ? await startS3rver() : undefined;
    t = await createTestApp(s3?.env ?? {});
    api = testClient(t.app);
    owner = await createSignedInUser(t);
    other = await createSignedInUser(t);
    admin = await createSignedInUser(t, { isAdmin: true });
    publisher = await createSignedInUser(t, { isAdmin: true });
    png = await illustrationPng(300, 200);
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  /** Send a body to a signed URL: a PUT through our server, or a presigned POST form straight to the bucket. */
  const put = (
    grant: { uploadURL?: string; signedUrl?: string; fields?: Record<string, string>; url?: string },
    body: Buffer,
    contentType: string,
  ) =>
    sendToUploadUrl(
      t.app,
      { url: (grant.url ?? grant.uploadURL ?? grant.signedUrl)!, ...(grant.fields ? { fields: grant.fields } : {}) },
      body,
      contentType,
    );
  /** Bucket answers to a presigned POST: 204 when stored. */
  const STORED = useS3 ? 204 : 200;

  const askForUpload = (as: TestUser | null, payload?: object) =>
    api.call("POST /api/objects/upload", { cookies: as?.cookies, ...(payload ? { payload } : {}) });
  // Some cases send a visibility the contract refuses, on purpose.
  const setAcl = (as: TestUser | null, objectPath: string, visibility?: string) =>
    api.call("POST /api/objects/set-acl", { cookies: as?.cookies, payload: { objectPath, visibility } });
  const getObject = (as: TestUser | null, objectPath: string) =>
    t.app.inject({ method: "GET", url: objectPath, cookies: as?.cookies });

  it("reports the storage in use", async () => {
    expect((await api.call("GET /api/health")).json().storage).toBe(useS3 ? "s3" : "local");
  });

  it("gives signed-in users an upload URL (both variants); visitors get 401", async () => {
    expect((await askForUpload(null)).statusCode).toBe(401);
    const plain = await askForUpload(owner);
    expect(plain.statusCode).toBe(200);
    // The spec's fields; on S3 also the presigned POST's form fields.
    const form = useS3 ? ["fields"] : [];
    expect(Object.keys(plain.json()).sort()).toEqual([...form, "objectPath", "uploadURL"]);
    expect(plain.json().objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const blog = await askForUpload(owner, { filename: "cover.png", contentType: "image/png" });
    expect(Object.keys(blog.json()).sort()).toEqual([...form, "objectPath", "signedUrl"]);
    const bad = await askForUpload(owner, { filename: "x.svg", contentType: "image/svg+xml" });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps an upload private until its owner, an admin, sets the ACL; then anyone may read it", async () => {
    const grant = (await askForUpload(publisher)).json();
    const { objectPath } = grant;
    expect((await setAcl(publisher, objectPath)).statusCode).toBe(404); // nothing uploaded yet
    expect(await put(grant, png, "image/png")).toBe(STORED);

    expect((await getObject(null, objectPath)).statusCode).toBe(404);
    expect((await getObject(other, objectPath)).statusCode).toBe(404);
    const mine = await getObject(publisher, objectPath);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(png)).toBe(true);
    // Not even other admins: an upload as it arrived may carry a photo's GPS position.
    expect((await getObject(admin, objectPath)).statusCode).toBe(404);

    expect((await setAcl(other, objectPath)).statusCode).toBe(403);
    expect((await setAcl(null, objectPath)).statusCode).toBe(401);
    expect((await setAcl(publisher, "/objects/uploads/00000000-0000-0000-0000-000000000000")).statusCode).toBe(404);
    const shared = await setAcl(publisher, objectPath);
    expect(shared.statusCode).toBe(200);
    // The path to use from now on: the same on local disk, a copy no upload URL reaches on S3.
    const checkedPath: string = shared.json().objectPath;
    expect(checkedPath === objectPath).toBe(!useS3);
    const open = await getObject(null, checkedPath);
    expect(open.statusCode).toBe(200);
    expect(open.headers["content-type"]).toBe("image/png");
  });

  it("checks what it keeps: bytes sent again to the same upload URL after the check change nothing", async () => {
    const grant = (await askForUpload(owner)).json();
    const { objectPath } = grant;
    expect(await put(grant, png, "image/png")).toBe(STORED);
    const checked = await setAcl(owner, objectPath, "private");
    expect(checked.statusCode).toBe(200);
    const kept: string = checked.json().objectPath;
    // The same URL again, with something else: refused (local, single-use), or written where the
    // server no longer reads (S3, whose presigned POST works until it expires).
    const other = await illustrationPng(64, 64);
    const again = await put(grant, other, "image/png");
    if (useS3) {
      expect(again).toBe(204);
      expect(kept).not.toBe(objectPath);
      // The staging key is the server's no more: nobody reads it through the app.
      expect(await t.app.storage.get(objectPath.slice("/objects/".length))).toBeNull();
      expect((await getObject(owner, objectPath)).statusCode).toBe(404);
    } else {
      expect(again).toBe(409);
      expect(kept).toBe(objectPath);
    }
    const read = await getObject(owner, kept);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(png)).toBe(true);
    expect(await t.app.storage.get(kept.slice("/objects/".length))).toMatchObject({
      checked: true,
      ownerId: owner.id,
      contentType: "image/png",
    });
  });

  it("does not let a member publish their own upload: the site is no image host", async () => {
    const grant = (await askForUpload(owner)).json();
    const { objectPath } = grant;
    expect(await put(grant, png, "image/png")).toBe(STORED);
    for (const visibility of [undefined, "public"]) {
      const refused = await setAcl(owner, objectPath, visibility);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toBe(
        "Only admins can publish pictures. Your photos are shared through posts once approved.",
      );
    }
    for (const reader of [null, other]) expect((await getObject(reader, objectPath)).statusCode).toBe(404);
    expect(await t.app.storage.get(objectPath.slice("/objects/".length))).toMatchObject({
      checked: false,
      isPublic: false,
    });
    // Kept private, the same upload passes: a post publishes display versions of it once approved.
    expect((await setAcl(owner, objectPath, "private")).statusCode).toBe(200);
  });

  it("with visibility private (post photos, avatars), checks the upload and keeps it its owner's alone", async () => {
    const grant = (await askForUpload(owner)).json();
    const { objectPath } = grant;
    expect(await put(grant, png, "image/png")).toBe(STORED);
    expect((await setAcl(other, objectPath, "private")).statusCode).toBe(403);
    const checked = await setAcl(owner, objectPath, "private");
    expect(checked.statusCode).toBe(200);
    const checkedPath: string = checked.json().objectPath;
    expect(await t.app.storage.get(checkedPath.slice("/objects/".length))).toMatchObject({
      checked: true,
      isPublic: false,
      contentType: "image/png",
    });
    for (const reader of [null, other, admin]) expect((await getObject(reader, checkedPath)).statusCode).toBe(404);
    expect((await getObject(owner, checkedPath)).rawPayload.equals(png)).toBe(true);
    // The same checks as a public share: a file that is not an image is refused and deleted.
    const words = await storedUpload(t, owner.id, Buffer.from("not a picture at all"), "image/png");
    const refused = await setAcl(owner, words, "private");
    expect(refused.statusCode).toBe(415);
    expect(await t.app.storage.get(words.slice("/objects/".length))).toBeNull();
    // Anything but the two words is a 400 naming the field.
    const odd = await setAcl(owner, checkedPath, "secret");
    expect(odd.statusCode).toBe(400);
    expect(odd.body).toMatch(/^Invalid visibility: /);
  });

  it("shares a phone photo upright and without its metadata (GPS, camera); a plain picture as it is", async () => {
    const photo = await phonePhotoJpeg(600, 400);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const grant = (await askForUpload(publisher)).json();
    const { objectPath } = grant;
    expect(await put(grant, photo, "image/jpeg")).toBe(STORED);
    // Before set-acl only its owner reads it, as it arrived.
    expect((await getObject(publisher, objectPath)).rawPayload.equals(photo)).toBe(true);
    const checked = await setAcl(publisher, objectPath);
    expect(checked.statusCode).toBe(200);
    const shared = await getObject(null, checked.json().objectPath);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(shared.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(shared.rawPayload.includes(Buffer.from("PhoneCo"))).toBe(false);

    const plain = (await askForUpload(publisher)).json();
    await put(plain, png, "image/png");
    const plainChecked = await setAcl(publisher, plain.objectPath);
    expect(plainChecked.statusCode).toBe(200);
    expect((await getObject(null, plainChecked.json().objectPath)).rawPayload.equals(png)).toBe(true);
  });

  it("does not let an admin publish another user's upload, which may carry a photo's GPS position", async () => {
    const grant = (await askForUpload(owner)).json();
    const { objectPath } = grant;
    await put(grant, png, "image/png");
    const refused = await setAcl(admin, objectPath);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe("You can only share files you uploaded");
    expect((await getObject(null, objectPath)).statusCode).toBe(404);
  });

  it("gives a member at most 100 upload URLs a day, with a readable 429; admins are not counted", async () => {
    const member = await createSignedInUser(t);
    const codes: number[] = [];
    // From many addresses, as the per-address limit (60 a minute) is not what is tested.
    for (let i = 0; i < 101; i++) {
      const res = await api.call("POST /api/objects/upload", {
        cookies: member.cookies,
        remoteAddress: `10.77.${Math.floor(i / 50)}.${i % 50}`,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.body).toMatch(/^Too many attempts\. Please try again in [\d,]+ minutes\.$/);
    }
    expect(codes.slice(0, 100).every((code) => code === 200)).toBe(true);
    expect(codes[100]).toBe(429);
    for (let i = 0; i < 101; i++) {
      expect(
        (
          await api.call("POST /api/objects/upload", {
            cookies: admin.cookies,
            remoteAddress: `10.78.${Math.floor(i / 50)}.${i % 50}`,
          })
        ).statusCode,
      ).toBe(200);
    }
  });

  it("refuses a URL after it expires", async () => {
    const upload = await t.app.storage.createUpload({
      ownerId: owner.id,
      contentTypes: ["image/png"],
      maxBytes: 1e6,
      expiresInSeconds: 1,
    });
    await within(5_000, async () => Date.now() > upload.expiresAt.getTime());
    // The bucket refuses an expired form from its fields, before the file: s3rver then sometimes
    // closes the connection while the file is still on its way, which is a refusal too.
    const status = await put(upload, png, "image/png").catch((error: Error) => {
      if (useS3 && (error.cause as { code?: string } | undefined)?.code === "ECONNRESET") return "closed";
      throw error;
    });
    expect(useS3 ? [403, "closed"] : [403]).toContain(status);
    // Through our server, the grant is still waiting for its file: nothing arrived.
    if (!useS3) expect(await t.app.storage.awaitsUpload(upload.key)).toBe(true);
  });

  it("refuses a file that is not an image, by its bytes", async () => {
    const grant = (await askForUpload(owner)).json();
    const { objectPath } = grant;
    const text = Buffer.from("just some text pretending to be a picture");
    const status = await put(grant, text, "image/png");
    if (useS3) {
      // A presigned POST cannot look inside the file: set-acl does, and removes it.
      expect(status).toBe(204);
      const res = await setAcl(owner, objectPath, "private");
      expect(res.statusCode).toBe(415);
      expect(res.body).toBe("The file is not a PNG, JPEG, WebP or GIF image");
    } else {
      expect(status).toBe(415);
    }
    expect((await setAcl(owner, objectPath, "private")).statusCode).toBe(404);
  });

  it("refuses a file over 50 MB", async () => {
    const grant = (await askForUpload(owner)).json();
    const { objectPath } = grant;
    const big = Buffer.concat([png, Buffer.alloc(51 * 1024 * 1024)]);
    // Our PUT route cuts it off (413); the bucket holds the form to its policy's content-length-range,
    // answering 400 before it has read the body and closing the connection, so a sender still
    // writing the 51 MB may see the connection reset instead of the answer: both are a refusal.
    const refusal = await put(grant, big, "image/png").catch((error: Error & { cause?: { code?: string } }) => {
      if (useS3 && error.cause?.code === "ECONNRESET") return "connection reset";
      throw error;
    });
    expect(useS3 ? [400, "connection reset"] : [413]).toContain(refusal);
    expect(await t.app.storage.stat(objectPath.slice("/objects/".length))).toBeNull();
    expect((await setAcl(owner, objectPath, "private")).statusCode).toBe(404);
    // The same URL still takes the one file it was signed for.
    expect(await put(grant, png, "image/png")).toBe(STORED);
    expect((await setAcl(owner, objectPath, "private")).statusCode).toBe(200);
  });

  it("refuses a content type the URL was not signed for", async () => {
    const grant = (await askForUpload(owner, { filename: "a.png", contentType: "image/png" })).json();
    // Our server checks the header; S3 the form's Content-Type field against the signed policy.
    const claimingJpeg = useS3 ? { ...grant, fields: { ...grant.fields, "Content-Type": "image/jpeg" } } : grant;
    expect(await put(claimingJpeg, png, "image/jpeg")).toBe(useS3 ? 403 : 415);
  });
});
