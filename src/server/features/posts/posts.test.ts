import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { comments, dragons, likes, postImages, posts, storedObjects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, createSignedInUsers, checkedUpload, storedUpload, type TestUser } from "../../test/users";
import { illustrationPng, phonePhotoJpeg, pngBomb } from "../../test/images";
import { MY_POSTS_PAGE_SIZE, maskEmail } from "../../../shared/posts";
import type { Post } from "../../../shared/posts/responses";
import { createPostsRepository } from "./repository";
import { testClient, type TestClient } from "../../test/api-client";
import type { CallInput } from "../../../shared/contract/calls";

let t: TestApp;
let api: TestClient;
let admin: TestUser;
let viewer: TestUser;
let dragonId: string;
let small: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  admin = await createSignedInUser(t, { isAdmin: true });
  viewer = await createSignedInUser(t);
  const [dragon] = await t.database.db
    .insert(dragons)
    .values({ name: "Ember", previewKey: "dragons/x/preview.webp", hiresKey: "dragons/x/hires.png" })
    .returning();
  dragonId = dragon!.id;
  small = await illustrationPng(300, 200);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const MISSING = "00000000-0000-4000-8000-000000000000";

type Cookies = Record<string, string> | undefined;
const get = (url: string, cookies?: Cookies) => t.app.inject({ method: "GET", url, cookies });
type FeedQuery = CallInput<"GET /api/posts">["query"];
const feed = async (cookies: Cookies, query?: FeedQuery) => {
  const res = await api.call("GET /api/posts", { query, cookies });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** A post made through the API from `images` fresh shared uploads; answers its id. */
async function createPost(
  author: TestUser,
  options: { images?: Buffer[]; description?: string } = {},
): Promise<string> {
  const images = [];
  for (const image of options.images ?? [small]) images.push(await checkedUpload(t, author, image));
  const res = await api.call("POST /api/posts", {
    cookies: author.cookies,
    body: {
      dragonId,
      description: options.description ?? "My dragon",
      images,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function approve(id: string) {
  expect((await api.call("PUT /api/posts/:id/approve", { params: { id }, cookies: admin.cookies })).statusCode).toBe(
    200,
  );
}

/** What a refused request must leave unchanged: every feed row, and every stored post image. */
async function feedState() {
  const count = async (table: typeof posts | typeof postImages | typeof likes | typeof comments) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const postObjects = await t.database.db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(like(storedObjects.key, "posts/%"));
  const dir = path.join(t.dataDir, "objects", "posts");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
  return {
    posts: await count(posts),
    postImages: await count(postImages),
    likes: await count(likes),
    comments: await count(comments),
    postObjects: postObjects.length,
    files,
  };
}

const objectRow = async (objectPath: string) =>
  (
    await t.database.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.key, objectPath.slice("/objects/".length)))
  )[0];

/**
 * Let time pass for this process's cached feed pages: by default long enough that they are
 * rebuilt before they are sent; a shorter time leaves them aged but still sendable.
 */
function letCacheExpire(ms = 120_000) {
  // Only Date is faked, and it stands still until the next call: nothing expires in between.
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

describe("POST /api/posts", () => {
  it("stores a pending post with its photos in the order given, as WebP display versions and thumbnails", async () => {
    const author = await createSignedInUser(t);
    const wide = await illustrationPng(2000, 1000);
    const tall = await illustrationPng(300, 600);
    const square = await illustrationPng(500, 500);
    const id = await createPost(author, { images: [wide, tall, square], description: "  Three views  " });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [mine] = (await api.call("GET /api/posts/mine", { cookies: author.cookies })).json();
    expect(mine).toMatchObject({
      id,
      approved: false,
      description: "Three views",
      dragonId,
      dragonName: "Ember",
      likes: [],
      comments: [],
    });
    expect(mine!.user).toMatchObject({ id: author.id, email: author.email, firstName: "Test" });
    expect(mine!.images.map(({ order, width, height }) => ({ order, width, height }))).toEqual([
      { order: 0, width: 1600, height: 800 },
      { order: 1, width: 300, height: 600 },
      { order: 2, width: 500, height: 500 },
    ]);
    expect(mine!.images[0]).toMatchObject({
      imageUrl: `/objects/posts/${id}/0.webp`,
      thumbUrl: `/objects/posts/${id}/0-thumb.webp`,
    });
    const display = await get(mine!.images[0]!.imageUrl, author.cookies);
    expect(display.headers["content-type"]).toBe("image/webp");
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1600, height: 800 });
    const thumb = await get(mine!.images[0]!.thumbUrl, author.cookies);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: "webp", width: 400, height: 200 });
    // Pending: not in the feed of anyone but admins.
    expect((await feed(viewer.cookies)).some((p) => p.id === id)).toBe(false);
    expect((await feed(admin.cookies)).find((p) => p.id === id)).toMatchObject({ approved: false });
  });

  it("serves a phone photo upright with no EXIF at all: no GPS, no camera, no orientation", async () => {
    const author = await createSignedInUser(t);
    const photo = await phonePhotoJpeg(600, 400);
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ width: 600, height: 400, orientation: 6 });
    // The original really carries a GPS IFD (tag 0x8825) and the camera's make.
    expect(
      original.exif!.includes(Buffer.from([0x25, 0x88])) || original.exif!.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true);
    expect(original.exif!.includes(Buffer.from("PhoneCo"))).toBe(true);

    const id = await createPost(author, { images: [photo] });
    await approve(id);
    const image = (await feed(viewer.cookies)).find((p) => p.id === id)!.images[0]!;
    expect(image).toMatchObject({ width: 400, height: 600 });
    for (const url of [image.imageUrl, image.thumbUrl]) {
      const served = await get(url, viewer.cookies);
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    const display = await sharp((await get(image.imageUrl, viewer.cookies)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(display.info).toMatchObject({ width: 400, height: 600 });
    // Upright: the stored top-left (red) quarter is now the top-right one.
    const pixel = (x: number, y: number) => [
      ...display.data.subarray(
        (y * display.info.width + x) * display.info.channels,
        (y * display.info.width + x) * display.info.channels + 3,
      ),
    ];
    const [r1, , b1] = pixel(390, 10);
    const [r2, , b2] = pixel(10, 10);
    expect(r1! > 150 && b1! < 100).toBe(true);
    expect(b2! > 150 && r2! < 100).toBe(true);
  });

  it("keeps the originals private: only their owner reads them, before and after posting, and they cannot be used again", async () => {
    const author = await createSignedInUser(t);
    const objectPath = await checkedUpload(t, author, small);
    // Checked by set-acl as the upload page asks (private), and no one else's to see.
    for (const reader of [undefined, viewer.cookies, admin.cookies])
      expect((await get(objectPath, reader)).statusCode).toBe(404);
    expect((await get(objectPath, author.cookies)).statusCode).toBe(200);
    const res = await api.call("POST /api/posts", {
      cookies: author.cookies,
      body: { dragonId, images: [objectPath] },
    });
    expect(res.statusCode).toBe(201);
    await approve(res.json().id);
    expect(await objectRow(objectPath)).toMatchObject({ ownerId: author.id, checked: false, isPublic: false });
    for (const reader of [undefined, viewer.cookies, admin.cookies])
      expect((await get(objectPath, reader)).statusCode).toBe(404);
    expect((await get(objectPath, author.cookies)).statusCode).toBe(200);
    // The feed never names the original.
    expect((await api.call("GET /api/posts", { cookies: viewer.cookies })).body).not.toContain(objectPath);
    // And an upload makes one post only: it cannot be checked (or made public) again, nor posted.
    for (const visibility of ["private", "public"] as const) {
      const recheck = await api.call("POST /api/objects/set-acl", {
        cookies: author.cookies,
        body: { objectPath, visibility },
      });
      expect(recheck.statusCode).toBe(409);
      expect(recheck.body).toBe("This photo is already part of a post");
    }
    const again = await api.call("POST /api/posts", {
      cookies: author.cookies,
      body: { dragonId, images: [objectPath] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toMatch(/^Invalid images/);
    expect(await objectRow(objectPath)).toMatchObject({ ownerId: author.id, checked: false, isPublic: false });
  });

  it("is for signed-in users only", async () => {
    const objectPath = await checkedUpload(t, viewer, small);
    const before = await feedState();
    const res = await api.call("POST /api/posts", { body: { dragonId, images: [objectPath] } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe("Unauthorized");
    expect(await feedState()).toEqual(before);
  });

  it("answers who may call before what was sent: 401 for visitors, 403 for non-admins, whatever the payload", async () => {
    const visitor = [
      // An empty body the contract refuses, sent on purpose.
      await api.call("POST /api/posts", { payload: {} }),
      await api.call("POST /api/posts", { body: { dragonId: "x", images: [] } }),
      await api.call("GET /api/posts", { query: { before: "not-an-id" } }),
      await api.call("GET /api/posts/mine", { query: { before: "not-an-id" } }),
      await api.call("POST /api/posts/:id/like", { params: { id: "not-an-id" } }),
      await api.call("POST /api/posts/:id/comment", { params: { id: MISSING }, body: { text: "" } }),
      await api.call("POST /api/posts/:id/comment", { params: { id: "not-an-id" }, body: { text: "Hi" } }),
      await api.call("PUT /api/posts/:id/approve", { params: { id: "not-an-id" } }),
      await api.call("DELETE /api/posts/:id", { params: { id: "not-an-id" } }),
      await api.call("DELETE /api/posts/:id/comments/:commentId", { params: { id: MISSING, commentId: "not-an-id" } }),
    ];
    for (const res of visitor) expect([res.statusCode, res.body]).toEqual([401, "Unauthorized"]);
    const user = await api.call("PUT /api/posts/:id/approve", { params: { id: "not-an-id" }, cookies: viewer.cookies });
    expect(user.statusCode).toBe(403);
  });

  it("refuses each invalid field with a 400 naming it, storing nothing", async () => {
    const author = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const mine = await checkedUpload(t, author, small);
    const theirs = await checkedUpload(t, other, small);
    const privateUpload = await storedUpload(t, author.id, small);
    const six = await Promise.all(Array.from({ length: 6 }, () => checkedUpload(t, author, small)));
    const cases: [object, RegExp][] = [
      [{ images: [mine] }, /^Invalid dragonId: /],
      [{ dragonId: "ember", images: [mine] }, /^Invalid dragonId: Please select a dragon/],
      [{ dragonId: MISSING, images: [mine] }, /^Invalid dragonId: Dragon not found/],
      [
        { dragonId, images: [mine], description: "x".repeat(501) },
        /^Invalid description: Descriptions can be at most 500 characters/,
      ],
      [{ dragonId, images: [mine], description: 42 }, /^Invalid description: /],
      [{ dragonId }, /^Invalid images: /],
      [{ dragonId, images: [] }, /^Invalid images: Please upload at least one image/],
      [{ dragonId, images: six }, /^Invalid images: At most 5 images/],
      [{ dragonId, images: [mine, mine] }, /^Invalid images: Each image can be used once/],
      [{ dragonId, images: ["/etc/passwd"] }, /^Invalid images\.0: must be the objectPath of an upload/],
      [{ dragonId, images: [mine, "/objects/dragons/x/hires.png"] }, /^Invalid images\.1: /],
      [{ dragonId, images: [theirs] }, /^Invalid images: image 1 is not an uploaded image of yours/],
      [{ dragonId, images: [mine, privateUpload] }, /^Invalid images: image 2 is not an uploaded image of yours/],
      [{ dragonId, images: [`/objects/uploads/${crypto.randomUUID()}`] }, /^Invalid images: image 1 /],
    ];
    for (const [payload, message] of cases) {
      const before = await feedState();
      // Bodies the contract refuses, sent on purpose.
      const res = await api.call("POST /api/posts", { cookies: author.cookies, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatch(message);
      expect(await feedState()).toEqual(before);
    }
    // Nothing was touched: the good upload is still checked, private, and can be posted.
    expect(await objectRow(mine)).toMatchObject({ checked: true, isPublic: false });
    expect(
      (
        await api.call("POST /api/posts", {
          cookies: author.cookies,
          body: {
            dragonId,
            images: [mine],
            description: `${" ".repeat(20)}${"y".repeat(500)} `,
          },
        })
      ).statusCode,
    ).toBe(201);
  });

  it.each([
    [
      "a file that is not an image",
      async () =>
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("just words")]),
      /^Invalid images: This file is not an image we can read/,
    ],
    ["a decompression bomb", async () => pngBomb(), /^Invalid images: The image has more than 100 megapixels/],
    [
      "a photo of 48 megapixels",
      async () => pngBomb(8000, 6000),
      /^Invalid images: Photos can be at most 40 megapixels \(this one has 48\)\. Please use a smaller photo\.$/,
    ],
    [
      "a truncated PNG",
      async () => (await illustrationPng()).subarray(0, 4000),
      /^Invalid images: The image file is damaged or incomplete/,
    ],
  ])("refuses %s, even after a good photo was processed, and cleans up everything", async (_label, make, message) => {
    const author = await createSignedInUser(t);
    const good = await checkedUpload(t, author, await illustrationPng(400, 300));
    // PNG magic bytes pass set-acl's sniffing; the pipeline reads further.
    const bad = await checkedUpload(t, author, await make());
    const before = await feedState();
    const res = await api.call("POST /api/posts", { cookies: author.cookies, body: { dragonId, images: [good, bad] } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
    expect(await feedState()).toEqual(before);
    expect(await objectRow(good)).toMatchObject({ checked: true, isPublic: false });
  });

  it("allows 10 posts an hour per user, then answers 429 with a readable message", async () => {
    const author = await createSignedInUser(t);
    // A post refused for a damaged photo counts too: its photos were read and decoded all the same.
    const damaged = await api.call("POST /api/posts", {
      cookies: author.cookies,
      body: {
        dragonId,
        images: [await checkedUpload(t, author, (await illustrationPng()).subarray(0, 4000))],
      },
    });
    expect(damaged.statusCode).toBe(400);
    for (let i = 0; i < 9; i++) await createPost(author);
    const objectPath = await checkedUpload(t, author, small);
    const before = await feedState();
    const res = await api.call("POST /api/posts", {
      cookies: author.cookies,
      body: { dragonId, images: [objectPath] },
    });
    expect(res.statusCode).toBe(429);
    expect(res.body).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await feedState()).toEqual(before);
    // Another user is not held back.
    await createPost(await createSignedInUser(t));
  });
});

describe("GET /api/posts", () => {
  it("is for signed-in users only", async () => {
    const res = await api.call("GET /api/posts");
    expect(res.statusCode).toBe(401);
    expect((await api.call("GET /api/posts/mine")).statusCode).toBe(401);
  });

  it("shows approved posts to users, all to admins, newest first, comments oldest first", async () => {
    const author = await createSignedInUser(t);
    const older = await createPost(author, { description: "older" });
    const newer = await createPost(author, { description: "newer" });
    const pending = await createPost(author, { description: "pending" });
    await approve(older);
    await approve(newer);
    for (const text of ["first", "second", "third"])
      expect(
        (
          await api.call("POST /api/posts/:id/comment", {
            params: { id: newer },
            cookies: viewer.cookies,
            body: { text },
          })
        ).statusCode,
      ).toBe(201);

    const seen = await feed(viewer.cookies);
    const ids = seen.map((p) => p.id);
    expect(ids).not.toContain(pending);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(seen.every((p) => p.approved)).toBe(true);
    expect(seen.find((p) => p.id === newer)!.comments.map((c) => c.text)).toEqual(["first", "second", "third"]);

    const all = await feed(admin.cookies);
    expect(all.map((p) => p.id).slice(0, 3)).toEqual([pending, newer, older]);
    expect(all[0]).toMatchObject({ approved: false, description: "pending" });
    // Every post is its answer's shape; dates are ISO strings, newest first.
    for (const p of all)
      expect(Object.keys(p).sort()).toEqual([
        "approved",
        "comments",
        "createdAt",
        "description",
        "dragonId",
        "dragonName",
        "hiddenReason",
        "id",
        "images",
        "likes",
        "rejectedReason",
        "user",
      ]);
    const times = all.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("masks every e-mail for non-admins, authors and commenters alike; admins get full addresses", async () => {
    const author = await createSignedInUser(t, { email: `author-${crypto.randomUUID()}@example.org` });
    const commenter = await createSignedInUser(t, { email: `commenter-${crypto.randomUUID()}@example.net` });
    const id = await createPost(author);
    await approve(id);
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id },
          cookies: commenter.cookies,
          body: { text: "Lovely scales" },
        })
      ).statusCode,
    ).toBe(201);

    for (const who of [viewer, author, commenter]) {
      const res = await api.call("GET /api/posts", { cookies: who.cookies });
      expect(res.body).not.toContain(author.email);
      expect(res.body).not.toContain(commenter.email);
      const shown = res.json().find((p) => p.id === id)!;
      expect(shown.user.email).toBe(maskEmail(author.email));
      expect(shown.user.email).toMatch(/^a•••@example\.org$/);
      expect(shown.comments[0]!.user.email).toBe(maskEmail(commenter.email));
    }
    const shown = (await feed(admin.cookies)).find((p) => p.id === id)!;
    expect(shown.user.email).toBe(author.email);
    expect(shown.comments[0]!.user.email).toBe(commenter.email);
  });

  it("pages 20 at a time, newest first; ?before= gives the next older page, even among equal times", async () => {
    const other = await createSignedInUser(t);
    // A day ago: older than every post the later tests make, so they stay on the first page.
    const sameTime = new Date(Date.now() - 86_400_000);
    const rows = await t.database.db
      .insert(posts)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          userId: other.id,
          dragonId,
          description: `page ${i}`,
          approved: true,
          createdAt: i < 30 ? sameTime : new Date(sameTime.getTime() - i * 1000),
        })),
      )
      .returning({ id: posts.id });
    letCacheExpire();

    const seen: string[] = [];
    let page = await feed(viewer.cookies);
    expect(page).toHaveLength(20);
    while (page.length) {
      seen.push(...page.map((p) => p.id));
      expect(page.length).toBeLessThanOrEqual(20);
      page = await feed(viewer.cookies, { before: page.at(-1)!.id });
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const row of rows) expect(seen).toContain(row.id);
    const expected = (
      await t.database.db
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.approved, true))
        .orderBy(sql`created_at desc, id desc`)
    ).map((r) => r.id);
    expect(seen).toEqual(expected);

    expect(await feed(viewer.cookies, { before: MISSING })).toEqual([]);
    const bad = await api.call("GET /api/posts", { query: { before: "yesterday" }, cookies: viewer.cookies });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe("Invalid before: before must be a post id");
    const badTime = await api.call("GET /api/posts", {
      query: { before: MISSING, at: "yesterday" },
      cookies: viewer.cookies,
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toBe("Invalid at: at must be a post's createdAt");
  });

  it("keeps the place when the post a reader's next page starts after was deleted meanwhile", async () => {
    letCacheExpire();
    const first = await feed(viewer.cookies);
    const last = first.at(-1)!;
    const cursor = { before: last.id, at: last.createdAt };
    const next = await feed(viewer.cookies, cursor);
    expect(next.length).toBeGreaterThan(0);
    await t.database.db.delete(posts).where(eq(posts.id, last.id));
    letCacheExpire();
    // Its time keeps the place...
    expect((await feed(viewer.cookies, cursor)).map((p) => p.id)).toEqual(next.map((p) => p.id));
    expect((await api.call("GET /api/posts/mine", { query: cursor, cookies: viewer.cookies })).statusCode).toBe(200);
    // ...without it the page is empty, as for any unknown post.
    expect(await feed(viewer.cookies, { before: last.id })).toEqual([]);
  });

  it("answers a cursor it did not hand out with the posts older than it, read afresh each time", async () => {
    letCacheExpire();
    const cursor = (p: Post): FeedQuery => ({ before: p.id, at: p.createdAt });
    const first = await feed(viewer.cookies);
    const handedOut = first.at(-1)!;
    const second = await feed(viewer.cookies, cursor(handedOut));
    // A made-up cursor into the middle of the feed: a post inside the second page.
    const middle = second[5]!;
    const fromMiddle = await feed(viewer.cookies, cursor(middle));
    // The 20 posts after `middle`, as the database orders them now.
    const olderThanMiddle = async () => {
      const order = (
        await t.database.db
          .select({ id: posts.id })
          .from(posts)
          .where(eq(posts.approved, true))
          .orderBy(sql`created_at desc, id desc`)
      ).map((r) => r.id);
      return order.slice(order.indexOf(middle.id) + 1, order.indexOf(middle.id) + 21);
    };
    expect(fromMiddle.map((p) => p.id)).toEqual(await olderThanMiddle());
    // Where the two overlap, the same posts as the kept page, likes, comments and masking alike.
    expect(fromMiddle.slice(0, second.length - 6)).toEqual(second.slice(6));

    // Another process adds a post just older than `middle`: the kept second page shows it only
    // once its time is up; the made-up cursor's page, never kept, at once.
    const author = await createSignedInUser(t);
    const [sneaked] = await t.database.db
      .insert(posts)
      .values({
        userId: author.id,
        dragonId,
        description: "from elsewhere",
        approved: true,
        createdAt: new Date(Date.parse(middle.createdAt) - 1),
      })
      .returning();
    expect((await feed(viewer.cookies, cursor(handedOut))).map((p) => p.id)).toEqual(second.map((p) => p.id));
    const again = (await feed(viewer.cookies, cursor(middle))).map((p) => p.id);
    expect(again).toContain(sneaked!.id);
    expect(again).toEqual(await olderThanMiddle());
  });

  it("shows another process's changes within moments, and this process's own at once", async () => {
    const author = await createSignedInUser(t);
    letCacheExpire();
    const first = await feed(viewer.cookies);
    const [sneaked] = await t.database.db
      .insert(posts)
      .values({ userId: author.id, dragonId, description: "from elsewhere", approved: true })
      .returning();
    // Cached: the same answer until the page's time is up...
    expect((await feed(viewer.cookies)).map((p) => p.id)).toEqual(first.map((p) => p.id));
    // ...and a little after: the aged answer is sent once more while its successor is built, then
    // the change shows...
    letCacheExpire(15_000);
    expect((await feed(viewer.cookies)).map((p) => p.id)).toEqual(first.map((p) => p.id));
    await vi.waitFor(async () => expect((await feed(viewer.cookies))[0]!.id).toBe(sneaked!.id));
    // ...while a like made here shows on the next read.
    expect(
      (await api.call("POST /api/posts/:id/like", { params: { id: sneaked!.id }, cookies: viewer.cookies })).json(),
    ).toEqual({ liked: true, count: 1 });
    expect((await feed(viewer.cookies))[0]!.likes).toEqual([{ userId: viewer.id }]);
  });
});

