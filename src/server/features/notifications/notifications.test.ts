import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blocks, comments, emailSends, notifications, posts, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createAccount, fromNewAddress } from "../../test/accounts";
import { outboxFor } from "../../test/mail";
import { newComment, newDragonRow, newPost } from "../../test/route-fixtures";
import type { TestUser } from "../../test/users";
import { NOTIFICATIONS_PAGE_SIZE } from "../../../shared/notifications";
import type { Notifier } from "./notifier";
import { parseEml, type ParsedMail } from "../../test/eml";
import { createNotifier, MAX_REPLY_RECIPIENTS } from "./notifier";
import { localChannel } from "../../db/change-notices";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { testClient, type TestClient } from "../../test/api-client";
import { serverTranslator } from "../../i18n/server-catalogs";

const HOUR = 60 * 60_000;
const INVALID_LINK = "This unsubscribe link is invalid.";

let t: TestApp;
let api: TestClient;
let notifier: Notifier;
let dragonId: string;
// The app's clock: the hourly e-mail rule is tested by moving it, never by waiting.
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  api = testClient(t.app);
  notifier = settled(t.app.notifier);
  dragonId = await newDragonRow(t);
});
afterAll(() => t.close());

/**
 * The notifier, each event of which resolves once its e-mails are out too (the app's resolves once
 * the rows are stored): what the outbox holds is then known at each step.
 */
function settled(inner: Notifier): Notifier {
  const waiting =
    <A extends unknown[]>(event: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      await event(...args);
      await inner.idle();
    };
  return {
    ...inner,
    postApproved: waiting(inner.postApproved),
    postRejected: waiting(inner.postRejected),
    commented: waiting(inner.commented),
    liked: waiting(inner.liked),
    moderation: waiting(inner.moderation),
  };
}

type Cookies = Record<string, string> | undefined;
const send = (method: "GET" | "PUT" | "POST", url: string, cookies: Cookies, payload?: object) =>
  t.app.inject({ method, url, cookies, remoteAddress: fromNewAddress(), ...(payload ? { payload } : {}) });

interface Item {
  id: string;
  kind: string;
  text: string;
  href: string;
  actor: Record<string, unknown> | null;
  postId: string | null;
  commentId: string | null;
  reason: string;
  count: number;
  createdAt: string;
  read: boolean;
}
interface Page {
  items: Item[];
  unread: number;
}

/** Everything the checks of e-mail addresses read: every answer's body of the test, by user. */
const answers: string[] = [];
async function pageOf(user: TestUser, before?: string): Promise<Page> {
  const res = await send("GET", `/api/notifications${before ? `?before=${before}` : ""}`, user.cookies);
  expect(res.statusCode, res.body).toBe(200);
  answers.push(res.body);
  return res.json();
}

const member = (firstName?: string, options: { verified?: boolean } = {}) =>
  createAccount(t, { firstName, ...options });
const approvedPost = (author: TestUser) => newPost(t, author, dragonId, { approved: true });

const mailsTo = (user: TestUser): ParsedMail[] => outboxFor(t.dataDir, user.email).map(parseEml);

/** What the settings page reads for `who`. */
const emailSettingsOf = async (who: TestUser) =>
  (
    await api.call("GET /api/notifications/email-settings", { cookies: who.cookies, remoteAddress: fromNewAddress() })
  ).json();

