import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationLog, users, waitlist } from "../../db/schema";
import { afterResponseSettled } from "../../http/after-response";
import { createTestApp, type TestApp } from "../../test/test-app";
import { parseEml } from "../../test/eml";
import { outboxFor, waitForMail } from "../../test/mail";
import { createSignedInUser, type TestUser } from "../../test/users";
import type { AdminUsers } from "../../../shared/users/responses";
import { testClient } from "../../test/api-client";

// Pro given and taken back by admins (issue 30, decision 031): PUT /api/admin/users/:id/pro, the
// audit log, the person's very next request, the list's Pro, and the one e-mail to a waitlist
// address whose person is given Pro. Each PRO setting on an app of its own.

const apps: Partial<Record<"off" | "granted" | "everyone", TestApp>> = {};
const admins: Partial<Record<keyof typeof apps, TestUser>> = {};

beforeAll(async () => {
  for (const setting of ["off", "granted", "everyone"] as const) {
    apps[setting] = await createTestApp({ PRO: setting });
    admins[setting] = await createSignedInUser(apps[setting], { isAdmin: true });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((app) => app.close()));
});

const app = (setting: keyof typeof apps) => apps[setting]!;
const setPro = (t: TestApp, who: TestUser | null, id: string, pro: boolean) =>
  testClient(t.app).call("PUT /api/admin/users/:id/pro", { params: { id }, cookies: who?.cookies, body: { pro } });
const me = async (t: TestApp, who: TestUser) =>
  (await testClient(t.app).call("GET /api/auth/user", { cookies: who.cookies })).json();