describe("GET /api/posts after likes and comments", () => {
  /** A page with likes in one order (the page does not say when each was made). */
  const normalised = (page: Post[]) =>
    page.map((p) => ({ ...p, likes: [...p.likes].sort((a, b) => a.userId.localeCompare(b.userId)) }));

  it("writes them into the kept page at once, the same as a page read afresh would show them, e-mails masked", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    await approve(id);
    const crowd: TestUser[] = [];
    for (let i = 0; i < 12; i++)
      crowd.push(await createSignedInUser(t, { email: `crowd-${i}-${crypto.randomUUID()}@example.net` }));
    letCacheExpire();
    await feed(viewer.cookies);
    await feed(admin.cookies);
    // Another process's post, written behind this one's back: while it stays out of the answers,
    // they are the kept pages with the changes written in, not pages read afresh.
    const [elsewhere] = await t.database.db
      .insert(posts)
      .values({ userId: author.id, dragonId, description: "from elsewhere", approved: true })
      .returning();

    await Promise.all(
      crowd.map((user) => api.call("POST /api/posts/:id/like", { params: { id }, cookies: user.cookies })),
    );
    const written = await Promise.all(
      crowd.map((user, i) =>
        api.call("POST /api/posts/:id/comment", {
          params: { id },
          cookies: user.cookies,
          body: { text: `comment ${i}` },
        }),
      ),
    );
    await Promise.all(
      crowd.slice(0, 4).map((user) => api.call("POST /api/posts/:id/like", { params: { id }, cookies: user.cookies })),
    );
    const dropped = written[5]!.json().id;
    expect(
      (
        await api.call("DELETE /api/posts/:id/comments/:commentId", {
          params: { id, commentId: dropped },
          cookies: admin.cookies,
        })
      ).statusCode,
    ).toBe(200);

    const memberPage = await api.call("GET /api/posts", { cookies: viewer.cookies });
    const kept = { member: memberPage.json(), admin: await feed(admin.cookies) };
    for (const page of Object.values(kept)) {
      expect(page.some((p) => p.id === elsewhere!.id)).toBe(false);
      const shown = page.find((p) => p.id === id)!;
      expect(new Set(shown.likes.map((l) => l.userId))).toEqual(new Set(crowd.slice(4).map((u) => u.id)));
      expect(shown.comments.map((c) => c.text)).toHaveLength(11);
      expect(shown.comments.map((c) => c.id)).not.toContain(dropped);
    }
    for (const user of crowd) expect(memberPage.body).not.toContain(user.email);
    expect(kept.admin.find((p) => p.id === id)!.comments.map((c) => c.user.email)).toContain(crowd[0]!.email);

    letCacheExpire();
    const fresh = { member: await feed(viewer.cookies), admin: await feed(admin.cookies) };
    expect(fresh.member.some((p) => p.id === elsewhere!.id)).toBe(true);
    // The post from elsewhere pushed the oldest one off the fresh pages.
    for (const reader of ["member", "admin"] as const) {
      const others = fresh[reader].filter((p) => p.id !== elsewhere!.id);
      expect(normalised(kept[reader]).slice(0, others.length)).toEqual(normalised(others));
    }
  });
});