describe("likes", () => {
  it("group into one unread notification per post: 1, 2 and 12 likers", async () => {
    const author = await member("Author");
    const post = await approvedPost(author);
    const likers = await Promise.all(Array.from({ length: 12 }, (_, i) => member(`Liker${i + 1}`)));

    await notifier.liked(post, likers[0]!.id);
    let [item] = (await pageOf(author)).items;
    expect(item).toMatchObject({
      kind: "like",
      text: "Liker1 liked your dragon",
      count: 1,
      href: `/feed?post=${post}`,
      postId: post,
      commentId: null,
      read: false,
    });
    expect(item!.actor).toEqual({ firstName: "Liker1", lastName: null, profileImageUrl: null });

    await notifier.liked(post, likers[1]!.id);
    let page = await pageOf(author);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: item!.id, text: "Liker2 and 1 other liked your dragon", count: 2 });
    expect(page.unread).toBe(1);

    for (const liker of likers.slice(2)) await notifier.liked(post, liker.id);
    page = await pageOf(author);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ text: "Liker12 and 11 others liked your dragon", count: 12 });

    // The latest liker liking again (after taking the like back) is not one more person.
    await notifier.liked(post, likers[11]!.id);
    expect((await pageOf(author)).items[0]!.count).toBe(12);

    // Once read, the next like starts a new notification.
    item = page.items[0];
    expect(
      (
        await api.call("POST /api/notifications/:id/read", {
          params: { id: item!.id },
          cookies: author.cookies,
          remoteAddress: fromNewAddress(),
        })
      ).json(),
    ).toEqual({ unread: 0 });
    clock += 1000;
    await notifier.liked(post, likers[0]!.id);
    page = await pageOf(author);
    expect(page.items.map((i) => [i.text, i.read])).toEqual([
      ["Liker1 liked your dragon", false],
      ["Liker12 and 11 others liked your dragon", true],
    ]);
    expect(page.unread).toBe(1);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(rows).toHaveLength(2);
  });

  it("are not told of one's own like, and are never e-mailed", async () => {
    const author = await member("Author");
    const post = await approvedPost(author);
    await notifier.liked(post, author.id);
    expect((await pageOf(author)).items).toEqual([]);
    await notifier.liked(post, (await member("Fan")).id);
    expect((await pageOf(author)).items).toHaveLength(1);
    expect(mailsTo(author)).toEqual([]);
  });

  it("name a person without a first name by the masked e-mail, and no answer holds another's full address", async () => {
    const author = await member("Author");
    const post = await approvedPost(author);
    const anonymous = await member();
    await t.database.db.update(users).set({ firstName: null }).where(eq(users.id, anonymous.id));
    await notifier.liked(post, anonymous.id);
    const res = await api.call("GET /api/notifications", { cookies: author.cookies, remoteAddress: fromNewAddress() });
    const masked = `${anonymous.email[0]}•••@example.com`;
    expect(res.json().items[0]!.text).toBe(`${masked} liked your dragon`);
    expect(res.body).not.toContain(anonymous.email);
    expect(res.json().items[0]!.actor).toEqual({ firstName: null, lastName: null, profileImageUrl: null });
  });
});

