import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dragons, drawingChecks, storedObjects, users, worksInProgress } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { checkedUpload, createSignedInUser, type TestUser } from "../../test/users";
import { illustrationPng } from "../../test/images";
import { newSession } from "../../test/accounts";
import { startImagesApi } from "../../test/images-api";
import type { Dragon } from "../../../shared/dragons/responses";
import { PRO_REQUIRED } from "../../../shared/pro";
import { testClient, type TestClient } from "../../test/api-client";
import type { CallInput } from "../../../shared/contract/calls";

// Pro members' own pictures (decision 031) with PRO=granted: who may add, see, change and delete
// them, what others (admins included) get, and where a picture must never show.
let imagesApi: Awaited<ReturnType<typeof startImagesApi>>;
let t: TestApp;
let api: TestClient;
let owner: TestUser;
let otherPro: TestUser;
let member: TestUser;
let admin: TestUser;
let photo: Buffer;

/** Set the person's Pro flag (the admin page's grant is tested in features/users) and sign them in afresh. */
async function setPro(user: TestUser, pro = true) {
  await t.database.db.update(users).set({ proGranted: pro }).where(eq(users.id, user.id));
  user.cookies = await newSession(t, user.id);
}

beforeAll(async () => {
  imagesApi = await startImagesApi(await illustrationPng(256, 192));
  t = await createTestApp({
    PRO: "granted",
    PRO_AI_PER_DAY: "2",
    UPLOAD_QUOTA_MB: "4",
    IMAGE_API_URL: imagesApi.baseUrl,
    IMAGE_API_KEY: "sk-test",
    IMAGE_TIMEOUT_MS: "1500",
  });
  api = testClient(t.app);
  owner = await createSignedInUser(t);
  otherPro = await createSignedInUser(t);
  member = await createSignedInUser(t);
  admin = await createSignedInUser(t, { isAdmin: true });
  await setPro(owner);
  await setPro(otherPro);
  photo = await sharp(await illustrationPng(600, 400))
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: "Secret Person" } } })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await imagesApi.close();
});

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, as: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, cookies: as?.cookies, ...(payload ? { payload } : {}) });

async function addPicture(as: TestUser, name = "My cat", pencil = false) {
  const imageUrl = await checkedUpload(t, as, photo, "image/jpeg");
  return api.call("POST /api/pictures", { cookies: as.cookies, body: { name, imageUrl, filename: "cat.jpg", pencil } });
}