describe("GET /api/posts encoding", () => {
  it("sends the cached page in Brotli or gzip as the client takes them, and plain to the others", async () => {
    const plain = await api.call("GET /api/posts", {
      cookies: viewer.cookies,
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("no-store");
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [accept, expected] of [
      ["gzip, deflate, br, zstd", "br"],
      ["br;q=1, gzip;q=0.5", "br"],
      ["gzip", "gzip"],
      ["br;q=0.2, gzip", "gzip"],
      ["*, br;q=0", "gzip"],
      ["*", "br"],
    ] as const) {
      const zipped = await api.call("GET /api/posts", {
        cookies: viewer.cookies,
        headers: { "accept-encoding": accept },
      });
      expect(zipped.headers["content-encoding"], accept).toBe(expected);
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode[expected](zipped.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
    for (const accept of ["gzip;q=0, br;q=0", "*;q=0"]) {
      const refused = await api.call("GET /api/posts", {
        cookies: viewer.cookies,
        headers: { "accept-encoding": accept },
      });
      expect(refused.headers["content-encoding"], accept).toBeUndefined();
    }
  });
});

describe("GET /api/posts/mine", () => {
  it("lists the caller's own posts, pending and approved, newest first, with their own e-mail in full", async () => {
    const author = await createSignedInUser(t);
    const approved = await createPost(author, { description: "approved one" });
    await approve(approved);
    const pending = await createPost(author, { description: "pending one" });
    await createPost(viewer);
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id: approved },
          cookies: viewer.cookies,
          body: { text: "Nice" },
        })
      ).statusCode,
    ).toBe(201);

    const res = await api.call("GET /api/posts/mine", { cookies: author.cookies });
    expect(res.statusCode).toBe(200);
    const mine = res.json();
    expect(mine.map((p) => [p.id, p.approved])).toEqual([
      [pending, false],
      [approved, true],
    ]);
    expect(mine[0]!.user.email).toBe(author.email);
    expect(mine[1]!.comments[0]!.user.email).toBe(maskEmail(viewer.email));
    expect(res.body).not.toContain(viewer.email);
  });

  it(`answers ${MY_POSTS_PAGE_SIZE} of them at a time, newest first, and older ones with ?before=`, async () => {
    const prolific = await createSignedInUser(t);
    const old = new Date(Date.now() - 30 * 86_400_000);
    const total = MY_POSTS_PAGE_SIZE + 5;
    await t.database.db.insert(posts).values(
      Array.from({ length: total }, (_, i) => ({
        userId: prolific.id,
        dragonId,
        description: `old ${i}`,
        createdAt: new Date(old.getTime() - i * 60_000),
      })),
    );
    const first = (await api.call("GET /api/posts/mine", { cookies: prolific.cookies })).json();
    expect(first).toHaveLength(MY_POSTS_PAGE_SIZE);
    expect(first[0]!.description).toBe("old 0");
    const rest = (
      await api.call("GET /api/posts/mine", { query: { before: first.at(-1)!.id }, cookies: prolific.cookies })
    ).json();
    expect(rest.map((p) => p.description)).toEqual(
      Array.from({ length: 5 }, (_, i) => `old ${MY_POSTS_PAGE_SIZE + i}`),
    );
  });
});