describe("comments", () => {
  it("tell the author (comment) and the earlier commenters (reply), once each, never the commenter", async () => {
    const author = await member("Author");
    const [ana, bo, cy] = [await member("Ana"), await member("Bo"), await member("Cy")];
    const post = await approvedPost(author);
    await newComment(t, post, ana);
    await newComment(t, post, ana);
    await newComment(t, post, author);
    await newComment(t, post, bo);
    const latest = await newComment(t, post, cy);
    await notifier.commented(post, latest, cy.id);

    const [forAuthor] = (await pageOf(author)).items;
    expect(forAuthor).toMatchObject({
      kind: "comment",
      text: "Cy commented on your dragon",
      href: `/feed?post=${post}&comment=${latest}`,
      commentId: latest,
      postId: post,
    });
    for (const earlier of [ana, bo]) {
      const page = await pageOf(earlier);
      expect(page.items.map((i) => [i.kind, i.text, i.href])).toEqual([
        ["reply", "Cy replied under your comment", `/feed?post=${post}&comment=${latest}`],
      ]);
    }
    expect((await pageOf(cy)).items).toEqual([]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.commentId, latest));
    expect(rows).toHaveLength(3);
  });

  it("on one's own post tell only the earlier commenters", async () => {
    const author = await member("Author");
    const ana = await member("Ana");
    const post = await approvedPost(author);
    await newComment(t, post, ana);
    const own = await newComment(t, post, author);
    await notifier.commented(post, own, author.id);
    expect((await pageOf(author)).items).toEqual([]);
    expect((await pageOf(ana)).items.map((i) => i.text)).toEqual(["Author replied under your comment"]);
  });

  // People of these two tests have no password (nothing to hash) and no verified address (no
  // e-mail): the e-mail tests count every message the app sends.
  const quietMember = (firstName: string) => createAccount(t, { firstName, password: null, verified: false });

  it("reply to no one while the post is pending or hidden, nor to those who commented after", async () => {
    const author = await quietMember("Author");
    const [ana, bo] = [await quietMember("Ana"), await quietMember("Bo")];
    const pending = await newPost(t, author, dragonId, { approved: false });
    await newComment(t, pending, ana);
    await notifier.commented(pending, await newComment(t, pending, bo), bo.id);
    expect((await pageOf(ana)).items).toEqual([]);
    // The author still hears of it: they see their own pending post.
    expect((await pageOf(author)).items.map((i) => i.text)).toEqual(["Bo commented on your dragon"]);

    const hidden = await approvedPost(author);
    await t.database.db.update(posts).set({ hiddenReason: "Spam" }).where(eq(posts.id, hidden));
    await newComment(t, hidden, ana);
    await notifier.commented(hidden, await newComment(t, hidden, bo), bo.id);
    expect((await pageOf(ana)).items).toEqual([]);

    const shown = await approvedPost(author);
    const first = await newComment(t, shown, ana);
    // Written a minute later (the database's clock may give two quick inserts the same time).
    await t.database.db
      .insert(comments)
      .values({ postId: shown, userId: bo.id, text: "Later", createdAt: new Date(Date.now() + 60_000) });
    await notifier.commented(shown, first, ana.id);
    expect((await pageOf(bo)).items).toEqual([]);
  });

  it("reply to the most recent earlier commenters, at most MAX_REPLY_RECIPIENTS", async () => {
    const author = await quietMember("Author");
    const post = await approvedPost(author);
    const earlier: TestUser[] = [];
    for (let i = 0; i < MAX_REPLY_RECIPIENTS + 2; i++) {
      const person = await quietMember(`Earlier${i}`);
      earlier.push(person);
      await t.database.db.insert(comments).values({
        postId: post,
        userId: person.id,
        text: "Lovely",
        createdAt: new Date(Date.now() - 3_600_000 + i * 1000),
      });
    }
    const latest = await newComment(t, post, author);
    await notifier.commented(post, latest, author.id);
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.commentId, latest));
    expect(new Set(told.map((row) => row.userId))).toEqual(new Set(earlier.slice(2).map((person) => person.id)));
  });
});

describe("blocks", () => {
  it.each([
    ["the recipient blocked the actor", true],
    ["the actor blocked the recipient", false],
  ])("give nothing when %s", async (_case, recipientBlocks) => {
    const author = await member("Author");
    const earlier = await member("Earlier");
    const actor = await member("Actor");
    const post = await approvedPost(author);
    for (const other of [author, earlier]) {
      await t.database.db
        .insert(blocks)
        .values(
          recipientBlocks ? { blockerId: other.id, blockedId: actor.id } : { blockerId: actor.id, blockedId: other.id },
        );
    }
    await newComment(t, post, earlier);
    const comment = await newComment(t, post, actor);
    await notifier.liked(post, actor.id);
    await notifier.commented(post, comment, actor.id);
    expect((await pageOf(author)).items).toEqual([]);
    expect((await pageOf(earlier)).items).toEqual([]);
    // Someone else still gets through.
    await notifier.liked(post, (await member("Friend")).id);
    expect((await pageOf(author)).items.map((i) => i.text)).toEqual(["Friend liked your dragon"]);
  });
});

