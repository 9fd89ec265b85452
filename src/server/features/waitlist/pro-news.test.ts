import crypto from "node:crypto";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, waitlist } from "../../db/schema";
import { createMailer, type MailMessage, type Mailer } from "../../mail/mailer";
import { createTestApp, type TestApp } from "../../test/test-app";
import { parseEml } from "../../test/eml";
import { decodeQuotedPrintable, outboxFor, waitForMail } from "../../test/mail";
import { startProWaitlistNews } from "../../jobs/pro-waitlist-news";
import { PRO_NEWS_BATCH, createProNews } from "./pro-news";
import { PRO_NEWS_SUBJECT } from "./pro-news-email";
import { testClient } from "../../test/api-client";

// Telling the Pro waitlist once that Pro is theirs (decision 031): with PRO=everyone every
// address, by the job, once each even with two server processes at it; with PRO=granted only the
// addresses of people given Pro; with PRO=off nobody. A failed send is tried again.

const log = Fastify({ logger: false }).log;

/** A mailer that keeps what it sends, taking a moment each time (so two processes interleave). */
function recordingMailer(fail: (to: string) => boolean = () => false): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: "outbox",
    sent,
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fail(message.to)) throw new Error("mail server said no");
      sent.push(message);
    },
  };
}

const newAddresses = (count: number, tag = crypto.randomBytes(4).toString("hex")) =>
  Array.from({ length: count }, (_, i) => `waiting-${tag}-${i}@example.com`);
const untold = async (t: TestApp, emails: string[]) =>
  (
    await t.database.db
      .select({ email: waitlist.email })
      .from(waitlist)
      .where(sql`${inArray(waitlist.email, emails)} and ${isNull(waitlist.toldAt)}`)
  ).map((row) => row.email);

