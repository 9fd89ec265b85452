import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dragons } from "./schema";
import { createChangeNotices } from "./change-notices";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestDatabase } from "../test/test-database";
import { checkedUpload, createSignedInUser, type TestUser } from "../test/users";
import { illustrationPng } from "../test/images";
import { testClient } from "../test/api-client";

// Several server processes share a database only on PostgreSQL (PGlite's directory is locked to
// one process), so these run in the PostgreSQL pass of the suite.
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Polls `check` until it passes or `ms` is over; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!onPostgres)("change notices between processes on one PostgreSQL", () => {
  it("reach the other process, not the sender's own twice; a detail too large arrives as null", async () => {
    const database = await createTestDatabase();
    const one = await createChangeNotices(database);
    const other = await createChangeNotices(database);
    try {
      const heardByOne: unknown[] = [];
      const heardByOther: unknown[] = [];
      one.channel<{ n: number }>("test").on((detail) => heardByOne.push(detail));
      other.channel<{ n: number } | { text: string }>("test").on((detail) => heardByOther.push(detail));
      one.channel<{ n: number }>("test").emit({ n: 1 });
      one.channel<{ text: string }>("test").emit({ text: "x".repeat(10_000) });
      await within(1000, async () => heardByOther.length === 2);
      expect(heardByOther).toEqual([{ n: 1 }, null]);
      expect(heardByOne).toEqual([{ n: 1 }, { text: "x".repeat(10_000) }]);
    } finally {
      await one.close();
      await other.close();
      await database.close();
    }
  });

  it("connect again when the listening connection is lost, and say that anything may have changed", async () => {
    const database = await createTestDatabase();
    const notices = await createChangeNotices(database);
    const sender = await createChangeNotices(database);
    try {
      const heard: unknown[] = [];
      notices.channel<string>("test").on((detail) => heard.push(detail));
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and datname = current_database()`,
      );
      await within(5000, async () => heard.includes(null));
      sender.channel<string>("test").emit("after the reconnect");
      await within(1000, async () => heard.includes("after the reconnect"));
    } finally {
      await notices.close();
      await sender.close();
      await database.close();
    }
  });
});

describe.skipIf(!onPostgres)("two server processes on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let dragonId: string;
  beforeAll(async () => {
    a = await createTestApp({ SECRET_KEY_BASE: "one key for both processes of this test" });
    b = await createTestApp({ SECRET_KEY_BASE: "one key for both processes of this test" }, { database: a.database });
    admin = await createSignedInUser(a, { isAdmin: true });
    member = await createSignedInUser(a);
    const [dragon] = await a.database.db
      .insert(dragons)
      .values({ name: "Ember", previewKey: "dragons/x/preview.webp", hiresKey: "dragons/x/hires.png" })
      .returning();
    dragonId = dragon!.id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const feedOn = async (t: TestApp, who: TestUser) =>
    (await testClient(t.app).call("GET /api/posts", { cookies: who.cookies })).json();

  it("show a post approved, a like and a comment made through one on the other within a second", async () => {
    const image = await checkedUpload(a, member, await illustrationPng(300, 200));
    const created = await testClient(a.app).call("POST /api/posts", {
      cookies: member.cookies,
      body: { dragonId, description: "Across servers", images: [image] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    // B keeps its feed page from before the approval.
    expect((await feedOn(b, member)).some((post) => post.id === id)).toBe(false);

    expect(
      (await testClient(a.app).call("PUT /api/posts/:id/approve", { params: { id }, cookies: admin.cookies }))
        .statusCode,
    ).toBe(200);
    await within(1000, async () => (await feedOn(b, member)).some((post) => post.id === id));

    expect(
      (await testClient(a.app).call("POST /api/posts/:id/like", { params: { id }, cookies: admin.cookies })).json(),
    ).toMatchObject({ liked: true });
    await within(1000, async () =>
      (await feedOn(b, member)).find((post) => post.id === id)!.likes.some((like) => like.userId === admin.id),
    );

    const comment = await testClient(a.app).call("POST /api/posts/:id/comment", {
      params: { id },
      cookies: admin.cookies,
      body: { text: "Lovely scales" },
    });
    expect(comment.statusCode).toBe(201);
    await within(1000, async () =>
      (await feedOn(b, member)).find((post) => post.id === id)!.comments.some((c) => c.text === "Lovely scales"),
    );
    // What B shows a member of the comment is masked as ever: the notice carried the admin's view.
    const shown = (await feedOn(b, member))
      .find((post) => post.id === id)!
      .comments.find((c) => c.text === "Lovely scales")!;
    expect(shown.user.email).not.toBe(admin.email);
  });

  it("show a blog post published through one on the other within a second", async () => {
    const list = async () => (await testClient(b.app).call("GET /api/blog/posts")).json();
    expect(await list()).toEqual([]);
    const saved = await testClient(a.app).call("POST /api/admin/blog", {
      cookies: admin.cookies,
      body: { title: "Across servers", content: "<p>Hello</p>", published: true },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await within(1000, async () => (await list()).some((post) => post.title === "Across servers"));
  });

  it("drop a template deleted through one from the other's library and pages within a second", async () => {
    const [doomed] = await a.database.db
      .insert(dragons)
      .values({ name: "Short-lived", previewKey: "dragons/y/preview.webp", hiresKey: "dragons/y/hires.png" })
      .returning();
    const listed = async () =>
      ((await testClient(b.app).call("GET /api/dragons")).json() as { id: string }[]).some(
        (dragon) => dragon.id === doomed!.id,
      );
    // B reads the library with the new template in it, and keeps that list.
    await within(6000, listed);
    expect(
      (await testClient(a.app).call("DELETE /api/dragons/:id", { params: { id: doomed!.id }, cookies: admin.cookies }))
        .statusCode,
    ).toBe(200);
    await within(1000, async () => !(await listed()));
  });

  it("refuse a session on the other at once after it ended through one", async () => {
    const other = await createSignedInUser(a);
    // B has looked the session up and remembers it.
    expect((await testClient(b.app).call("GET /api/auth/user", { cookies: other.cookies })).statusCode).toBe(200);
    expect((await testClient(a.app).call("POST /api/auth/logout", { cookies: other.cookies })).statusCode).toBe(200);
    await within(
      1000,
      async () => (await testClient(b.app).call("GET /api/auth/user", { cookies: other.cookies })).statusCode === 401,
    );
  });
});