describe("decisions", () => {
  it("say approved, not approved with the reason, and a moderation decision's own text", async () => {
    const author = await member("Author", { verified: false });
    const post = await approvedPost(author);
    await notifier.postApproved(post);
    clock += 1000;
    await notifier.postRejected(post, "Please show the whole drawing");
    clock += 1000;
    await notifier.moderation(author.id, "Spam links\nand more", { text: "You were warned", postId: null });
    clock += 1000;
    const comment = await newComment(t, post, author);
    await notifier.moderation(author.id, "Rude", { text: "Your comment was hidden", postId: post, commentId: comment });
    const { items } = await pageOf(author);
    expect(items.map((i) => [i.kind, i.text, i.reason, i.href])).toEqual([
      ["moderation", "Your comment was hidden", "Rude", `/feed?post=${post}&comment=${comment}`],
      ["moderation", "You were warned", "Spam links\nand more", "/profile"],
      [
        "rejected",
        "Your drawing was not approved: Please show the whole drawing",
        "Please show the whole drawing",
        `/feed?post=${post}`,
      ],
      ["approved", "Your drawing was approved", "", `/feed?post=${post}`],
    ]);
    expect(items.every((i) => i.actor === null)).toBe(true);
    // Unverified: nothing was mailed.
    expect(mailsTo(author)).toEqual([]);
  });
});

