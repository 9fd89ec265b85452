import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dragons, waitlist, worksInProgress } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { checkedUpload, createSignedInUser, storedUpload, type TestUser } from "../../test/users";
import { KEPT_BY_POST } from "../../../shared/uploads";
import { illustrationPng, pngBomb } from "../../test/images";
import { testClient, type TestClient } from "../../test/api-client";
import { createLibrary } from "../../templates/library";
import { createDragonsRepository } from "../../templates/repository";
import { imageWorkProcess } from "../../images/image-work-process";

let t: TestApp;
let api: TestClient;
let admin: TestUser;
let otherAdmin: TestUser;
let user: TestUser;
let picture: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  admin = await createSignedInUser(t, { isAdmin: true });
  otherAdmin = await createSignedInUser(t, { isAdmin: true });
  user = await createSignedInUser(t);
  picture = await illustrationPng();
});
afterAll(() => t.close());

async function createDragon(name: string, image = picture, as = admin) {
  const imageUrl = await storedUpload(t, as.id, image);
  return api.call("POST /api/dragons", { cookies: as.cookies, body: { name, imageUrl, filename: "dragon.png" } });
}

const get = (url: string, cookies?: Record<string, string>) => t.app.inject({ method: "GET", url, cookies });

describe("POST /api/dragons", () => {
  it("makes a hi-res PNG and WebP previews from an admin's upload, served publicly", async () => {
    const res = await createDragon("  Ember  ");
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const dragon = (await api.call("GET /api/dragons/:id", { params: { id } })).json();
    expect(dragon).toMatchObject({
      id,
      name: "Ember",
      width: 1200,
      height: 900,
      pencilPreviewUrl: null,
      pencilHiresUrl: null,
    });
    expect(dragon.previewUrl).toBe(`/objects/dragons/${id}/preview.webp`);
    expect(dragon.hiresUrl).toBe(`/objects/dragons/${id}/hires.png`);

    const hires = await get(dragon.hiresUrl);
    expect(hires.statusCode).toBe(200);
    expect(hires.headers["content-type"]).toBe("image/png");
    expect(await sharp(hires.rawPayload).metadata()).toMatchObject({ format: "png", width: 1200, height: 900 });
    const preview = await sharp((await get(dragon.previewUrl)).rawPayload).metadata();
    expect(preview).toMatchObject({ format: "webp", width: 800, height: 600 });
    const small = await sharp((await get(dragon.previewSmallUrl!)).rawPayload).metadata();
    expect(small).toMatchObject({ format: "webp", width: 400, height: 300 });
    // Its outline version (decision 073), in the same proportions, one grey channel.
    expect(dragon.outlineHiresUrl).toBe(`/objects/dragons/${id}/outline-hires.png`);
    const outline = await get(dragon.outlineHiresUrl!);
    expect(outline.headers["content-type"]).toBe("image/png");
    expect(await sharp(outline.rawPayload).metadata()).toMatchObject({ width: 1200, height: 900, channels: 1 });
    const outlinePreview = await sharp((await get(dragon.outlinePreviewUrl!)).rawPayload).metadata();
    expect(outlinePreview).toMatchObject({ format: "webp", width: 800, height: 600 });
  });

  it("applies EXIF orientation and strips metadata", async () => {
    const rotated = await sharp(await illustrationPng(300, 200))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: "Secret Person" } } })
      .toBuffer();
    const res = await createDragon("Turned", rotated);
    const dragon = (await api.call("GET /api/dragons/:id", { params: { id: res.json().id } })).json();
    expect(dragon).toMatchObject({ width: 200, height: 300 });
    const hires = await sharp((await get(dragon.hiresUrl)).rawPayload).metadata();
    expect(hires.exif).toBeUndefined();
    expect(hires.orientation).toBeUndefined();
  });

  it("caps the long side at 8192 px", async () => {
    const wide = await sharp({ create: { width: 9000, height: 600, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    const res = await createDragon("Long", wide);
    expect((await api.call("GET /api/dragons/:id", { params: { id: res.json().id } })).json()).toMatchObject({
      width: 8192,
      height: 546,
    });
  });

  it.each([
    [
      "a text file renamed .png",
      () => Buffer.from("this is not an image at all, just words"),
      /not an image we can read/,
    ],
    ["a truncated PNG", async () => (await illustrationPng()).subarray(0, 4000), /damaged or incomplete/],
    ["a 20000×20000 PNG bomb", async () => pngBomb(), /more than 100 megapixels/],
    [
      "a 60 MB file",
      async () => Buffer.concat([await illustrationPng(), Buffer.alloc(60 * 1024 * 1024)]),
      /larger than 50 MB/,
    ],
  ])("refuses %s with a clear 400 and stores nothing", async (_label, make, message) => {
    const before = (await t.database.db.select().from(dragons)).length;
    const res = await createDragon("Bad", await make());
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
    expect(await t.database.db.select().from(dragons)).toHaveLength(before);
    const objects = fs.readdirSync(path.join(t.dataDir, "objects", "dragons"));
    expect(objects).toHaveLength(before);
  });

  it("validates the name and the image path", async () => {
    const imageUrl = await storedUpload(t, admin.id, picture);
    for (const payload of [
      { name: "   ", imageUrl },
      { name: "x".repeat(81), imageUrl },
      { name: "Ok", imageUrl: "/etc/passwd" },
      { name: "Ok" },
    ]) {
      // Bodies the contract refuses, sent on purpose.
      const res = await api.call("POST /api/dragons", { cookies: admin.cookies, payload });
      expect(res.statusCode).toBe(400);
    }
    const blank = await api.call("POST /api/dragons", { cookies: admin.cookies, body: { name: " ", imageUrl } });
    expect(blank.body).toContain("Please enter a dragon name");
  });

  it("refuses an upload someone else made, and one that does not exist", async () => {
    const theirs = await storedUpload(t, otherAdmin.id, picture);
    const res = await api.call("POST /api/dragons", {
      cookies: admin.cookies,
      body: { name: "Stolen", imageUrl: theirs },
    });
    expect(res.statusCode).toBe(403);
    const missing = await api.call("POST /api/dragons", {
      cookies: admin.cookies,
      body: { name: "Ghost", imageUrl: "/objects/uploads/00000000-0000-0000-0000-000000000000" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a post's original (409): making the template would delete it from under its post", async () => {
    const dragon = (await createDragon("Kept")).json() as { id: string };
    const original = await checkedUpload(t, admin, await illustrationPng(400, 300));
    const post = await api.call("POST /api/posts", {
      cookies: admin.cookies,
      body: { dragonId: dragon.id, description: "Mine", images: [original] },
    });
    expect(post.statusCode).toBe(201);
    const res = await api.call("POST /api/dragons", {
      cookies: admin.cookies,
      body: { name: "Again", imageUrl: original },
    });
    expect([res.statusCode, res.body]).toEqual([409, KEPT_BY_POST]);
    expect(await t.app.storage.get(original.slice("/objects/".length))).not.toBeNull();
  });

  it("is for admins only: 401 for visitors, 403 for users", async () => {
    const imageUrl = await storedUpload(t, user.id, picture);
    const visitor = await api.call("POST /api/dragons", { body: { name: "X", imageUrl } });
    const member = await api.call("POST /api/dragons", { cookies: user.cookies, body: { name: "X", imageUrl } });
    expect(visitor.statusCode).toBe(401);
    expect(member.statusCode).toBe(403);
    expect(member.body).toBe("Admin access required");
  });
});

describe("GET /api/dragons", () => {
  it("lists templates newest first, for everyone", async () => {
    const first = (await createDragon("Older")).json().id;
    const second = (await createDragon("Newer")).json().id;
    for (const cookies of [undefined, user.cookies, admin.cookies]) {
      const list = (await api.call("GET /api/dragons", { cookies })).json();
      const ids = list.map((d) => d.id);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    }
  });

  it("marks the library public, so a shared device's service worker may keep it for offline use", async () => {
    const id = (await createDragon("Kept")).json().id;
    for (const cookies of [undefined, user.cookies]) {
      expect((await api.call("GET /api/dragons", { cookies })).headers["cache-control"]).toBe("public, no-cache");
      expect((await api.call("GET /api/dragons/:id", { params: { id }, cookies })).headers["cache-control"]).toBe(
        "public, no-cache",
      );
    }
  });

  it("answers a missing dragon with 404 and a message", async () => {
    const res = await api.call("GET /api/dragons/:id", { params: { id: "00000000-0000-4000-8000-000000000000" } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe("Dragon not found");
    expect((await api.call("GET /api/dragons/:id", { params: { id: "not-a-uuid" } })).statusCode).toBe(400);
  });

  it("writes the dragon's name and preview into the page's head tags", async () => {
    const id = (await createDragon("Sapphire <Wyrm>")).json().id;
    const page = await get(`/dragon/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Sapphire &lt;Wyrm&gt; · Dragon Grid</title>");
    expect(page.body).toContain(
      `property="og:image" content="http://dragongrid.test/objects/dragons/${id}/preview.webp"`,
    );
  });

  it("answers 404 for a dragon page or canvas that names no dragon", async () => {
    for (const url of [
      "/dragon/00000000-0000-4000-8000-000000000000",
      "/draw/00000000-0000-4000-8000-000000000000",
      "/dragon/not-a-dragon",
      "/draw/%00",
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
    }
  });
});

describe("POST /api/dragons/generate-pencil", () => {
  it("makes a grey-scale pencil hi-res and preview for admins", async () => {
    const id = (await createDragon("Sketchy")).json().id;
    expect((await api.call("POST /api/dragons/generate-pencil", { body: { dragonId: id } })).statusCode).toBe(401);
    expect(
      (await api.call("POST /api/dragons/generate-pencil", { cookies: user.cookies, body: { dragonId: id } }))
        .statusCode,
    ).toBe(403);
    const res = await api.call("POST /api/dragons/generate-pencil", { cookies: admin.cookies, body: { dragonId: id } });
    expect(res.statusCode).toBe(200);
    const dragon = (await api.call("GET /api/dragons/:id", { params: { id } })).json();
    expect(dragon.pencilHiresUrl).toBe(`/objects/dragons/${id}/pencil-hires.png`);
    const pencil = await sharp((await get(dragon.pencilHiresUrl!)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(pencil.info).toMatchObject({ width: 1200, height: 900 });
    // Grey-scale: in every pixel the channels agree.
    const { data, info } = pencil;
    for (let i = 0; i < data.length; i += info.channels * 97)
      if (info.channels >= 3) expect(new Set([data[i], data[i + 1], data[i + 2]]).size).toBe(1);
    expect((await get(dragon.pencilPreviewUrl!)).headers["content-type"]).toBe("image/webp");
  });

  it("answers 404 for a missing dragon", async () => {
    const res = await api.call("POST /api/dragons/generate-pencil", {
      cookies: admin.cookies,
      body: { dragonId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("a template's level (decision 072)", () => {
  it("is measured when the template is added, and an admin may choose another", async () => {
    const { id } = (await createDragon("Leveled")).json();
    const measured = (await api.call("GET /api/dragons/:id", { params: { id } })).json();
    expect(measured.level).toBeGreaterThanOrEqual(1);
    expect(measured.level).toBeLessThanOrEqual(5);
    expect(measured.levelChosen).toBe(false);
    expect(measured.attribution).toBeNull();

    const chosen = measured.level === 5 ? 1 : 5;
    const res = await api.call("PUT /api/dragons/:id/level", {
      cookies: admin.cookies,
      params: { id },
      body: { level: chosen },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, level: chosen, levelChosen: true });
    const listed = (await api.call("GET /api/dragons")).json().find((dragon) => dragon.id === id);
    expect(listed).toMatchObject({ level: chosen, levelChosen: true });

    // null: back to the measured level.
    const back = await api.call("PUT /api/dragons/:id/level", {
      cookies: admin.cookies,
      params: { id },
      body: { level: null },
    });
    expect(back.json()).toMatchObject({ level: measured.level, levelChosen: false });
  });

  it("accepts only a whole level from 1 to 5, for a template that exists", async () => {
    const { id } = (await createDragon("Picky")).json();
    for (const level of [0, 6, 2.5, "3", true]) {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/dragons/${id}/level`,
        cookies: admin.cookies,
        payload: { level },
      });
      expect(res.statusCode, String(level)).toBe(400);
    }
    const missing = await api.call("PUT /api/dragons/:id/level", {
      cookies: admin.cookies,
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: { level: 2 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("gets its outline drawn later when it was added before outlines were", async () => {
    const { id } = (await createDragon("Unoutlined")).json();
    const { outlineHiresUrl } = (await api.call("GET /api/dragons/:id", { params: { id } })).json();
    const drawn = (await get(outlineHiresUrl!)).rawPayload;
    await t.database.db
      .update(dragons)
      .set({ outlineHiresKey: null, outlinePreviewKey: null })
      .where(eq(dragons.id, id));
    await t.app.storage.delete(`dragons/${id}/outline-hires.png`);
    const library = createLibrary(createDragonsRepository(t.database.db), t.app.storage);
    expect((await library.get(id))?.outlineHiresUrl).toBeNull();
    // In the image work process, as the serving process's upkeep draws them, a few at a time.
    const work = imageWorkProcess();
    try {
      let after = null;
      for (;;) {
        const done = await library.makeMissingOutlines(1, after, (file) => work.renderOutline(file));
        expect(done.failed).toBe(0);
        if (done.rows === 0) break;
        after = done.last;
      }
    } finally {
      await work.close();
    }
    expect((await library.get(id))?.outlineHiresUrl).toBe(outlineHiresUrl);
    expect((await get(outlineHiresUrl!)).rawPayload.equals(drawn)).toBe(true);
  });

  it("is measured later for templates added before levels were", async () => {
    const { id } = (await createDragon("Older")).json();
    const { level } = (await api.call("GET /api/dragons/:id", { params: { id } })).json();
    await t.database.db.update(dragons).set({ measuredLevel: null });
    const library = createLibrary(createDragonsRepository(t.database.db), t.app.storage);
    expect((await library.get(id))?.level).toBeNull();
    let measured = 0;
    for (let count = await library.measureMissingLevels(2); count > 0; count = await library.measureMissingLevels(2))
      measured += count;
    expect(measured).toBeGreaterThan(0);
    expect((await library.get(id))?.level).toBe(level);
    // The same in the image work process, as the serving process's upkeep measures.
    await t.database.db.update(dragons).set({ measuredLevel: null });
    const work = imageWorkProcess();
    try {
      while ((await library.measureMissingLevels(4, (file) => work.measureLevel(file))) > 0);
    } finally {
      await work.close();
    }
    expect((await library.get(id))?.level).toBe(level);
  });
});

describe("DELETE /api/dragons/:id", () => {
  it("removes the dragon, its works in progress and every stored image; admins only", async () => {
    const id = (await createDragon("Doomed")).json().id;
    await api.call("POST /api/dragons/generate-pencil", { cookies: admin.cookies, body: { dragonId: id } });
    await t.database.db.insert(worksInProgress).values({
      userId: user.id,
      dragonId: id,
      paperWidth: 11,
      paperHeight: 8.5,
      gridSize: 1,
      imageZoom: 1,
      imageX: 0,
      imageY: 0,
    });

    expect((await api.call("DELETE /api/dragons/:id", { params: { id } })).statusCode).toBe(401);
    expect((await api.call("DELETE /api/dragons/:id", { params: { id }, cookies: user.cookies })).statusCode).toBe(403);
    const res = await api.call("DELETE /api/dragons/:id", { params: { id }, cookies: admin.cookies });
    expect(res.statusCode).toBe(200);

    expect((await api.call("GET /api/dragons/:id", { params: { id } })).statusCode).toBe(404);
    expect((await api.call("GET /api/dragons")).json().some((d) => d.id === id)).toBe(false);
    expect(fs.existsSync(path.join(t.dataDir, "objects", "dragons", id))).toBe(false);
    for (const file of ["hires.png", "preview.webp", "preview-small.webp", "pencil-hires.png", "pencil-preview.webp"]) {
      expect((await get(`/objects/dragons/${id}/${file}`)).statusCode).toBe(404);
    }
    expect((await t.database.db.select().from(worksInProgress)).filter((w) => w.dragonId === id)).toHaveLength(0);
    expect((await api.call("DELETE /api/dragons/:id", { params: { id }, cookies: admin.cookies })).statusCode).toBe(
      404,
    );
  });
});

describe("POST /api/waitlist", () => {
  it("stores an e-mail once; joining twice is still a success", async () => {
    for (const email of ["Pro@Example.com", "pro@example.com"]) {
      const res = await api.call("POST /api/waitlist", { body: { email }, remoteAddress: "10.1.1.1" });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.database.db.select().from(waitlist);
    expect(rows.map((r) => r.email)).toEqual(["pro@example.com"]);
  });

  it("validates the e-mail", async () => {
    for (const payload of [{}, { email: "" }, { email: "nope" }]) {
      // Bodies the contract refuses, sent on purpose.
      const res = await api.call("POST /api/waitlist", { payload, remoteAddress: "10.1.1.2" });
      expect(res.statusCode).toBe(400);
    }
  });

  it("is rate-limited per address", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await api.call("POST /api/waitlist", { body: { email: `w${i}@example.com` }, remoteAddress: "10.1.1.3" }))
          .statusCode,
      );
    expect(codes.at(-1)).toBe(429);
  });
});

describe("sample templates", () => {
  it("loads the bundled samples with pencil versions into a new installation, once", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-samples-"));
    // The second takes longer (two are made at a time): the manifest's order must hold anyway.
    fs.writeFileSync(path.join(dir, "a.png"), await illustrationPng(400, 300));
    fs.writeFileSync(path.join(dir, "b.png"), await illustrationPng(1800, 2400));
    fs.writeFileSync(
      path.join(dir, "samples.json"),
      JSON.stringify([
        { file: "a.png", name: "First Sample" },
        { file: "b.png", name: "Second Sample" },
      ]),
    );
    const seeded = await createTestApp({ SEED_SAMPLES: "true", SAMPLES_DIR: dir });
    try {
      const list = (await testClient(seeded.app).call("GET /api/dragons")).json();
      expect(list.map((d) => d.name)).toEqual(["First Sample", "Second Sample"]);
      expect(list.every((d) => d.pencilHiresUrl && d.pencilPreviewUrl)).toBe(true);

      expect(list.every((d) => d.level !== null && d.level >= 1 && d.level <= 5)).toBe(true);
      // Their outlines are left to the library's upkeep (after the server answers).
      expect(list.every((d) => d.outlineHiresUrl === null)).toBe(true);

      // Once done, seeding never runs again on this database, even with the library emptied.
      await seeded.database.db.delete(dragons);
      const { seedSamples } = await import("./seed-samples");
      expect(await seedSamples(seeded.database.db, {} as never, dir, seeded.app.log)).toBe(0);

      // A batch added to the manifest later is loaded once, with its attribution.
      fs.writeFileSync(
        path.join(dir, "samples.json"),
        JSON.stringify([
          { file: "a.png", name: "First Sample" },
          { file: "b.png", name: "Second Sample" },
          { file: "a.png", name: "Later Sample", attribution: "Drawn by A. Artist, CC BY 4.0.", batch: 2 },
        ]),
      );
      const library = createLibrary(createDragonsRepository(seeded.database.db), seeded.app.storage);
      // Made in the image work process, as the serving process's upkeep does; a sample whose
      // making fails is let go, and the next start loads it.
      const failing = () => Promise.reject(new Error("the image work process stopped (SIGKILL)"));
      await expect(seedSamples(seeded.database.db, library, dir, seeded.app.log, { make: failing })).rejects.toThrow(
        "SIGKILL",
      );
      const work = imageWorkProcess();
      try {
        const make = work.makeTemplate.bind(work);
        expect(await seedSamples(seeded.database.db, library, dir, seeded.app.log, { make })).toBe(1);
        expect(await seedSamples(seeded.database.db, library, dir, seeded.app.log, { make })).toBe(0);
      } finally {
        await work.close();
      }
      const [later] = await library.list();
      expect(later).toMatchObject({ name: "Later Sample", attribution: "Drawn by A. Artist, CC BY 4.0." });
      expect(later!.pencilHiresUrl).toBeTruthy();
      expect(later!.outlineHiresUrl).toBeTruthy();
      expect(later!.level).toBeGreaterThanOrEqual(1);
    } finally {
      await seeded.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
