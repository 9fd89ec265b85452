import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationLog, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { within } from "../../test/within";
import { createSignedInUser, type TestUser } from "../../test/users";
import { LAST_ADMIN_REMOVAL_MESSAGE, PEOPLE_PAGE_SIZE, SANCTIONED_ADMIN_MESSAGE } from "../../../shared/users";
import type { AdminUsers } from "../../../shared/users/responses";
import { containsPattern, searchCondition } from "./repository";
import type { CallInput } from "../../../shared/contract/calls";
import { testClient, type TestClient } from "../../test/api-client";

// The admin list of people (issue 30, decision 030): search, paging, and the admin role given and
// taken back, through the API on a real database.

let t: TestApp;
let api: TestClient;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  admin = await createSignedInUser(t, { isAdmin: true });
});
afterAll(() => t.close());

type Cookies = Record<string, string> | undefined;
const list = (cookies: Cookies, query: CallInput<"GET /api/admin/users">["query"] = {}, app: TestApp = t) =>
  testClient(app.app).call("GET /api/admin/users", { query, cookies });
const people = async (
  query: Record<string, string> = {},
  app: TestApp = t,
  who: TestUser = admin,
): Promise<AdminUsers> => {
  const res = await list(who.cookies, query, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setAdmin = (who: TestUser, id: string, isAdmin: boolean, app: TestApp = t) =>
  testClient(app.app).call("PUT /api/admin/users/:id/admin", {
    params: { id },
    cookies: who.cookies,
    body: { isAdmin },
  });
const emails = (page: AdminUsers) => page.items.map((person) => person.email);

/** People made straight in the database, a minute apart, the last one newest. */
async function newUsers(app: TestApp, rows: Array<Partial<typeof users.$inferInsert>>, start = Date.UTC(2026, 0, 1)) {
  return app.database.db
    .insert(users)
    .values(
      rows.map((row, i) => ({
        email: `person-${crypto.randomUUID()}@example.com`,
        createdAt: new Date(start + i * 60_000),
        ...row,
      })),
    )
    .returning({ id: users.id, email: users.email });
}

const logEntries = (app: TestApp, targetUserId: string) =>
  app.database.db
    .select({ action: moderationLog.action, actorId: moderationLog.actorId })
    .from(moderationLog)
    .where(eq(moderationLog.targetUserId, targetUserId))
    .orderBy(moderationLog.id);

describe("the list of people", () => {
  it("lists people newest first, 25 a page, with the total; a page past the end is empty but keeps the total", async () => {
    const tag = `pager${crypto.randomBytes(4).toString("hex")}`;
    const made = await newUsers(
      t,
      Array.from({ length: 30 }, (_, i) => ({ firstName: `Ann ${tag}`, lastName: `Number ${i}` })),
    );
    const newestFirst = made.map((person) => person.email).reverse();
    const first = await people({ q: tag });
    expect(first.total).toBe(30);
    expect(emails(first)).toEqual(newestFirst.slice(0, PEOPLE_PAGE_SIZE));
    const second = await people({ q: tag, offset: "25" });
    expect([second.total, emails(second)]).toEqual([30, newestFirst.slice(25)]);
    expect(await people({ q: tag, offset: "60" })).toEqual({ items: [], total: 30, proSetting: "off" });

    // Without a search: everyone, newest first.
    const everyone = await people();
    const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(everyone.total).toBe(row!.count);
    expect(everyone.items).toHaveLength(PEOPLE_PAGE_SIZE);
    const times = everyone.items.map((person) => Date.parse(person.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("finds a first name, a last name, an e-mail or a full name containing the text, in any case", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const [ada, grace] = await newUsers(t, [
      { firstName: `Ada${tag}`, lastName: "Lovelace", email: `countess-${tag}@Analytical.example` },
      { firstName: "Grace", lastName: `Hopper${tag}`, email: `admiral-${tag}@navy.example` },
    ]);
    expect(emails(await people({ q: `ADA${tag}` }))).toEqual([ada!.email]);
    expect(emails(await people({ q: `opper${tag}` }))).toEqual([grace!.email]);
    expect(emails(await people({ q: `analytical.EXAMPLE` }))).toEqual([ada!.email]);
    expect(emails(await people({ q: `  ${tag}  ` }))).toEqual([grace!.email, ada!.email]);
    expect(emails(await people({ q: `grace hopper${tag}` }))).toEqual([grace!.email]);
    expect(await people({ q: `nobody-${tag}` })).toEqual({ items: [], total: 0, proSetting: "off" });
  });

  it("matches %, _ and \\ as themselves, never as wildcards", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const [percent, underscore, backslash, plain] = await newUsers(t, [
      { firstName: `w${tag}`, lastName: "100%" },
      { firstName: `w${tag}`, lastName: "snake_case" },
      { firstName: `w${tag}`, lastName: "back\\slash" },
      { firstName: `w${tag}`, lastName: "plain" },
    ]);
    expect(emails(await people({ q: `w${tag}` }))).toHaveLength(4);
    expect(
      emails(await people({ q: "%" })).filter((email) =>
        [percent, underscore, backslash, plain].some((p) => p!.email === email),
      ),
    ).toEqual([percent!.email]);
    expect(emails(await people({ q: `w${tag} snake_` }))).toEqual([underscore!.email]);
    expect(emails(await people({ q: `w${tag} snake%` }))).toEqual([]);
    expect(emails(await people({ q: `w${tag} back\\` }))).toEqual([backslash!.email]);
    expect(emails(await people({ q: `w${tag} _lai` }))).toEqual([]);
    expect(containsPattern("5%_a\\b")).toBe("%5\\%\\_a\\\\b%");
  });

  it("shows whether each person is verified, an admin, suspended (while it runs) or banned, and nothing more", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const now = Date.now();
    await newUsers(t, [
      { firstName: `s${tag}`, lastName: "Over", suspendedUntil: new Date(now - 60_000), sanctionReason: "Spam" },
      { firstName: `s${tag}`, lastName: "Running", suspendedUntil: new Date(now + 86_400_000), sanctionReason: "Spam" },
      {
        firstName: `s${tag}`,
        lastName: "Banned",
        bannedAt: new Date(now),
        sanctionReason: "Spam",
        emailVerified: true,
        passwordHash: "secret-hash",
      },
    ]);
    const byName = new Map((await people({ q: `s${tag}` })).items.map((person) => [person.lastName, person]));
    expect(byName.get("Over")).toMatchObject({
      suspendedUntil: null,
      banned: false,
      emailVerified: false,
      isAdmin: false,
    });
    expect(byName.get("Running")!.suspendedUntil).toBe(new Date(now + 86_400_000).toISOString());
    expect(byName.get("Banned")).toMatchObject({ suspendedUntil: null, banned: true, emailVerified: true });
    expect(Object.keys(byName.get("Banned")!).sort()).toEqual([
      "banned",
      "createdAt",
      "email",
      "emailVerified",
      "firstName",
      "id",
      "isAdmin",
      "lastName",
      "pro",
      "proGranted",
      "profileImageUrl",
      "suspendedUntil",
    ]);
    expect(JSON.stringify([...byName.values()])).not.toContain("secret-hash");
  });

  it("refuses a search over 100 characters and an offset that is not a whole number", async () => {
    expect([
      (await list(admin.cookies, { q: "x".repeat(101) })).statusCode,
      (await list(admin.cookies, { q: "x".repeat(101) })).body,
    ]).toEqual([400, "Invalid q: must be at most 100 characters"]);
    expect((await list(admin.cookies, { offset: "-1" })).statusCode).toBe(400);
    expect((await list(admin.cookies, { offset: "2.5" })).statusCode).toBe(400);
  });

  it("is for admins only: 401 for visitors, 403 for members", async () => {
    const member = await createSignedInUser(t);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(member.cookies)).statusCode).toBe(403);
    expect((await setAdmin(member, member.id, true)).statusCode).toBe(403);
  });

  it("searches through the trigram index (the query's expression is the index's)", async () => {
    const query = t.database.db.select({ id: users.id }).from(users).where(searchCondition("lovelace")).toSQL();
    // A handful of rows is cheaper to read whole: with sequential scans off, the index must be usable.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const inline = query.sql.replace(
        /\$(\d+)/g,
        (_, n: string) => `'${String(query.params[Number(n) - 1]).replace(/'/g, "''")}'`,
      );
      const result = await tx.execute(sql.raw(`explain ${inline}`));
      return (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
    });
    expect(plan).toContain("users_search_trgm_idx");
  });
});

