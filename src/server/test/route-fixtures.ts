import crypto from "node:crypto";
import { blogPosts, comments, dragons, drawingChecks, posts, worksInProgress } from "../db/schema";
import { illustrationPng } from "./images";
import type { TestApp } from "./test-app";
import { checkedUpload, storedUpload, type TestUser } from "./users";
import { testClient } from "./api-client";

// Things for route tests to act on, each made in one step: rows straight into the database where
// the route under test only reads or deletes them, through the API where their stored files matter.

let picture: Buffer | undefined;
/** A small real PNG, made once. */
export const testPicture = async () => (picture ??= await illustrationPng(400, 300));

/** A library template with its real stored images (so a pencil version can be made from it). */
export async function newDragon(t: TestApp, admin: TestUser): Promise<string> {
  const imageUrl = await storedUpload(t, admin.id, await testPicture());
  const res = await testClient(t.app).call("POST /api/dragons", {
    cookies: admin.cookies,
    body: { name: "Ember", imageUrl },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/dragons answered ${res.statusCode}: ${res.body}`);
  return res.json().id;
}

/** A Pro member's private picture (decision 031), made through the API from their own checked upload. */
export async function newPicture(t: TestApp, owner: TestUser): Promise<{ id: string; previewUrl: string }> {
  const imageUrl = await checkedUpload(t, owner, await testPicture());
  const res = await testClient(t.app).call("POST /api/pictures", {
    cookies: owner.cookies,
    body: { name: "My cat", imageUrl },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/pictures answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A template row without stored images: enough for routes that only find or delete it. */
export async function newDragonRow(t: TestApp): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db
    .insert(dragons)
    .values({ id, name: "Ember", previewKey: `dragons/${id}/preview.webp`, hiresKey: `dragons/${id}/hires.png` });
  return id;
}

export async function newPost(
  t: TestApp,
  author: TestUser,
  dragonId: string,
  options: { approved: boolean },
): Promise<string> {
  const [row] = await t.database.db
    .insert(posts)
    .values({ userId: author.id, dragonId, description: "My dragon", approved: options.approved })
    .returning({ id: posts.id });
  return row!.id;
}

export async function newComment(t: TestApp, postId: string, author: TestUser): Promise<string> {
  const [row] = await t.database.db
    .insert(comments)
    .values({ postId, userId: author.id, text: "Lovely scales" })
    .returning({ id: comments.id });
  return row!.id;
}

/** A blog post by `author`; answers its id and slug. */
export async function newBlogPost(
  t: TestApp,
  author: TestUser,
  options: { published: boolean },
): Promise<{ id: string; slug: string }> {
  const slug = `post-${crypto.randomUUID()}`;
  const [row] = await t.database.db
    .insert(blogPosts)
    .values({
      title: "Drawing scales",
      slug,
      content: "<p>Start with the grid.</p>",
      published: options.published,
      publishedAt: options.published ? new Date() : null,
      authorId: author.id,
    })
    .returning({ id: blogPosts.id });
  return { id: row!.id, slug };
}

/** A kept drawing check of a 2 × 1 grid: A1 close (0.4 mm), B1 not drawn. */
export async function newCheck(t: TestApp, user: TestUser, dragonId: string): Promise<string> {
  const [row] = await t.database.db
    .insert(drawingChecks)
    .values({
      userId: user.id,
      dragonId,
      columns: 2,
      rows: 1,
      cells: [
        { label: "A1", status: "close", errorMm: 0.4 },
        { label: "B1", status: "not-drawn", errorMm: 0 },
      ],
    })
    .returning({ id: drawingChecks.id });
  return row!.id;
}

/** Saved progress of `user` on a dragon, with a paper width no request of the tests sends (12.5). */
export async function newProgress(t: TestApp, user: TestUser, dragonId: string): Promise<void> {
  await t.database.db.insert(worksInProgress).values({
    userId: user.id,
    dragonId,
    paperWidth: 12.5,
    paperHeight: 8.5,
    gridSize: 1,
    imageZoom: 1,
    imageX: 0,
    imageY: 0,
    currentCell: "B3",
  });
}
