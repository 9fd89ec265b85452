import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { within } from "../../test/within";
import { createAccount, fromNewAddress } from "../../test/accounts";
import { outboxFor } from "../../test/mail";
import { newDragonRow, newPost } from "../../test/route-fixtures";
import type { TestUser } from "../../test/users";
import { testClient } from "../../test/api-client";

// Several server processes share a database only on PostgreSQL (PGlite's directory is locked to
// one process), so these run in the PostgreSQL pass of the suite.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)("notifications in two server processes on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  let dragonId: string;
  let clock = Date.now();
  const env = { SECRET_KEY_BASE: "one key for both processes of this test" };
  beforeAll(async () => {
    a = await createTestApp(env, { now: () => clock });
    b = await createTestApp(env, { database: a.database, now: () => clock });
    dragonId = await newDragonRow(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const mails = async (user: TestUser) => {
    await Promise.all([a.app.notifier.idle(), b.app.notifier.idle()]);
    return outboxFor(a.dataDir, user.email).length + outboxFor(b.dataDir, user.email).length;
  };

  it("a count one process keeps changes within a second of a notification made through the other", async () => {
    const author = await createAccount(a, { firstName: "Author" });
    const post = await newPost(a, author, dragonId, { approved: true });
    expect(await b.app.notifier.unreadCount(author.id)).toBe(0);
    await a.app.notifier.liked(post, (await createAccount(a, { firstName: "Fan" })).id);
    await within(1000, async () => (await b.app.notifier.unreadCount(author.id)) === 1);
    // Read through B: A's kept count follows.
    expect(await a.app.notifier.unreadCount(author.id)).toBe(1);
    await testClient(b.app).call("POST /api/notifications/read-all", {
      cookies: author.cookies,
      remoteAddress: fromNewAddress(),
    });
    await within(1000, async () => (await a.app.notifier.unreadCount(author.id)) === 0);
  });

  it("of many e-mails made at once through both, one goes out per person and hour; the digest once", async () => {
    const authors = await Promise.all(Array.from({ length: 5 }, () => createAccount(a, { firstName: "Author" })));
    const posts = await Promise.all(authors.map((author) => newPost(a, author, dragonId, { approved: true })));
    // Through both at once: one message each (listing what was stored by then).
    await Promise.all(posts.flatMap((post) => [a, b].map((t) => t.app.notifier.postApproved(post))));
    for (const author of authors) expect(await mails(author)).toBe(1);
    // Within the hour: kept for the digest, whichever process made them.
    clock += 10 * 60_000;
    await Promise.all(posts.flatMap((post) => [a, b, a, b].map((t) => t.app.notifier.postApproved(post))));
    for (const author of authors) expect(await mails(author)).toBe(1);

    clock += 61 * 60_000;
    const sent = await Promise.all([
      a.app.notifier.sendDueDigests(),
      b.app.notifier.sendDueDigests(),
      a.app.notifier.sendDueDigests(),
    ]);
    expect(sent.reduce((x, y) => x + y)).toBe(authors.length);
    for (const author of authors) expect(await mails(author)).toBe(2);
  });

  it("an unsubscribe link made by one works on the other", async () => {
    const user = await createAccount(a);
    const token = a.app.notifier.unsubscribeToken(user.id, "approved");
    const res = await testClient(b.app).call("POST /api/notifications/unsubscribe", {
      query: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await testClient(a.app).call("GET /api/notifications/email-settings", { cookies: user.cookies })).json(),
    ).toEqual({ approved: false, rejected: true, comment: true });
  });
});