const listed = async (t: TestApp, admin: TestUser, email: string): Promise<AdminUsers> => {
  const res = await testClient(t.app).call("GET /api/admin/users", { query: { q: email }, cookies: admin.cookies });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const logEntries = (t: TestApp, targetUserId: string) =>
  t.database.db
    .select({ action: moderationLog.action, actorId: moderationLog.actorId })
    .from(moderationLog)
    .where(eq(moderationLog.targetUserId, targetUserId))
    .orderBy(moderationLog.id);
const toldAt = async (t: TestApp, email: string) =>
  (await t.database.db.select({ toldAt: waitlist.toldAt }).from(waitlist).where(eq(waitlist.email, email)))[0]
    ?.toldAt ?? null;

describe("PUT /api/admin/users/:id/pro", () => {
  it("is for admins only: 401 for visitors, 403 for members, whatever they send", async () => {
    const t = app("granted");
    const member = await createSignedInUser(t);
    expect((await setPro(t, null, member.id, true)).statusCode).toBe(401);
    expect((await setPro(t, member, member.id, true)).statusCode).toBe(403);
    expect(
      (
        await testClient(t.app).call("PUT /api/admin/users/:id/pro", {
          params: { id: member.id },
          cookies: member.cookies,
          // A value the contract refuses, sent on purpose.
          payload: { pro: "yes" },
        })
      ).statusCode,
    ).toBe(403);
    expect((await me(t, member)).pro).toBe(false);
    expect(await logEntries(t, member.id)).toEqual([]);
  });

  it("with PRO=granted gives a member Pro from their very next request, logs it once, and takes it back the same way", async () => {
    const t = app("granted");
    const admin = admins.granted!;
    const member = await createSignedInUser(t);
    // The member's session is looked up (and remembered for a few seconds) without Pro.
    expect((await me(t, member)).pro).toBe(false);
    const granted = await setPro(t, admin, member.id, true);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.headers["cache-control"]).toBe("no-store");
    expect(granted.json()).toMatchObject({ id: member.id, pro: true, proGranted: true, isAdmin: false });
    expect((await me(t, member)).pro).toBe(true);
    const page = await listed(t, admin, member.email);
    expect(page.proSetting).toBe("granted");
    expect(page.items).toEqual([expect.objectContaining({ id: member.id, pro: true, proGranted: true })]);
    // Asking again changes nothing and logs nothing.
    expect((await setPro(t, admin, member.id, true)).statusCode).toBe(200);
    expect(await logEntries(t, member.id)).toEqual([{ action: "grant-pro", actorId: admin.id }]);

    const removed = await setPro(t, admin, member.id, false);
    expect([removed.statusCode, removed.json().pro, removed.json().proGranted]).toEqual([200, false, false]);
    expect((await me(t, member)).pro).toBe(false);
    expect(await logEntries(t, member.id)).toEqual([
      { action: "grant-pro", actorId: admin.id },
      { action: "remove-pro", actorId: admin.id },
    ]);
  });

  it("takes an id in capitals as the same person, and answers 404 for nobody", async () => {
    const t = app("granted");
    const member = await createSignedInUser(t);
    expect((await me(t, member)).pro).toBe(false);
    expect((await setPro(t, admins.granted!, member.id.toUpperCase(), true)).statusCode).toBe(200);
    expect((await me(t, member)).pro).toBe(true);
    const missing = await setPro(t, admins.granted!, crypto.randomUUID(), true);
    expect([missing.statusCode, missing.body]).toEqual([404, "User not found"]);
    expect(
      (
        await testClient(t.app).call("PUT /api/admin/users/:id/pro", {
          params: { id: member.id },
          cookies: admins.granted!.cookies,
          // A value the contract refuses, sent on purpose.
          payload: { pro: "yes" },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("with PRO=off keeps the grant (and logs it) but nobody has Pro, admins included", async () => {
    const t = app("off");
    const member = await createSignedInUser(t);
    const res = await setPro(t, admins.off!, member.id, true);
    expect(res.json()).toMatchObject({ pro: false, proGranted: true });
    expect((await me(t, member)).pro).toBe(false);
    expect((await me(t, admins.off!)).pro).toBe(false);
    expect(await logEntries(t, member.id)).toEqual([{ action: "grant-pro", actorId: admins.off!.id }]);
    expect((await listed(t, admins.off!, member.email)).proSetting).toBe("off");
  });

  it("lists Pro as the setting decides: admins whenever it is on; with PRO=everyone every verified member", async () => {
    const t = app("everyone");
    const admin = admins.everyone!;
    const tag = crypto.randomBytes(4).toString("hex");
    await t.database.db.insert(users).values([
      { email: `verified-${tag}@example.com`, emailVerified: true },
      { email: `unverified-${tag}@example.com`, emailVerified: false },
    ]);
    const page = await listed(t, admin, tag);
    expect(page.proSetting).toBe("everyone");
    expect(Object.fromEntries(page.items.map((person) => [person.email.split("-")[0], person.pro]))).toEqual({
      verified: true,
      unverified: false,
    });
    expect((await listed(t, admin, admin.email)).items[0]).toMatchObject({ pro: true, proGranted: false });
    expect((await listed(app("granted"), admins.granted!, admins.granted!.email)).items[0]).toMatchObject({
      pro: true,
      proGranted: false,
    });
  });
});

describe("the waitlist e-mail on a grant", () => {
  it("with PRO=granted, tells the person's waitlist address (any case) once: grant, remove, grant again is still one e-mail", async () => {
    const t = app("granted");
    const tag = crypto.randomBytes(4).toString("hex");
    // The API keeps addresses lower case; a row written otherwise (by hand, an import) is still theirs.
    const waiting = `Wait.${tag}@Example.com`;
    await t.database.db.insert(waitlist).values({ email: waiting, confirmedAt: new Date() });
    const member = await createSignedInUser(t, { email: waiting.toLowerCase() });

    expect((await setPro(t, admins.granted!, member.id, true)).statusCode).toBe(200);
    const [raw] = await waitForMail(t.dataDir, waiting);
    const mail = parseEml(raw!);
    expect(mail.subject).toBe("Dragon Grid Pro is ready for you");
    // Nodemailer writes the domain in lower case.
    expect(mail.headers.get("to")).toBe(`Wait.${tag}@example.com`);
    expect(mail.text).toContain("Pro is now switched on for your account");
    expect(mail.text).toContain("\nhttp://dragongrid.test/home\n");
    expect(mail.html).toContain('href="http://dragongrid.test/home"');
    // No tracking: the only links are the plain /home, no pixel, no query string.
    expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "http://dragongrid.test/home",
      "http://dragongrid.test/home",
    ]);
    expect(mail.html).not.toMatch(/<img/i);
    expect(await toldAt(t, waiting)).toBeInstanceOf(Date);

    expect((await setPro(t, admins.granted!, member.id, false)).statusCode).toBe(200);
    expect((await setPro(t, admins.granted!, member.id, true)).statusCode).toBe(200);
    await afterResponseSettled(t.app);
    expect(outboxFor(t.dataDir, waiting)).toHaveLength(1);

    // The statistics say when.
    const stats = (await testClient(t.app).call("GET /api/admin/stats", { cookies: admins.granted!.cookies })).json();
    const entry = stats.waitlistEmails.find((row) => row.email === waiting)!;
    expect(entry.toldAt).toBe((await toldAt(t, waiting))!.toISOString());
  });

  it("sends nothing to people who are not on the waitlist, and nothing with PRO=off", async () => {
    const off = app("off");
    const tag = crypto.randomBytes(4).toString("hex");
    const waiting = `off-${tag}@example.com`;
    await off.database.db.insert(waitlist).values({ email: waiting, confirmedAt: new Date() });
    const member = await createSignedInUser(off, { email: waiting });
    expect((await setPro(off, admins.off!, member.id, true)).statusCode).toBe(200);
    await afterResponseSettled(off.app);
    expect(outboxFor(off.dataDir, waiting)).toEqual([]);
    expect(await toldAt(off, waiting)).toBeNull();

    const granted = app("granted");
    const stranger = await createSignedInUser(granted);
    expect((await setPro(granted, admins.granted!, stranger.id, true)).statusCode).toBe(200);
    await afterResponseSettled(granted.app);
    expect(outboxFor(granted.dataDir, stranger.email)).toEqual([]);
  });
});
