import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { STRAY_MIN_AGE_MS, sweepStrayUploads } from "../../jobs/sweeps";
import { illustrationPng } from "../../test/images";
import { newCheck, newDragon } from "../../test/route-fixtures";
import { startS3rver, type TestS3 } from "../../test/s3rver";
import { createTestApp, type TestApp } from "../../test/test-app";
import { askForUploadUrl, sendToUploadUrl, type UploadGrant } from "../../test/upload-url";
import { createSignedInUser, type TestUser } from "../../test/users";
import { testClient, type TestClient } from "../../test/api-client";

// Every consumer of an upload, then the same upload URL sent again with other bytes. On local
// storage our PUT route refuses it. A presigned S3 POST cannot be refused until it expires: what
// it writes has no row, so no one reads it or counts it, and the sweep of stray uploads removes it.
describe.each([
  ["local storage", false],
  ["S3-compatible storage (s3rver)", true],
])("an upload URL works once on %s", (_label, useS3) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let api: TestClient;
  let member: TestUser;
  let admin: TestUser;
  let png: Buffer;
  let replayed: Buffer;
  let dragonId: string;

  beforeAll(async () => {
    s3 = useS3 ? await startS3rver() : undefined;
    t = await createTestApp({ ...s3?.env, PRO: "granted" });
    api = testClient(t.app);
    member = await createSignedInUser(t);
    await t.database.db.update(users).set({ proGranted: true }).where(eq(users.id, member.id));
    admin = await createSignedInUser(t, { isAdmin: true });
    png = await illustrationPng(300, 200);
    replayed = await illustrationPng(64, 64);
    dragonId = await newDragon(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  /** An upload URL, its file sent, and set-acl's answer: the path to use from then on. */
  async function uploaded(
    as: TestUser,
    visibility: "private" | "public" = "private",
    body?: { filename: string; contentType: string },
  ): Promise<{ grant: UploadGrant; checked: string }> {
    const grant = await askForUploadUrl(t.app, as.cookies, body);
    expect(await sendToUploadUrl(t.app, grant, png, "image/png")).toBeLessThan(300);
    const acl = await api.call("POST /api/objects/set-acl", {
      cookies: as.cookies,
      body: { objectPath: grant.objectPath, visibility },
    });
    expect(acl.statusCode).toBe(200);
    return { grant, checked: acl.json().objectPath };
  }

  /** Send other bytes to a consumed upload's URL: refused, or left without a row until the sweep removes them. */
  async function replayGoesNowhere(grant: UploadGrant, owner: TestUser): Promise<void> {
    const key = grant.objectPath.slice("/objects/".length);
    const before = await t.app.storage.stat(key);
    const status = await sendToUploadUrl(t.app, grant, replayed, "image/png");
    if (!useS3) {
      expect(status).toBe(409);
      expect((await t.app.storage.stat(key))?.size).toBe(before?.size);
      return;
    }
    // The bucket takes it (a presigned POST works until it expires)...
    expect(status).toBeLessThan(300);
    expect((await t.app.storage.stat(key))?.size).toBe(replayed.length);
    // ...under no row: nobody reads it, no feature takes it in, no quota counts it...
    expect(await t.app.storage.get(key)).toBeNull();
    expect((await t.app.inject({ method: "GET", url: grant.objectPath, cookies: owner.cookies })).statusCode).toBe(404);
    expect(
      (
        await api.call("POST /api/objects/set-acl", {
          cookies: owner.cookies,
          body: { objectPath: grant.objectPath, visibility: "private" },
        })
      ).statusCode,
    ).toBe(404);
    // ...and the sweep of stray uploads removes it once it is an hour old. It goes on from where
    // its last run stopped: the rest of the listing, its empty end, then all of it from the start.
    const later = new Date(Date.now() + STRAY_MIN_AGE_MS + 60_000);
    for (let run = 0; run < 3; run++) await sweepStrayUploads(t.database.db, t.app.storage.backend, later);
    expect(await t.app.storage.stat(key)).toBeNull();
  }

  it("after set-acl", async () => {
    const { grant } = await uploaded(member);
    await replayGoesNowhere(grant, member);
  });

  it("after an avatar is made from it", async () => {
    const { grant, checked } = await uploaded(member);
    expect(
      (await api.call("PUT /api/account/avatar", { cookies: member.cookies, body: { objectPath: checked } }))
        .statusCode,
    ).toBe(200);
    await replayGoesNowhere(grant, member);
  });

  it("after a Pro member's new picture is made from it", async () => {
    const { grant, checked } = await uploaded(member);
    expect(
      (await api.call("POST /api/pictures", { cookies: member.cookies, body: { name: "My cat", imageUrl: checked } }))
        .statusCode,
    ).toBe(201);
    await replayGoesNowhere(grant, member);
  });

  it("after a post holds it as a photo", async () => {
    const { grant, checked } = await uploaded(member);
    expect(
      (
        await api.call("POST /api/posts", {
          cookies: member.cookies,
          body: { dragonId, description: "My dragon", images: [checked] },
        })
      ).statusCode,
    ).toBe(201);
    await replayGoesNowhere(grant, member);
  });

  it("after a drawing check keeps it as its photo", async () => {
    const { grant, checked } = await uploaded(member);
    const checkId = await newCheck(t, member, dragonId);
    expect(
      (
        await api.call("PUT /api/checks/:dragonId/:checkId/photo", {
          params: { dragonId, checkId },
          cookies: member.cookies,
          body: { objectPath: checked },
        })
      ).statusCode,
    ).toBe(200);
    await replayGoesNowhere(grant, member);
  });

  it("after an admin's template is made from it, straight from the upload", async () => {
    const grant = await askForUploadUrl(t.app, admin.cookies);
    expect(await sendToUploadUrl(t.app, grant, png, "image/png")).toBeLessThan(300);
    expect(
      (
        await api.call("POST /api/dragons", {
          cookies: admin.cookies,
          body: { name: "Ember", imageUrl: grant.objectPath },
        })
      ).statusCode,
    ).toBe(201);
    await replayGoesNowhere(grant, admin);
  });

  it("after a blog picture is published", async () => {
    const { grant, checked } = await uploaded(admin, "public", { filename: "cover.png", contentType: "image/png" });
    expect((await t.app.inject({ method: "GET", url: checked })).rawPayload.equals(png)).toBe(true);
    await replayGoesNowhere(grant, admin);
  });
});