describe("the list", () => {
  it("pages 1,000 notifications newest first, 20 at a time, by (created_at, id)", async () => {
    const user = await member("Reader");
    const start = Date.parse("2026-01-01T00:00:00Z");
    // Three to a time stamp: the id breaks the ties.
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      userId: user.id,
      kind: "approved" as const,
      createdAt: new Date(start + Math.floor(i / 3) * 1000),
    }));
    await t.database.db.insert(notifications).values(rows);
    const expected = (
      (await t.database.db.execute(
        sql`select id from notifications where user_id = ${user.id} order by created_at desc, id desc`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;

    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    const started = performance.now();
    for (;;) {
      const page = await pageOf(user, before);
      pages += 1;
      if (!page.items.length) break;
      expect(page.items.length).toBeLessThanOrEqual(NOTIFICATIONS_PAGE_SIZE);
      seen.push(...page.items.map((i) => i.id));
      before = page.items.at(-1)!.id;
      expect(page.unread).toBe(1000);
    }
    expect(pages).toBe(51);
    expect(seen).toEqual(expected.map((row) => row.id));
    // Each page is an index range scan, however deep: all 51 in well under a few seconds.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("answers an empty page for another person's notification as the cursor", async () => {
    const [one, other] = [await member("One"), await member("Other")];
    await notifier.moderation(one.id, "", { text: "You were warned" });
    await notifier.moderation(other.id, "", { text: "You were warned" });
    const theirs = (await pageOf(other)).items[0]!.id;
    expect((await pageOf(one, theirs)).items).toEqual([]);
  });

  it("refuses visitors and a malformed cursor", async () => {
    expect((await api.call("GET /api/notifications", { remoteAddress: fromNewAddress() })).statusCode).toBe(401);
    const user = await member();
    const bad = await api.call("GET /api/notifications", {
      query: { before: "nope" },
      cookies: user.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe("Invalid before: before must be a notification id");
  });
});

describe("reading", () => {
  it("marks one or all read and keeps the unread count, from memory between changes", async () => {
    const user = await member("Reader");
    for (let i = 0; i < 3; i++) await notifier.moderation(user.id, "", { text: `Decision ${i}` });
    const page = await pageOf(user);
    expect(page.unread).toBe(3);

    // Counted once, then answered from memory until something changes.
    const misses = notifier.cacheStats.misses;
    expect(await notifier.unreadCount(user.id)).toBe(3);
    expect(await notifier.unreadCount(user.id)).toBe(3);
    expect(notifier.cacheStats.misses).toBe(misses);

    const one = await api.call("POST /api/notifications/:id/read", {
      params: { id: page.items[1]!.id },
      cookies: user.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ unread: 2 });
    // Again: still read, nothing changes.
    expect(
      (
        await api.call("POST /api/notifications/:id/read", {
          params: { id: page.items[1]!.id },
          cookies: user.cookies,
          remoteAddress: fromNewAddress(),
        })
      ).json(),
    ).toEqual({
      unread: 2,
    });
    expect((await pageOf(user)).items.map((i) => i.read)).toEqual([false, true, false]);

    await notifier.moderation(user.id, "", { text: "One more" });
    expect(await notifier.unreadCount(user.id)).toBe(3);

    const all = await api.call("POST /api/notifications/read-all", {
      cookies: user.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect(await notifier.unreadCount(user.id)).toBe(0);
    expect((await pageOf(user)).items.every((i) => i.read)).toBe(true);
  });

  it("drops a removed post's or comment's notifications and tells the counts; opening the bell mends a count gone wrong", async () => {
    const author = await member("Author");
    const fan = await member("Fan");
    const post = await approvedPost(author);
    const comment = await newComment(t, post, fan);
    await notifier.liked(post, fan.id);
    await notifier.commented(post, comment, fan.id);
    expect(await notifier.unreadCount(author.id)).toBe(2);
    await notifier.commentRemoved(comment);
    expect(await notifier.unreadCount(author.id)).toBe(1);
    await notifier.postRemoved(post);
    expect(await notifier.unreadCount(author.id)).toBe(0);
    expect((await pageOf(author)).items).toEqual([]);

    // A row gone without a word (the database's cascade): the bell's list reads the count again.
    const other = await approvedPost(author);
    await notifier.liked(other, fan.id);
    expect(await notifier.unreadCount(author.id)).toBe(1);
    await t.database.db.delete(notifications).where(eq(notifications.userId, author.id));
    expect(await notifier.unreadCount(author.id)).toBe(1);
    expect((await pageOf(author)).unread).toBe(0);
    expect(await notifier.unreadCount(author.id)).toBe(0);
  });

  it("answers 404 for another person's notification, and 401 to visitors", async () => {
    const [owner, other] = [await member(), await member()];
    await notifier.moderation(owner.id, "", { text: "You were warned" });
    const id = (await pageOf(owner)).items[0]!.id;
    const res = await api.call("POST /api/notifications/:id/read", {
      params: { id },
      cookies: other.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe("Notification not found");
    expect((await pageOf(owner)).items[0]!.read).toBe(false);
    expect(
      (await api.call("POST /api/notifications/:id/read", { params: { id }, remoteAddress: fromNewAddress() }))
        .statusCode,
    ).toBe(401);
    expect((await api.call("POST /api/notifications/read-all", { remoteAddress: fromNewAddress() })).statusCode).toBe(
      401,
    );
  });
});

describe("e-mail", () => {
  const unfoldedLink = (mail: ParsedMail) => /^<(.+)>$/.exec(mail.headers.get("list-unsubscribe") ?? "")?.[1];

  it("is in the recipient's language, its links to pages in that language; the bell speaks the page's", async () => {
    const author = await member("Layla");
    await t.database.db.update(users).set({ language: "ar" }).where(eq(users.id, author.id));
    const post = await approvedPost(author);
    await notifier.postApproved(post);
    const [mail] = mailsTo(author);
    const arabic = serverTranslator("ar");
    expect(mail!.subject).toBe(arabic("Your drawing was approved"));
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.text).toContain(`http://dragongrid.test/ar/feed?post=${post}`);
    expect(mail!.text).toMatch(/http:\/\/dragongrid\.test\/ar\/unsubscribe\?token=/);
    // The one-click address is the API's, the same in every language.
    expect(unfoldedLink(mail!)).toMatch(/^http:\/\/dragongrid\.test\/api\/notifications\/unsubscribe\?token=/);
    // The bell on a German page says it in German, whatever the account's language.
    const res = await t.app.inject({
      method: "GET",
      url: "/api/notifications",
      cookies: author.cookies,
      headers: { "accept-language": "de" },
    });
    expect((res.json() as Page).items[0]!.text).toBe(serverTranslator("de")("Your drawing was approved"));
  });

  it("goes out at once with the unsubscribe headers and link, then at most once an hour, the rest in a digest", async () => {
    const author = await member("Author");
    const post = await approvedPost(author);
    await notifier.postApproved(post);
    let mails = mailsTo(author);
    expect(mails).toHaveLength(1);
    const [first] = mails;
    expect(first!.subject).toBe("Your drawing was approved");
    expect(first!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = unfoldedLink(first!);
    expect(oneClick).toMatch(/^http:\/\/dragongrid\.test\/api\/notifications\/unsubscribe\?token=[^&\s]+$/);
    const token = new URL(oneClick!).searchParams.get("token")!;
    const page = `http://dragongrid.test/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(first!.text).toContain(page);
    expect(first!.html).toContain(`href="${page}"`);
    expect(first!.text).toContain(`http://dragongrid.test/feed?post=${post}`);
    // The token names this kind: GET says so, without a session.
    expect(
      (
        await api.call("GET /api/notifications/unsubscribe", { query: { token }, remoteAddress: fromNewAddress() })
      ).json(),
    ).toEqual({ kind: "approved" });

    // Within the hour: kept for the digest.
    clock += 10 * 60_000;
    await notifier.postApproved(post);
    clock += 10 * 60_000;
    await notifier.postApproved(post);
    expect(mailsTo(author)).toHaveLength(1);
    expect(await notifier.sendDueDigests()).toBe(0);
    const waiting = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), sql`${notifications.emailedAt} is null`));
    expect(waiting).toHaveLength(2);

    // The hour is over: one message lists both; two runs at once (two processes) send it once.
    clock += 41 * 60_000;
    expect((await Promise.all([notifier.sendDueDigests(), notifier.sendDueDigests()])).reduce((a, b) => a + b)).toBe(1);
    mails = mailsTo(author);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("2 new notifications on Dragon Grid");
    expect(mails[1]!.text.match(/Your drawing was approved/g)).toHaveLength(2);
    expect(unfoldedLink(mails[1]!)).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    expect(mails[1]!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, author.id), sql`${notifications.emailedAt} is null`)),
    ).toEqual([]);
    expect(await notifier.sendDueDigests()).toBe(0);

    // Each kind has its own hour: a rejection now goes at once.
    await notifier.postRejected(post, "Blurry");
    expect(mailsTo(author)).toHaveLength(3);
    expect(mailsTo(author)[2]!.subject).toBe("Your drawing was not approved");
    const [sends] = await t.database.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.userId, author.id), eq(emailSends.kind, "approved")));
    expect(sends!.lastSentAt.getTime()).toBe(clock);
  });

  it("mails comments and replies under one switch, escapes names in HTML, never names an address", async () => {
    const author = await member("Author");
    const earlier = await member("Earlier");
    const rude = await member("<b>Eve</b> & co");
    const post = await approvedPost(author);
    await newComment(t, post, earlier);
    const comment = await newComment(t, post, rude);
    await notifier.commented(post, comment, rude.id);
    const [toAuthor] = mailsTo(author);
    const [toEarlier] = mailsTo(earlier);
    expect(toAuthor!.subject).toBe("<b>Eve</b> & co commented on your dragon");
    expect(toEarlier!.subject).toBe("<b>Eve</b> & co replied under your comment");
    expect(toAuthor!.text).toContain(`http://dragongrid.test/feed?post=${post}&comment=${comment}`);
    for (const mail of [toAuthor!, toEarlier!]) {
      expect(mail.html).not.toContain("<b>Eve</b>");
      expect(mail.html).toContain("&#60;b&#62;Eve&#60;/b&#62; &#38; co");
      expect(mail.text + mail.html).not.toContain(rude.email);
      expect(new URL(unfoldedLink(mail)!).searchParams.get("token")).toContain(".comment.");
    }
  });

  it("is not sent for likes, moderation, unverified addresses or kinds switched off", async () => {
    const author = await member("Author");
    const post = await approvedPost(author);
    await notifier.liked(post, (await member("Fan")).id);
    await notifier.moderation(author.id, "Spam", { text: "You were warned" });
    expect(mailsTo(author)).toEqual([]);
    expect(
      (
        await api.call("PUT /api/notifications/email-settings", {
          cookies: author.cookies,
          body: {
            approved: false,
            rejected: true,
            comment: true,
          },
          remoteAddress: fromNewAddress(),
        })
      ).statusCode,
    ).toBe(200);
    await notifier.postApproved(post);
    expect(mailsTo(author)).toEqual([]);
    // Nor later, as a digest.
    clock += 2 * HOUR;
    await notifier.sendDueDigests();
    expect(mailsTo(author)).toEqual([]);
  });

  it("waits for a digest when sending failed, and the digest sends it", async () => {
    const author = await member("Author");
    const post = await approvedPost(author);
    // Another process's notifier on the same database, whose mail server is down at first.
    const sent: MailMessage[] = [];
    let down = true;
    const mailer: Mailer = {
      kind: "smtp",
      async send(message) {
        if (down) throw new Error("connection refused");
        sent.push(message);
      },
    };
    const other = settled(
      createNotifier({
        db: t.database.db,
        mailer,
        config: t.config,
        changes: localChannel(),
        log: t.app.log,
        now: () => clock,
      }),
    );
    await other.postApproved(post);
    expect(sent).toEqual([]);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(row!.emailedAt).toBeNull();
    // Its hour was given back: the next run sends it, as itself.
    down = false;
    expect(await other.sendDueDigests()).toBeGreaterThanOrEqual(1);
    expect(sent.filter((m) => m.to === author.email).map((m) => m.subject)).toEqual(["Your drawing was approved"]);
  });
});