describe("adding a picture", () => {
  it("makes a private template from a Pro member's upload, its files theirs alone, the upload gone", async () => {
    const res = await addPicture(owner, "  Whiskers  ", true);
    expect(res.statusCode).toBe(201);
    const picture = res.json();
    expect(picture).toMatchObject({ name: "Whiskers", isPrivate: true, width: 600, height: 400 });
    expect(picture.hiresUrl).toBe(`/objects/pictures/${picture.id}/hires.png`);
    expect(picture.pencilHiresUrl).toBe(`/objects/pictures/${picture.id}/pencil-hires.png`);

    for (const url of [
      picture.hiresUrl,
      picture.previewUrl,
      picture.previewSmallUrl!,
      picture.pencilHiresUrl!,
      picture.pencilPreviewUrl!,
      picture.outlineHiresUrl!,
      picture.outlinePreviewUrl!,
    ]) {
      const mine = await send("GET", url, owner);
      expect(mine.statusCode, url).toBe(200);
      expect(mine.headers["cache-control"]).toBe("private, no-cache");
      // Not to anyone else: a visitor, a member, another Pro member, an admin.
      for (const other of [null, member, otherPro, admin]) {
        const refused = await send("GET", url, other);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.headers["cache-control"]).toBe("private, no-cache");
      }
    }
    // The copy keeps no metadata of the photo.
    expect((await sharp((await send("GET", picture.hiresUrl, owner)).rawPayload).metadata()).exif).toBeUndefined();
    // The upload it was made from is gone; the new files count as the owner's.
    const objects = await t.database.db.select().from(storedObjects).where(eq(storedObjects.ownerId, owner.id));
    expect(objects.every((object) => object.key.startsWith(`pictures/${picture.id}/`) && !object.isPublic)).toBe(true);
    expect(objects).toHaveLength(7);
  });

  it("needs Pro: 401 for a visitor, 403 for a member without it, and the upload is kept", async () => {
    const imageUrl = await checkedUpload(t, member, photo, "image/jpeg");
    expect((await api.call("POST /api/pictures", { body: { name: "X", imageUrl } })).statusCode).toBe(401);
    const refused = await api.call("POST /api/pictures", { cookies: member.cookies, body: { name: "X", imageUrl } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(PRO_REQUIRED);
    expect((await send("GET", imageUrl, member)).statusCode).toBe(200);
  });

  it("takes only the caller's own upload", async () => {
    const imageUrl = await checkedUpload(t, member, photo, "image/jpeg");
    const res = await api.call("POST /api/pictures", { cookies: owner.cookies, body: { name: "Not mine", imageUrl } });
    expect(res.statusCode).toBe(403);
    expect(res.body).toBe("You can only use images you uploaded");
  });

  it("refuses what is not an image with the pipeline's clear message", async () => {
    const imageUrl = await checkedUpload(t, owner, photo, "image/jpeg");
    const key = imageUrl.slice("/objects/".length);
    await t.app.storage.put(key, Buffer.from("not an image at all"), "image/jpeg", {
      ownerId: owner.id,
      isPublic: false,
      checked: true,
    });
    const res = await api.call("POST /api/pictures", { cookies: owner.cookies, body: { name: "Broken", imageUrl } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/not an image we can read/);
  });

  it("counts towards the upload quota: past it, 413, nothing stored and the upload kept to try again", async () => {
    const heavy = await createSignedInUser(t);
    await setPro(heavy);
    // A 1 MB JPEG of noise whose hi-res PNG copy is about 5 MB: more than the 4 MB quota.
    const side = 1300;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const imageUrl = await checkedUpload(t, heavy, jpeg, "image/jpeg");
    const res = await api.call("POST /api/pictures", { cookies: heavy.cookies, body: { name: "Too big", imageUrl } });
    expect(res.statusCode).toBe(413);
    expect(res.body).toBe(
      "This picture would take you past your 4 MB of uploads. Delete some pictures, drawings or uploads to free space.",
    );
    expect(await t.database.db.select().from(dragons).where(eq(dragons.ownerId, heavy.id))).toEqual([]);
    expect(
      (await t.database.db.select().from(storedObjects).where(eq(storedObjects.ownerId, heavy.id))).map(
        (o) => `/objects/${o.key}`,
      ),
    ).toEqual([imageUrl]);
  });
});

describe("seeing a picture", () => {
  let picture: Dragon;
  beforeAll(async () => {
    picture = (await addPicture(owner, "Seen")).json();
  });

  it("GET /api/dragons/:id answers the owner privately and 404 to everyone else", async () => {
    const mine = await api.call("GET /api/dragons/:id", { params: { id: picture.id }, cookies: owner.cookies });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: picture.id, isPrivate: true });
    expect(mine.headers["cache-control"]).toBe("private, no-cache");
    for (const other of [null, member, otherPro, admin]) {
      const res = await api.call("GET /api/dragons/:id", { params: { id: picture.id }, cookies: other?.cookies });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe("Dragon not found");
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    }
  });

  it("is listed for its owner only, and never in the library, the sitemap or a page's head", async () => {
    expect((await api.call("GET /api/pictures", { cookies: owner.cookies })).json().map((d) => d.id)).toContain(
      picture.id,
    );
    // The owner's data export lists it; nobody else's does.
    expect(
      JSON.parse((await api.call("GET /api/account/export", { cookies: owner.cookies })).body).pictures,
    ).toContainEqual(expect.objectContaining({ id: picture.id, name: "Seen" }));
    expect((await api.call("GET /api/account/export", { cookies: otherPro.cookies })).body).not.toContain(picture.id);
    expect((await api.call("GET /api/pictures", { cookies: otherPro.cookies })).json()).toEqual([]);
    expect((await api.call("GET /api/pictures")).statusCode).toBe(401);
    for (const as of [null, owner, admin])
      expect((await api.call("GET /api/dragons", { cookies: as?.cookies })).body).not.toContain(picture.id);
    expect((await send("GET", "/sitemap.xml", null)).body).not.toContain(picture.id);
    // Its page: the not-found page to others; to the owner, a page whose head names nothing of it.
    for (const other of [null, member, admin])
      expect((await send("GET", `/dragon/${picture.id}`, other)).statusCode).toBe(404);
    const page = await send("GET", `/draw/${picture.id}`, owner);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.body).not.toContain("Seen");
  });

  it("keeps progress and checks for its owner only", async () => {
    const wip = {
      dragonId: picture.id,
      paperWidth: 11,
      paperHeight: 8.5,
      gridSize: 1,
      imageZoom: 1,
      imageX: 0,
      imageY: 0,
      currentCell: null,
    };
    expect((await api.call("POST /api/wip", { cookies: owner.cookies, body: wip })).statusCode).toBe(200);
    const other = await api.call("POST /api/wip", { cookies: otherPro.cookies, body: wip });
    expect(other.statusCode).toBe(404);
    const check: CallInput<"POST /api/checks/:dragonId">["body"] = {
      columns: 2,
      rows: 1,
      cells: [
        { label: "A1", status: "close", errorMm: 0.5 },
        { label: "B1", status: "off", errorMm: 4 },
      ],
    };
    const checked = await api.call("POST /api/checks/:dragonId", {
      params: { dragonId: picture.id },
      cookies: owner.cookies,
      body: check,
    });
    expect([200, 201]).toContain(checked.statusCode);
    expect(
      (
        await api.call("POST /api/checks/:dragonId", {
          params: { dragonId: picture.id },
          cookies: otherPro.cookies,
          body: check,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("changing a picture", () => {
  it("renames, makes the pencil version and deletes for the owner; 404 for anyone else", async () => {
    const picture = (await addPicture(owner, "Before")).json();
    for (const other of [member, otherPro, admin]) {
      expect(
        (
          await api.call("PUT /api/pictures/:id", {
            params: { id: picture.id },
            cookies: other.cookies,
            body: { name: "Taken" },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await api.call("POST /api/pictures/:id/pencil", { params: { id: picture.id }, cookies: other?.cookies }))
          .statusCode,
      ).toBe(404);
      expect(
        (await api.call("DELETE /api/pictures/:id", { params: { id: picture.id }, cookies: other?.cookies }))
          .statusCode,
      ).toBe(404);
      // Admins' library routes do not reach a picture either.
      expect(
        (await api.call("DELETE /api/dragons/:id", { params: { id: picture.id }, cookies: admin.cookies })).statusCode,
      ).toBe(404);
    }
    const renamed = await api.call("PUT /api/pictures/:id", {
      params: { id: picture.id },
      cookies: owner.cookies,
      body: { name: "  After  " },
    });
    expect(renamed.json()).toMatchObject({ name: "After" });
    expect(
      (
        await api.call("PUT /api/pictures/:id", {
          params: { id: picture.id },
          cookies: owner.cookies,
          body: { name: "" },
        })
      ).statusCode,
    ).toBe(400);
    const pencil = await api.call("POST /api/pictures/:id/pencil", {
      params: { id: picture.id },
      cookies: owner.cookies,
    });
    expect(pencil.statusCode).toBe(200);
    expect((await send("GET", pencil.json().pencilHiresUrl!, owner)).statusCode).toBe(200);

    await api.call("POST /api/wip", {
      cookies: owner.cookies,
      body: {
        dragonId: picture.id,
        paperWidth: 11,
        paperHeight: 8.5,
        gridSize: 1,
        imageZoom: 1,
        imageX: 0,
        imageY: 0,
        currentCell: "B2",
      },
    });
    const deleted = await api.call("DELETE /api/pictures/:id", { params: { id: picture.id }, cookies: owner.cookies });
    expect(deleted.json()).toEqual({ message: "Picture deleted" });
    expect(await t.database.db.select().from(worksInProgress).where(eq(worksInProgress.dragonId, picture.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(drawingChecks).where(eq(drawingChecks.dragonId, picture.id))).toEqual([]);
    expect(
      await t.database.db.select().from(storedObjects).where(eq(storedObjects.ownerId, owner.id)),
    ).not.toContainEqual(expect.objectContaining({ key: expect.stringContaining(picture.id) }));
    expect((await send("GET", picture.hiresUrl, owner)).statusCode).toBe(404);
    expect(
      (await api.call("GET /api/dragons/:id", { params: { id: picture.id }, cookies: owner.cookies })).statusCode,
    ).toBe(404);
  });

  it("stays its owner's to see and delete when their Pro ends, but they cannot add more", async () => {
    const lapsed = await createSignedInUser(t);
    await setPro(lapsed);
    const picture = (await addPicture(lapsed, "Kept")).json();
    await setPro(lapsed, false);
    expect(
      (await api.call("GET /api/dragons/:id", { params: { id: picture.id }, cookies: lapsed.cookies })).statusCode,
    ).toBe(200);
    expect((await addPicture(lapsed, "More")).statusCode).toBe(403);
    expect(
      (await api.call("DELETE /api/pictures/:id", { params: { id: picture.id }, cookies: lapsed.cookies })).statusCode,
    ).toBe(200);
  });
});

describe("a post drawn from a picture", () => {
  it("may be shared by its owner; the feed names no template, the owner's own list does", async () => {
    const picture = (await addPicture(owner, "Shared")).json();
    const images = [await checkedUpload(t, owner, await illustrationPng(400, 300))];
    const created = await api.call("POST /api/posts", {
      cookies: owner.cookies,
      body: {
        dragonId: picture.id,
        description: "Drawn from my own photo",
        images,
      },
    });
    expect(created.statusCode).toBe(201);
    const refused = await api.call("POST /api/posts", {
      cookies: otherPro.cookies,
      body: {
        dragonId: picture.id,
        description: "Not mine",
        images: [await checkedUpload(t, otherPro, await illustrationPng(400, 300))],
      },
    });
    expect(refused.statusCode).toBe(400);
    const feed = await api.call("GET /api/posts", { cookies: admin.cookies });
    expect(feed.body).toContain("Drawn from my own photo");
    expect(feed.body).not.toContain(picture.id);
    expect(feed.body).not.toContain("Shared");
    const mine = (await api.call("GET /api/posts/mine", { cookies: owner.cookies })).json() as {
      description: string;
      dragonId: string | null;
      dragonName: string | null;
    }[];
    expect(mine.find((post) => post.description === "Drawn from my own photo")).toMatchObject({
      dragonId: picture.id,
      dragonName: "Shared",
    });
  });
});

describe("a photo kept by a post or a drawing check", () => {
  it("cannot become a picture: the picture's job would delete it from under them", async () => {
    const picture = (await addPicture(owner, "Keeper")).json();
    const original = await checkedUpload(t, owner, await illustrationPng(400, 300));
    expect(
      (
        await api.call("POST /api/posts", {
          cookies: owner.cookies,
          body: {
            dragonId: picture.id,
            description: "Kept original",
            images: [original],
          },
        })
      ).statusCode,
    ).toBe(201);
    const check: CallInput<"POST /api/checks/:dragonId">["body"] = {
      columns: 1,
      rows: 1,
      cells: [{ label: "A1", status: "close", errorMm: 0.5 }],
    };
    const made = (
      await api.call("POST /api/checks/:dragonId", {
        params: { dragonId: picture.id },
        cookies: owner.cookies,
        body: check,
      })
    ).json();
    const kept = await checkedUpload(t, owner, await illustrationPng(400, 300));
    expect(
      (
        await api.call("PUT /api/checks/:dragonId/:checkId/photo", {
          params: { dragonId: picture.id, checkId: made.id },
          cookies: owner.cookies,
          body: { objectPath: kept },
        })
      ).statusCode,
    ).toBe(200);
    for (const [imageUrl, message] of [
      [original, "This photo is already part of a post"],
      [kept, "This photo is already kept with a drawing check"],
    ] as const) {
      const res = await api.call("POST /api/pictures", {
        cookies: owner.cookies,
        body: { name: "Again", imageUrl, filename: "again.png" },
      });
      expect([res.statusCode, res.body]).toEqual([409, message]);
      expect(await t.app.storage.get(imageUrl.slice("/objects/".length))).not.toBeNull();
    }
  });
});

describe("AI pictures", () => {
  it("are Pro's, PRO_AI_PER_DAY a day across restarts of the count, and saved as a picture", async () => {
    const refused = await api.call("POST /api/pictures/generate", {
      cookies: member.cookies,
      body: { prompt: "A cat" },
    });
    expect(refused.statusCode).toBe(403);
    const first = await api.call("POST /api/pictures/generate", {
      cookies: otherPro.cookies,
      body: { prompt: "A sleepy cat on a cushion" },
    });
    expect(first.statusCode).toBe(200);
    const { objectPath, filename } = first.json();
    expect(filename).toBe("ai-a-sleepy-cat-on-a-cushion.png");
    expect((await send("GET", objectPath, otherPro)).statusCode).toBe(200);
    expect((await send("GET", objectPath, admin)).statusCode).toBe(404);
    const saved = await api.call("POST /api/pictures", {
      cookies: otherPro.cookies,
      body: { name: "Sleepy", imageUrl: objectPath, filename },
    });
    expect(saved.json()).toMatchObject({ name: "Sleepy", isPrivate: true, width: 1024, height: 768 });

    expect(
      (await api.call("POST /api/pictures/generate", { cookies: otherPro.cookies, body: { prompt: "Another" } }))
        .statusCode,
    ).toBe(200);
    const third = await api.call("POST /api/pictures/generate", {
      cookies: otherPro.cookies,
      body: { prompt: "One too many" },
    });
    expect(third.statusCode).toBe(429);
    expect(third.body).toMatch(
      /^You have created 2 AI pictures today, the most for one day\. You can create more in (24|23) hours\.$/,
    );
  });

  it("say plainly when no image service is set", async () => {
    const bare = await createTestApp({ PRO: "everyone" });
    try {
      const pro = await createSignedInUser(bare);
      const res = await testClient(bare.app).call("POST /api/pictures/generate", {
        cookies: pro.cookies,
        body: { prompt: "A cat" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe("Image generation is not configured");
    } finally {
      await bare.close();
    }
  });
});

describe("with PRO=off", () => {
  it("nobody has Pro, admins included", async () => {
    const off = await createTestApp({ PRO: "off" });
    try {
      const someone = await createSignedInUser(off);
      await off.database.db.update(users).set({ proGranted: true }).where(eq(users.id, someone.id));
      const boss = await createSignedInUser(off, { isAdmin: true });
      for (const as of [someone, boss]) {
        expect((await testClient(off.app).call("GET /api/auth/user", { cookies: as.cookies })).json()).toMatchObject({
          pro: false,
        });
        const imageUrl = await checkedUpload(off, as, photo, "image/jpeg");
        expect(
          (await testClient(off.app).call("POST /api/pictures", { cookies: as.cookies, body: { name: "X", imageUrl } }))
            .statusCode,
        ).toBe(403);
      }
    } finally {
      await off.close();
    }
  });
});