describe("giving and taking back the admin role", () => {
  it("makes a member an admin from their very next request, logs it once, and takes it back the same way", async () => {
    const member = await createSignedInUser(t);
    // The member's session is looked up (and remembered for a few seconds) as a member.
    expect((await list(member.cookies)).statusCode).toBe(403);
    const granted = await setAdmin(admin, member.id, true);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ id: member.id, isAdmin: true });
    expect((await list(member.cookies)).statusCode).toBe(200);
    expect((await api.call("GET /api/auth/user", { cookies: member.cookies })).json()).toMatchObject({ isAdmin: true });
    // Asking again changes nothing and logs nothing.
    expect((await setAdmin(admin, member.id, true)).statusCode).toBe(200);
    expect(await logEntries(t, member.id)).toEqual([{ action: "grant-admin", actorId: admin.id }]);

    const removed = await setAdmin(admin, member.id, false);
    expect([removed.statusCode, removed.json().isAdmin]).toEqual([200, false]);
    expect((await list(member.cookies)).statusCode).toBe(403);
    expect(await logEntries(t, member.id)).toEqual([
      { action: "grant-admin", actorId: admin.id },
      { action: "remove-admin", actorId: admin.id },
    ]);
  });

  it("takes an id in capitals as the same person (their cached sessions are dropped all the same)", async () => {
    const member = await createSignedInUser(t);
    expect((await list(member.cookies)).statusCode).toBe(403);
    expect((await setAdmin(admin, member.id.toUpperCase(), true)).statusCode).toBe(200);
    expect((await list(member.cookies)).statusCode).toBe(200);
    expect((await setAdmin(admin, member.id, false)).statusCode).toBe(200);
  });

  it("answers 404 for nobody, and refuses to make a suspended or banned person an admin", async () => {
    const missing = await setAdmin(admin, crypto.randomUUID(), true);
    expect([missing.statusCode, missing.body]).toEqual([404, "User not found"]);
    const [suspended, banned] = await newUsers(t, [
      { suspendedUntil: new Date(Date.now() + 86_400_000) },
      { bannedAt: new Date() },
    ]);
    for (const person of [suspended!, banned!]) {
      const res = await setAdmin(admin, person.id, true);
      expect([res.statusCode, res.body]).toEqual([400, SANCTIONED_ADMIN_MESSAGE]);
      expect(await logEntries(t, person.id)).toEqual([]);
    }
    expect(
      (
        await api.call("PUT /api/admin/users/:id/admin", {
          params: { id: admin.id },
          cookies: admin.cookies,
          // A value the contract refuses, sent on purpose.
          payload: { isAdmin: "yes" },
        })
      ).statusCode,
    ).toBe(400);
  });

  describe("on a database of its own, where the admins are known", () => {
    let own: TestApp;
    beforeAll(async () => {
      own = await createTestApp();
    });
    afterAll(() => own.close());

    const adminCount = async () =>
      (
        await own.database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.isAdmin, true))
      )[0]!.count;

    it("never takes the role from the last admin; an admin may give up their own while another remains", async () => {
      const only = await createSignedInUser(own, { isAdmin: true });
      const refused = await setAdmin(only, only.id, false, own);
      expect([refused.statusCode, refused.body]).toEqual([409, LAST_ADMIN_REMOVAL_MESSAGE]);
      expect(await logEntries(own, only.id)).toEqual([]);
      expect((await list(only.cookies, {}, own)).statusCode).toBe(200);

      const member = await createSignedInUser(own);
      expect((await setAdmin(only, member.id, true, own)).statusCode).toBe(200);
      const stepDown = await setAdmin(only, only.id, false, own);
      expect([stepDown.statusCode, stepDown.json().isAdmin]).toEqual([200, false]);
      expect((await list(only.cookies, {}, own)).statusCode).toBe(403);
      expect(await logEntries(own, only.id)).toEqual([{ action: "remove-admin", actorId: only.id }]);
      // The new admin is now the last one.
      expect((await setAdmin(member, member.id, false, own)).body).toBe(LAST_ADMIN_REMOVAL_MESSAGE);
      expect(await adminCount()).toBe(1);
    });

    it("of two admins removing each other at the same moment, exactly one succeeds", async () => {
      await own.database.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      const [a, b] = [
        await createSignedInUser(own, { isAdmin: true }),
        await createSignedInUser(own, { isAdmin: true }),
      ];
      const responses = await Promise.all([setAdmin(a, b.id, false, own), setAdmin(b, a.id, false, own)]);
      // The other is refused either way: 409 when both passed the admin check before either
      // wrote (the last-admin rule), 403 when its check came after it had lost the role.
      const [won, refused] = [...responses].sort((x, y) => x.statusCode - y.statusCode);
      expect(won!.statusCode).toBe(200);
      expect([403, 409]).toContain(refused!.statusCode);
      if (refused!.statusCode === 409) expect(refused!.body).toBe(LAST_ADMIN_REMOVAL_MESSAGE);
      expect(await adminCount()).toBe(1);
      const entries = await own.database.db
        .select()
        .from(moderationLog)
        .where(and(eq(moderationLog.action, "remove-admin"), sql`${moderationLog.targetUserId} in (${a.id}, ${b.id})`));
      expect(entries).toHaveLength(1);
    });

    it("of two admins each giving up their own role at the same moment, exactly one succeeds", async () => {
      await own.database.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      const [a, b] = [
        await createSignedInUser(own, { isAdmin: true }),
        await createSignedInUser(own, { isAdmin: true }),
      ];
      const answers = await Promise.all([setAdmin(a, a.id, false, own), setAdmin(b, b.id, false, own)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(await adminCount()).toBe(1);
    });
  });
});

// Several server processes share a database only on PostgreSQL (PGlite's directory is locked to one process).
describe.skipIf(!process.env.DATABASE_URL)("the admin role in two server processes on one PostgreSQL", () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({}, { database: t.database });
  });
  afterAll(() => other?.close());

  it("a role given through one process holds on the other at once (its remembered session look-ups are dropped)", async () => {
    const member = await createSignedInUser(t);
    expect((await list(member.cookies, {}, other)).statusCode).toBe(403);
    expect((await setAdmin(admin, member.id, true)).statusCode).toBe(200);
    // The other process hears of it through a change notice, within milliseconds rather than the look-up's 5 s.
    await within(1000, async () => (await list(member.cookies, {}, other)).statusCode === 200);
    expect((await setAdmin(admin, member.id, false)).statusCode).toBe(200);
    await within(1000, async () => (await list(member.cookies, {}, other)).statusCode === 403);
  });
});