describe("events", () => {
  it("resolve once stored and counted, without waiting for the mail server", async () => {
    const author = await member("Author");
    const post = await approvedPost(author);
    let release!: () => void;
    const sent: MailMessage[] = [];
    const slow: Mailer = {
      kind: "smtp",
      async send(message) {
        await new Promise<void>((resolve) => (release = resolve));
        sent.push(message);
      },
    };
    const other = createNotifier({
      db: t.database.db,
      mailer: slow,
      config: t.config,
      changes: localChannel(),
      log: t.app.log,
      now: () => clock,
    });
    await other.postApproved(post);
    expect(await other.unreadCount(author.id)).toBe(1);
    expect(sent).toEqual([]);
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    await other.idle();
    expect(sent.map((m) => m.to)).toEqual([author.email]);
  });
});

describe("unsubscribe", () => {
  const tokenFor = (user: TestUser, kind: "approved" | "rejected" | "comment") =>
    notifier.unsubscribeToken(user.id, kind);

  it("turns the kind off with the RFC 8058 one-click POST: form body, no cookie, no Origin", async () => {
    const user = await member("Reader");
    const res = await api.call("POST /api/notifications/unsubscribe", {
      query: { token: tokenFor(user, "comment") },
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: "comment",
      message:
        "You will no longer get these emails: When someone comments on my drawing or replies under my comment. You can switch them on again in your profile.",
    });
    expect(await emailSettingsOf(user)).toEqual({ approved: true, rejected: true, comment: false });
    // Again: still off, once.
    await api.call("POST /api/notifications/unsubscribe", {
      query: { token: tokenFor(user, "comment") },
      remoteAddress: fromNewAddress(),
    });
    const [row] = await t.database.db.select({ muted: users.mutedEmailKinds }).from(users).where(eq(users.id, user.id));
    expect(row!.muted).toEqual(["comment"]);
  });

  it.each([
    [
      "multipart/form-data",
      { "content-type": "multipart/form-data; boundary=x" },
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    ],
    ["an empty JSON body", { "content-type": "application/json" }, ""],
    ["a JSON body", { "content-type": "application/json" }, "{}"],
    ["no body", {}, undefined],
    ["the site's own Origin", { origin: "http://dragongrid.test", "content-type": "application/json" }, "{}"],
  ])("accepts %s", async (_case, headers, payload) => {
    const user = await member();
    const res = await api.call("POST /api/notifications/unsubscribe", {
      query: { token: tokenFor(user, "approved") },
      headers,
      // The one-click body is a form or nothing, not the contract's JSON.
      payload,
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailSettingsOf(user)).toEqual({ approved: false, rejected: true, comment: true });
  });

  it("refuses a tampered token, another kind's, another person's, and a cross-site form", async () => {
    const user = await member();
    const victim = await member();
    const good = tokenFor(user, "approved");
    const [id, , mac] = good.split(".");
    const tampered = [
      `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`,
      `${id}.comment.${mac}`,
      `${victim.id}.approved.${mac}`,
      `${id}.approved`,
      "not-a-token-at-all",
    ];
    for (const token of tampered) {
      for (const method of ["GET", "POST"] as const) {
        // Raw: the same tampered link, as mailed, for both methods.
        const res = await t.app.inject({
          method,
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
          remoteAddress: fromNewAddress(),
        });
        expect(res.statusCode, token).toBe(400);
        expect(res.body).toBe(INVALID_LINK);
      }
    }
    const crossSite = await api.call("POST /api/notifications/unsubscribe", {
      query: { token: good },
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: fromNewAddress(),
    });
    expect(crossSite.statusCode).toBe(403);
    for (const person of [user, victim])
      expect(await emailSettingsOf(person)).toEqual({ approved: true, rejected: true, comment: true });
  });

  it("refuses the token of an account that is gone", async () => {
    const user = await member();
    const token = tokenFor(user, "approved");
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const res = await api.call("POST /api/notifications/unsubscribe", {
      query: { token },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(INVALID_LINK);
  });
});

describe("e-mail settings", () => {
  it("round-trips, per person", async () => {
    const [user, other] = [await member(), await member()];
    expect(await emailSettingsOf(user)).toEqual({
      approved: true,
      rejected: true,
      comment: true,
    });
    const put = await api.call("PUT /api/notifications/email-settings", {
      cookies: user.cookies,
      body: {
        approved: false,
        rejected: true,
        comment: false,
      },
      remoteAddress: fromNewAddress(),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ approved: false, rejected: true, comment: false });
    expect(await emailSettingsOf(user)).toEqual({
      approved: false,
      rejected: true,
      comment: false,
    });
    const [row] = await t.database.db.select({ muted: users.mutedEmailKinds }).from(users).where(eq(users.id, user.id));
    expect(row!.muted).toEqual(["approved", "comment"]);
    expect(await emailSettingsOf(other)).toEqual({
      approved: true,
      rejected: true,
      comment: true,
    });
    await api.call("PUT /api/notifications/email-settings", {
      cookies: user.cookies,
      body: {
        approved: true,
        rejected: true,
        comment: true,
      },
      remoteAddress: fromNewAddress(),
    });
    expect(await emailSettingsOf(user)).toEqual({
      approved: true,
      rejected: true,
      comment: true,
    });
  });

  it("refuses visitors and a bad body", async () => {
    expect(
      (await api.call("GET /api/notifications/email-settings", { remoteAddress: fromNewAddress() })).statusCode,
    ).toBe(401);
    expect(
      (
        await api.call("PUT /api/notifications/email-settings", {
          body: {
            approved: true,
            rejected: true,
            comment: true,
          },
          remoteAddress: fromNewAddress(),
        })
      ).statusCode,
    ).toBe(401);
    const user = await member();
    const bad = await api.call("PUT /api/notifications/email-settings", {
      cookies: user.cookies,
      // A body the contract refuses, sent on purpose.
      payload: {
        approved: "yes",
        rejected: true,
        comment: true,
      },
      remoteAddress: fromNewAddress(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("addresses", () => {
  it("no answer of the bell held any full e-mail address but nobody's", async () => {
    const all = await t.database.db.select({ email: users.email }).from(users);
    const text = answers.join("\n");
    expect(answers.length).toBeGreaterThan(20);
    for (const { email } of all) expect(text).not.toContain(email);
  });
});