describe("pending photos", () => {
  it("are readable by their author and admins only until the post is approved, then by everyone", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    const [shown] = (await api.call("GET /api/posts/mine", { cookies: author.cookies })).json();
    const urls = [shown!.images[0]!.imageUrl, shown!.images[0]!.thumbUrl];
    for (const url of urls) {
      expect((await get(url)).statusCode).toBe(404);
      expect((await get(url, viewer.cookies)).statusCode).toBe(404);
      expect((await get(url, author.cookies)).statusCode).toBe(200);
      expect((await get(url, admin.cookies)).statusCode).toBe(200);
    }
    await approve(id);
    for (const url of urls) {
      for (const cookies of [undefined, viewer.cookies, author.cookies, admin.cookies])
        expect((await get(url, cookies)).statusCode).toBe(200);
    }
  });
});

describe("POST /api/posts/:id/like", () => {
  it("toggles the caller's like and answers the new state", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    await approve(id);
    expect((await api.call("POST /api/posts/:id/like", { params: { id } })).statusCode).toBe(401);
    const like = await api.call("POST /api/posts/:id/like", { params: { id }, cookies: viewer.cookies });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({ liked: true, count: 1 });
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: admin.cookies })).json()).toEqual({
      liked: true,
      count: 2,
    });
    expect((await feed(viewer.cookies)).find((p) => p.id === id)!.likes).toEqual([
      { userId: viewer.id },
      { userId: admin.id },
    ]);
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: viewer.cookies })).json()).toEqual({
      liked: false,
      count: 1,
    });
    expect((await feed(viewer.cookies)).find((p) => p.id === id)!.likes).toEqual([{ userId: admin.id }]);
  });

  it("works only on posts the caller may see: 404 on someone else's pending post or a missing one", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: viewer.cookies })).statusCode).toBe(
      404,
    );
    expect(
      (await api.call("POST /api/posts/:id/like", { params: { id: MISSING }, cookies: viewer.cookies })).statusCode,
    ).toBe(404);
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: author.cookies })).json()).toEqual({
      liked: true,
      count: 1,
    });
    expect((await api.call("POST /api/posts/:id/like", { params: { id }, cookies: admin.cookies })).json()).toEqual({
      liked: true,
      count: 2,
    });
    const bad = await api.call("POST /api/posts/:id/like", { params: { id: "not-a-post" }, cookies: viewer.cookies });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe("Invalid id: Post not found");
  });
});