describe("with PRO=everyone", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ PRO: "everyone" });
    // A second server process of the same installation: its own data directory (and outbox), the same database.
    b = await createTestApp({ PRO: "everyone" }, { database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("tells every waiting address exactly once, with two processes at it at the same moment, and only once however often it runs", async () => {
    // Every address waiting so far, and more than a batch of new ones.
    await createProNews({ db: a.database.db, mailer: recordingMailer(), config: a.config, log }).tellWaiting();
    const emails = newAddresses(PRO_NEWS_BATCH * 2 + 7);
    await a.database.db.insert(waitlist).values(emails.map((email) => ({ email, confirmedAt: new Date() })));
    const news = [a, b].map((t) =>
      createProNews({ db: t.database.db, mailer: createMailer(t.config, log), config: t.config, log }),
    );
    const sent = await Promise.all([
      news[0]!.tellWaiting(),
      news[1]!.tellWaiting(),
      news[0]!.tellWaiting(),
      news[1]!.tellWaiting(),
    ]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(emails.length);
    for (const email of emails)
      expect(outboxFor(a.dataDir, email).length + outboxFor(b.dataDir, email).length, email).toBe(1);
    expect(await untold(a, emails)).toEqual([]);
    expect(await Promise.all(news.map((n) => n.tellWaiting()))).toEqual([0, 0]);

    const mail = parseEml(outboxFor(a.dataDir, emails[0]!)[0] ?? outboxFor(b.dataDir, emails[0]!)[0]!);
    expect(mail.subject).toBe(PRO_NEWS_SUBJECT);
    expect(mail.text).toContain("Pro is now open to every member");
    expect(mail.text).toContain("create an account with this e-mail address");
    expect(mail.text).toContain("\nhttp://dragongrid.test/home\n");
    expect(mail.html).toContain('href="http://dragongrid.test/home"');
  });

  it("never sends again to an address another process has claimed and not yet committed", async () => {
    const news = createProNews({ db: a.database.db, mailer: recordingMailer(), config: a.config, log });
    await news.tellWaiting();
    const [email] = newAddresses(1);
    await a.database.db.insert(waitlist).values({ email: email!, confirmedAt: new Date() });
    let run: Promise<number> | undefined;
    // The other process's claim, held open while this one runs: on PostgreSQL its row is locked.
    await a.database.db.transaction(async (tx) => {
      await tx.update(waitlist).set({ toldAt: new Date() }).where(eq(waitlist.email, email!));
      run = news.tellWaiting();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(await run).toBe(0);
  });

  it("tells someone who joins the waitlist later at the next run, once they have confirmed their address", async () => {
    const news = createProNews({ db: a.database.db, mailer: createMailer(a.config, log), config: a.config, log });
    await news.tellWaiting();
    const [email] = newAddresses(1);
    expect((await testClient(a.app).call("POST /api/waitlist", { body: { email: email! } })).statusCode).toBe(200);
    const [confirmation] = await waitForMail(a.dataDir, email!);
    expect(await news.tellWaiting()).toBe(0);
    const token = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(confirmation!))![1];
    expect((await testClient(a.app).call("POST /api/waitlist/confirm", { body: { token: token! } })).statusCode).toBe(
      200,
    );
    expect(await news.tellWaiting()).toBe(1);
    expect(outboxFor(a.dataDir, email!)).toHaveLength(2);
  });

  it("gives a failed send's claim back, so the next run tries again; the others are told once", async () => {
    const emails = newAddresses(3);
    await a.database.db.insert(waitlist).values(emails.map((email) => ({ email, confirmedAt: new Date() })));
    const failing = recordingMailer((to) => to === emails[1]);
    expect(await createProNews({ db: a.database.db, mailer: failing, config: a.config, log }).tellWaiting()).toBe(2);
    expect(await untold(a, emails)).toEqual([emails[1]]);
    const working = recordingMailer();
    expect(await createProNews({ db: a.database.db, mailer: working, config: a.config, log }).tellWaiting()).toBe(1);
    expect([...failing.sent, ...working.sent].map((message) => message.to).sort()).toEqual([...emails].sort());
  });

  it("the job tells the waitlist shortly after it starts", async () => {
    const [email] = newAddresses(1);
    await a.database.db.insert(waitlist).values({ email: email!, confirmedAt: new Date() });
    const job = startProWaitlistNews(
      { news: createProNews({ db: a.database.db, mailer: createMailer(a.config, log), config: a.config, log }), log },
      { firstDelayMs: 1, intervalMs: 60_000 },
    );
    await waitForMail(a.dataDir, email!);
    await job.stop();
    expect(outboxFor(a.dataDir, email!)).toHaveLength(1);
  });
});

describe("with PRO=granted", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PRO: "granted" });
  });
  afterAll(() => t.close());

  it("the job tells only the addresses of people given Pro (a send that failed on the grant, a grant made before they joined)", async () => {
    const [given, notGiven] = newAddresses(2);
    await t.database.db.insert(users).values([
      { email: given!, emailVerified: true, proGranted: true },
      { email: notGiven!, emailVerified: true },
    ]);
    await t.database.db.insert(waitlist).values([
      { email: given!.toUpperCase(), confirmedAt: new Date() },
      { email: notGiven!, confirmedAt: new Date() },
    ]);
    const mailer = recordingMailer();
    const news = createProNews({ db: t.database.db, mailer, config: t.config, log });
    expect(await news.tellWaiting()).toBe(1);
    expect(await news.tellAddress(notGiven!)).toBe(0);
    expect(mailer.sent.map((message) => [message.to, message.subject])).toEqual([
      [given!.toUpperCase(), PRO_NEWS_SUBJECT],
    ]);
    expect(mailer.sent[0]!.text).toContain("Pro is now switched on for your account");
    expect(await news.tellWaiting()).toBe(0);
  });
});

describe("with PRO=off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PRO: "off" });
  });
  afterAll(() => t.close());

  it("tells nobody", async () => {
    const [email] = newAddresses(1);
    await t.database.db.insert(users).values({ email: email!, emailVerified: true, proGranted: true });
    await t.database.db.insert(waitlist).values({ email: email!, confirmedAt: new Date() });
    const mailer = recordingMailer();
    const news = createProNews({ db: t.database.db, mailer, config: t.config, log });
    expect([await news.tellWaiting(), await news.tellAddress(email!)]).toEqual([0, 0]);
    expect(mailer.sent).toEqual([]);
    expect(
      (await t.database.db.select({ toldAt: waitlist.toldAt }).from(waitlist).where(eq(waitlist.email, email!)))[0]!
        .toldAt,
    ).toBeNull();
  });
});
