import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Post } from "../../../shared/posts/responses";
import { seedFeed, type SeededFeed } from "./seed-feed";
import { testClient } from "../../test/api-client";
import type { CallInput } from "../../../shared/contract/calls";

let t: TestApp;
let seeded: SeededFeed;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedFeed(t.database.db, t.app.storage, { posts: 30 });
});
afterAll(() => t.close());

const feed = (cookie: string, query: CallInput<"GET /api/posts">["query"] = {}) =>
  testClient(t.app).call("GET /api/posts", { query, headers: { cookie } });

describe("seedFeed (the bench's feed)", () => {
  it("fills the feed with approved posts of 3 photos, 20 likes and 10 comments, readable with the cookie it answers", async () => {
    expect(seeded).toMatchObject({ posts: 30, users: 50 });
    const res = await feed(seeded.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Post[];
    expect(page).toHaveLength(20);
    for (const post of page) {
      expect(post.approved).toBe(true);
      expect(post.images.map((image) => image.order)).toEqual([0, 1, 2]);
      expect(post.likes).toHaveLength(20);
      expect(new Set(post.likes.map((like) => like.userId)).size).toBe(20);
      expect(post.comments).toHaveLength(10);
      expect(post.user.email).toMatch(/^f•••@bench\.example$/);
    }
    const next = (await feed(seeded.cookie, { before: page.at(-1)!.id })).json();
    expect(next).toHaveLength(10);

    const photo = await t.app.inject({ method: "GET", url: page[0]!.images[0]!.imageUrl });
    expect(photo.statusCode).toBe(200);
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
    expect((await t.app.inject({ method: "GET", url: page[0]!.images[0]!.thumbUrl })).statusCode).toBe(200);
  });

  it("also answers an admin's cookie, which sees full addresses", async () => {
    const page = (await feed(seeded.adminCookie)).json();
    expect(page[0]!.user.email).toMatch(/^feed-[0-9a-f]+-\d+@bench\.example$/);
  });
});