describe("POST /api/posts/:id/comment", () => {
  it("stores the trimmed text as plain text and answers the comment", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    await approve(id);
    expect((await api.call("POST /api/posts/:id/comment", { params: { id }, body: { text: "Hi" } })).statusCode).toBe(
      401,
    );
    const res = await api.call("POST /api/posts/:id/comment", {
      params: { id },
      cookies: viewer.cookies,
      body: {
        text: "  <b>Great</b> & <script>x</script>  ",
      },
    });
    expect(res.statusCode).toBe(201);
    const comment = res.json();
    expect(comment).toMatchObject({
      text: "<b>Great</b> & <script>x</script>",
      user: { id: viewer.id, firstName: "Test", email: maskEmail(viewer.email) },
    });
    expect(Date.parse(comment.createdAt)).not.toBeNaN();
    expect((await feed(viewer.cookies)).find((p) => p.id === id)!.comments).toEqual([comment]);
    const byAdmin = (
      await api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: admin.cookies,
        body: { text: "Approved!" },
      })
    ).json();
    expect(byAdmin.user.email).toBe(admin.email);
  });

  it("refuses empty and overlong text with a 400 naming it, storing nothing", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    await approve(id);
    for (const [payload, message] of [
      [{ text: "   " }, "Invalid text: Please write a comment"],
      [{ text: "x".repeat(1001) }, "Invalid text: Comments can be at most 1000 characters"],
      [{}, /^Invalid text: /],
      [{ text: 7 }, /^Invalid text: /],
    ] as const) {
      const before = await feedState();
      const res = await api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: viewer.cookies,
        // Bodies the contract refuses, sent on purpose.
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(message);
      expect(await feedState()).toEqual(before);
    }
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id },
          cookies: viewer.cookies,
          body: { text: ` ${"y".repeat(1000)} ` },
        })
      ).statusCode,
    ).toBe(201);
  });

  it("works only on posts the caller may see", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    expect(
      (await api.call("POST /api/posts/:id/comment", { params: { id }, cookies: viewer.cookies, body: { text: "Hi" } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id: MISSING },
          cookies: viewer.cookies,
          body: { text: "Hi" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id },
          cookies: author.cookies,
          body: { text: "Mine" },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id },
          cookies: admin.cookies,
          body: { text: "Looks good" },
        })
      ).statusCode,
    ).toBe(201);
  });

  it("allows 30 comments a minute per user, then answers 429", async () => {
    const author = await createSignedInUser(t);
    const chatty = await createSignedInUser(t);
    const id = await createPost(author);
    await approve(id);
    for (let i = 0; i < 30; i++)
      expect(
        (
          await api.call("POST /api/posts/:id/comment", {
            params: { id },
            cookies: chatty.cookies,
            body: { text: `comment ${i}` },
          })
        ).statusCode,
      ).toBe(201);
    const res = await api.call("POST /api/posts/:id/comment", {
      params: { id },
      cookies: chatty.cookies,
      body: { text: "one too many" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.body).toMatch(/Please try again in 1 minute\.$/);
    expect(
      (
        await api.call("POST /api/posts/:id/comment", {
          params: { id },
          cookies: viewer.cookies,
          body: { text: "still fine" },
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe("PUT /api/posts/:id/approve", () => {
  it("is for admins only, one way, and harmless twice", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    const put = (cookies: Cookies, target = id) =>
      api.call("PUT /api/posts/:id/approve", { params: { id: target }, cookies });
    expect((await put(undefined)).statusCode).toBe(401);
    expect((await put(author.cookies)).statusCode).toBe(403);
    expect((await put(viewer.cookies)).body).toBe("Admin access required");
    const res = await put(admin.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, approved: true });
    expect((await put(admin.cookies)).statusCode).toBe(200);
    expect((await feed(viewer.cookies)).find((p) => p.id === id)).toMatchObject({ approved: true });
    expect((await put(admin.cookies, MISSING)).statusCode).toBe(404);
  });
});

describe("DELETE /api/posts/:id", () => {
  it("lets the author delete a post with its photos, originals, likes and comments", async () => {
    const author = await createSignedInUser(t);
    const upload = await checkedUpload(t, author, small);
    const id = (
      await api.call("POST /api/posts", { cookies: author.cookies, body: { dragonId, images: [upload] } })
    ).json().id as string;
    await approve(id);
    await api.call("POST /api/posts/:id/like", { params: { id }, cookies: viewer.cookies });
    await api.call("POST /api/posts/:id/comment", { params: { id }, cookies: viewer.cookies, body: { text: "Bye" } });
    const del = (cookies: Cookies) => api.call("DELETE /api/posts/:id", { params: { id }, cookies });

    expect((await del(undefined)).statusCode).toBe(401);
    const other = await del(viewer.cookies);
    expect(other.statusCode).toBe(403);
    expect(other.body).toBe("You can only delete your own posts");
    expect((await del(author.cookies)).statusCode).toBe(200);

    expect((await feed(viewer.cookies)).some((p) => p.id === id)).toBe(false);
    for (const table of [postImages, likes, comments])
      expect(await t.database.db.select().from(table).where(eq(table.postId, id))).toEqual([]);
    expect(await objectRow(upload)).toBeUndefined();
    expect((await get(upload, author.cookies)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, "objects", "posts", id))).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(storedObjects)
        .where(like(storedObjects.key, `posts/${id}/%`)),
    ).toEqual([]);
    expect((await del(author.cookies)).statusCode).toBe(404);
  });

  it("lets admins delete any post; others get 404 for a post they cannot see", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    expect((await api.call("DELETE /api/posts/:id", { params: { id }, cookies: viewer.cookies })).statusCode).toBe(404);
    expect((await api.call("DELETE /api/posts/:id", { params: { id }, cookies: admin.cookies })).statusCode).toBe(200);
    expect(await t.database.db.select().from(posts).where(eq(posts.id, id))).toEqual([]);
  });
});

describe("DELETE /api/posts/:id/comments/:commentId", () => {
  it("lets the comment's author or an admin delete it", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    await approve(id);
    const first = (
      await api.call("POST /api/posts/:id/comment", { params: { id }, cookies: viewer.cookies, body: { text: "one" } })
    ).json().id;
    const second = (
      await api.call("POST /api/posts/:id/comment", { params: { id }, cookies: viewer.cookies, body: { text: "two" } })
    ).json().id;
    const del = (cookies: Cookies, commentId: string, postId = id) =>
      api.call("DELETE /api/posts/:id/comments/:commentId", { params: { id: postId, commentId }, cookies });

    expect((await del(undefined, first)).statusCode).toBe(401);
    const notTheirs = await del(author.cookies, first);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.body).toBe("You can only delete your own comments");
    const otherPost = await createPost(author);
    await approve(otherPost);
    expect((await del(viewer.cookies, first, otherPost)).statusCode).toBe(404);
    expect((await del(viewer.cookies, MISSING)).statusCode).toBe(404);

    expect((await del(viewer.cookies, first)).statusCode).toBe(200);
    expect((await del(admin.cookies, second)).statusCode).toBe(200);
    expect((await del(admin.cookies, second)).statusCode).toBe(404);
    expect((await feed(viewer.cookies)).find((p) => p.id === id)!.comments).toEqual([]);
  });

  it("answers 404 on a post the caller cannot see", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    const comment = (
      await api.call("POST /api/posts/:id/comment", {
        params: { id },
        cookies: author.cookies,
        body: { text: "note to self" },
      })
    ).json().id;
    expect(
      (
        await api.call("DELETE /api/posts/:id/comments/:commentId", {
          params: { id, commentId: comment },
          cookies: viewer.cookies,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.call("DELETE /api/posts/:id/comments/:commentId", {
          params: { id, commentId: comment },
          cookies: author.cookies,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("under concurrency", () => {
  it("counts exactly: 100 users liking at once give 100 likes, 100 comments at once give 100 comments", async () => {
    const author = await createSignedInUser(t);
    const id = await createPost(author);
    await approve(id);
    const crowd = await createSignedInUsers(t, 100);

    const liked = await Promise.all(
      crowd.map((user) => api.call("POST /api/posts/:id/like", { params: { id }, cookies: user.cookies })),
    );
    expect(liked.map((res) => res.statusCode)).toEqual(Array(100).fill(200));
    expect(liked.every((res) => res.json().liked)).toBe(true);
    // Each answer counts the likes committed when it was made, its own included (likers are not
    // queued behind one another, so two answers may tell the same count); the feed counts all.
    const counts = liked.map((res) => res.json().count);
    expect(counts.every((count) => count >= 1 && count <= 100)).toBe(true);
    expect(Math.max(...counts)).toBeGreaterThan(1);

    const commented = await Promise.all(
      crowd.map((user, i) =>
        api.call("POST /api/posts/:id/comment", {
          params: { id },
          cookies: user.cookies,
          body: { text: `comment ${i}` },
        }),
      ),
    );
    expect(commented.map((res) => res.statusCode)).toEqual(Array(100).fill(201));

    const shown = (await feed(viewer.cookies)).find((p) => p.id === id)!;
    expect(shown.likes).toHaveLength(100);
    expect(new Set(shown.likes.map((l) => l.userId))).toEqual(new Set(crowd.map((u) => u.id)));
    expect(shown.comments).toHaveLength(100);
    expect(await t.database.db.select().from(likes).where(eq(likes.postId, id))).toHaveLength(100);

    // And all unliking at once leaves none.
    const unliked = await Promise.all(
      crowd.map((user) => api.call("POST /api/posts/:id/like", { params: { id }, cookies: user.cookies })),
    );
    expect(unliked.every((res) => res.statusCode === 200 && res.json().liked === false)).toBe(true);
    expect(await t.database.db.select().from(likes).where(eq(likes.postId, id))).toHaveLength(0);
  });
});

describe("posts repository", () => {
  it("answers null for a like or comment on a post deleted meanwhile, instead of failing", async () => {
    const repository = createPostsRepository(t.database.db);
    expect(await repository.toggleLike(MISSING, viewer.id)).toBeNull();
    expect(await repository.addComment(MISSING, viewer.id, "too late")).toBeNull();
    expect(await t.database.db.select().from(comments).where(eq(comments.postId, MISSING))).toEqual([]);
  });
});
