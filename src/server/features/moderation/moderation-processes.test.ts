import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { within } from "../../test/within";
import { createSignedInUser, type TestUser } from "../../test/users";
import { newDragonRow, newPost } from "../../test/route-fixtures";
import { testClient } from "../../test/api-client";
import type { CallInput } from "../../../shared/contract/calls";

// Several server processes share a database only on PostgreSQL (PGlite's directory is locked to one
// process), so these run in the PostgreSQL pass of the suite: what one process's admin or member
// does shows on the other within a second, through the change notices, not by waiting out a cache.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)("moderation and blocks in two server processes on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser;
  let dragonId: string;
  const env = { SECRET_KEY_BASE: "one key for both processes of this test" };
  beforeAll(async () => {
    a = await createTestApp(env);
    b = await createTestApp(env, { database: a.database });
    admin = await createSignedInUser(a, { isAdmin: true });
    dragonId = await newDragonRow(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const feedOn = async (t: TestApp, who: TestUser) =>
    (await testClient(t.app).call("GET /api/posts", { cookies: who.cookies })).json().map((post) => post.id);
  const actOn = (t: TestApp, body: CallInput<"POST /api/admin/moderation/actions">["body"]) =>
    testClient(t.app).call("POST /api/admin/moderation/actions", { cookies: admin.cookies, body: body });

  it("a post hidden through one process leaves the other's kept feed page within a second, and comes back when restored", async () => {
    const author = await createSignedInUser(a);
    const member = await createSignedInUser(a);
    const post = await newPost(a, author, dragonId, { approved: true });
    // Made straight in the database, which tells no cache: a restore (a no-op here) drops both processes' kept pages.
    await actOn(a, { action: "restore-post", postId: post });
    await within(1000, async () => (await feedOn(b, member)).includes(post));
    expect((await actOn(a, { action: "hide-post", postId: post, reason: "Spam" })).statusCode).toBe(200);
    await within(1000, async () => !(await feedOn(b, member)).includes(post));
    expect((await actOn(b, { action: "restore-post", postId: post })).statusCode).toBe(200);
    await within(1000, async () => (await feedOn(a, member)).includes(post));
  });

  it("a block made through one process hides the two people from each other on the other within a second", async () => {
    const blocker = await createSignedInUser(a);
    const blocked = await createSignedInUser(a);
    const post = await newPost(a, blocked, dragonId, { approved: true });
    await actOn(a, { action: "restore-post", postId: post });
    await within(1000, async () => (await feedOn(b, blocker)).includes(post));
    expect(
      (
        await testClient(a.app).call("PUT /api/blocks/:userId", {
          params: { userId: blocked.id },
          cookies: blocker.cookies,
        })
      ).statusCode,
    ).toBe(200);
    await within(1000, async () => !(await feedOn(b, blocker)).includes(post));
  });

  it("a suspension given through one process stops the member on the other within a second", async () => {
    const member = await createSignedInUser(a);
    const author = await createSignedInUser(a);
    const post = await newPost(a, author, dragonId, { approved: true });
    const like = () =>
      testClient(b.app).call("POST /api/posts/:id/like", { params: { id: post }, cookies: member.cookies });
    expect((await like()).statusCode).toBe(200);
    expect((await actOn(a, { action: "suspend", userId: member.id, days: 1, reason: "Spam" })).statusCode).toBe(200);
    await within(1000, async () => (await like()).statusCode === 403);
  });
});
