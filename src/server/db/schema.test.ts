import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { blogPosts, dragons, likes, posts, users, waitlist, worksInProgress } from "./schema";
import { createTestDatabase } from "../test/test-database";

// The constraints the product relies on, checked on the real database of this run
// (PGlite by default, PostgreSQL when DATABASE_URL is set).
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const errorText = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "no error";
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ""}`;
  }
};

describe("schema", () => {
  it("runs on the expected database", async () => {
    expect(handle.kind).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    const rows = await handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("keeps user e-mails unique regardless of case", async () => {
    await handle.db.insert(users).values({ email: "Ann@Example.com" });
    expect(await errorText(handle.db.insert(users).values({ email: "ann@example.COM" }))).toMatch(
      /users_email_lower_key/,
    );
  });

  it("defaults new users to unverified non-admins", async () => {
    const [user] = await handle.db.insert(users).values({ email: "new@example.com" }).returning();
    expect(user).toMatchObject({ emailVerified: false, isAdmin: false });
    expect(user!.createdAt).toBeInstanceOf(Date);
  });

  it("keeps one work in progress per user and dragon, one like per user and post, and cascades deletes", async () => {
    const [user] = await handle.db.insert(users).values({ email: "wip@example.com" }).returning();
    const [dragon] = await handle.db
      .insert(dragons)
      .values({ name: "Ember", previewKey: "p", hiresKey: "h" })
      .returning();
    const wip = {
      userId: user!.id,
      dragonId: dragon!.id,
      paperWidth: 11,
      paperHeight: 8.5,
      gridSize: 1,
      imageZoom: 1,
      imageX: 0,
      imageY: 0,
    };
    await handle.db.insert(worksInProgress).values(wip);
    expect(await errorText(handle.db.insert(worksInProgress).values(wip))).toMatch(
      /works_in_progress_pkey|duplicate key/,
    );

    const [post] = await handle.db.insert(posts).values({ userId: user!.id, dragonId: dragon!.id }).returning();
    expect(post!.approved).toBe(false);
    await handle.db.insert(likes).values({ postId: post!.id, userId: user!.id });
    expect(await errorText(handle.db.insert(likes).values({ postId: post!.id, userId: user!.id }))).toMatch(
      /likes_pkey|duplicate key/,
    );

    await handle.db.delete(dragons).where(sql`${dragons.id} = ${dragon!.id}`);
    expect(await handle.db.select().from(worksInProgress)).toHaveLength(0);
    const [kept] = await handle.db.select().from(posts);
    expect(kept!.dragonId).toBeNull();

    await handle.db.delete(users).where(sql`${users.id} = ${user!.id}`);
    expect(await handle.db.select().from(posts)).toHaveLength(0);
    expect(await handle.db.select().from(likes)).toHaveLength(0);
  });

  it("keeps blog slugs and waitlist e-mails unique", async () => {
    await handle.db.insert(blogPosts).values({ title: "A", slug: "a", content: "<p>a</p>" });
    expect(await errorText(handle.db.insert(blogPosts).values({ title: "B", slug: "a", content: "b" }))).toMatch(
      /blog_posts_slug_key/,
    );
    const [post] = await handle.db.select().from(blogPosts);
    expect(post!.tags).toEqual([]);
    await handle.db.insert(waitlist).values({ email: "w@example.com" });
    expect(await errorText(handle.db.insert(waitlist).values({ email: "W@example.com" }))).toMatch(
      /waitlist_email_lower_key/,
    );
  });
});
