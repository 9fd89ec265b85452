import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitlist } from "../../db/schema";
import { createMailer } from "../../mail/mailer";
import { afterResponseSettled } from "../../http/after-response";
import { createTestApp, type TestApp } from "../../test/test-app";
import { parseEml } from "../../test/eml";
import { decodeQuotedPrintable, outboxFor, waitForMail } from "../../test/mail";
import { createAccount, fromNewAddress } from "../../test/accounts";
import { createProNews } from "./pro-news";
import { PRO_NEWS_SUBJECT } from "./pro-news-email";
import { WAITLIST_CONFIRM_SUBJECT } from "./confirmation-email";
import { testClient } from "../../test/api-client";

// Double opt-in for the Pro waitlist (issue 41): an address typed into the dialog gets one
// confirmation e-mail (at most one a day, whichever server process is asked), and hears about Pro
// only once its owner has opened the link; a signed-in member's own address needs no link.

let a: TestApp;
let b: TestApp;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  a = await createTestApp({ PRO: "everyone" });
  // A second server process of the same installation: the same database, its own outbox.
  b = await createTestApp({ PRO: "everyone" }, { database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const newAddress = () => `waiting-${crypto.randomBytes(4).toString("hex")}@example.com`;
const join = (t: TestApp, email: string, cookies?: Record<string, string>) =>
  testClient(t.app).call("POST /api/waitlist", { body: { email }, cookies, remoteAddress: fromNewAddress() });
const confirm = (t: TestApp, token: string) =>
  testClient(t.app).call("POST /api/waitlist/confirm", { body: { token }, remoteAddress: fromNewAddress() });
const mailFor = (email: string) => [...outboxFor(a.dataDir, email), ...outboxFor(b.dataDir, email)].map(parseEml);
const tellEveryone = () =>
  createProNews({ db: a.database.db, mailer: createMailer(a.config, log), config: a.config, log }).tellWaiting();

/** The token of the confirmation link in the address's latest confirmation e-mail. */
function confirmToken(email: string): string {
  const raw = [...outboxFor(a.dataDir, email), ...outboxFor(b.dataDir, email)].at(-1)!;
  const link = /http:\/\/dragongrid\.test\/waitlist\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  expect(link).not.toBeNull();
  return link![1]!;
}

async function settled() {
  await afterResponseSettled(a.app);
  await afterResponseSettled(b.app);
}

describe("POST /api/waitlist", () => {
  it("sends a typed address one confirmation e-mail, once a day across processes, and no Pro news until the link is opened", async () => {
    const email = newAddress();
    const joined = await join(a, email);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      message:
        "You're on the list! We'll email you when Pro launches. If your address is not confirmed yet, check your inbox for the link that confirms it.",
      mustConfirm: true,
    });
    await waitForMail(a.dataDir, email);
    const [mail] = mailFor(email);
    expect(mail!.subject).toBe(WAITLIST_CONFIRM_SUBJECT);
    expect(mail!.text).toContain(
      "Someone, hopefully you, asked to join the Dragon Grid Pro waitlist with this address.",
    );
    expect(mail!.text).toContain("If it was not you, ignore this e-mail: we will not write to you again.");

    // Joining again, here or on the other process, at once: no second message.
    expect(
      (await Promise.all([join(a, email), join(b, email), join(b, email.toUpperCase())])).map((res) => res.statusCode),
    ).toEqual([200, 200, 200]);
    await settled();
    expect(mailFor(email)).toHaveLength(1);

    await tellEveryone();
    expect(mailFor(email).map((m) => m.subject)).toEqual([WAITLIST_CONFIRM_SUBJECT]);

    const confirmed = await confirm(b, confirmToken(email));
    expect([confirmed.statusCode, confirmed.json()]).toEqual([
      200,
      { message: "Your address is confirmed. We'll email you when Pro launches." },
    ]);
    // Opening the link twice (a second click, a mail scanner) changes nothing.
    expect((await confirm(a, confirmToken(email))).statusCode).toBe(200);
    await tellEveryone();
    expect(mailFor(email).map((m) => m.subject)).toEqual([WAITLIST_CONFIRM_SUBJECT, PRO_NEWS_SUBJECT]);
  });

  it("confirms a signed-in member's own address at once, with no e-mail; another address they type still needs its link", async () => {
    const member = await createAccount(a);
    const own = await join(a, member.email.toUpperCase(), member.cookies);
    expect(own.json()).toEqual({
      message: "You're on the list! We'll email you when Pro launches.",
      mustConfirm: false,
    });
    const [row] = await a.database.db.select().from(waitlist).where(eq(waitlist.email, member.email));
    expect(row!.confirmedAt).toBeInstanceOf(Date);

    const someoneElse = newAddress();
    expect((await join(a, someoneElse, member.cookies)).json().mustConfirm).toBe(true);
    await settled();
    expect(outboxFor(a.dataDir, member.email)).toHaveLength(0);
    expect(mailFor(someoneElse)).toHaveLength(1);
  });

  it("sends a new link after a day, and the earlier one stops working; a link older than 7 days is refused", async () => {
    const email = newAddress();
    await join(a, email);
    await waitForMail(a.dataDir, email);
    const first = confirmToken(email);
    await a.database.db
      .update(waitlist)
      .set({ confirmSentAt: sql`now() - interval '25 hours'` })
      .where(eq(waitlist.email, email));
    await join(a, email);
    await waitForMail(a.dataDir, email, 2);
    const second = confirmToken(email);
    const refused = await confirm(a, first);
    expect([refused.statusCode, refused.body]).toEqual([400, "This confirmation link is invalid or has expired."]);

    await a.database.db
      .update(waitlist)
      .set({ confirmSentAt: sql`now() - interval '8 days'` })
      .where(eq(waitlist.email, email));
    expect((await confirm(a, second)).statusCode).toBe(400);
    expect((await confirm(a, "not-a-token")).statusCode).toBe(400);
    const [row] = await a.database.db.select().from(waitlist).where(eq(waitlist.email, email));
    expect(row!.confirmedAt).toBeNull();
  });
});
