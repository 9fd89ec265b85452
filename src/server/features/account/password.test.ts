import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, sessions, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { outboxFor } from "../../test/mail";
import {
  PASSWORD,
  createAccount,
  fromNewAddress,
  login,
  mailNumber,
  newSession,
  resetToken,
  sessionCookie,
  whoAmI,
} from "../../test/accounts";
import type { TestUser } from "../../test/users";
import {
  FORGOT_PASSWORD_MESSAGE,
  RESET_DONE_MESSAGE,
  RESET_EXPIRED_MESSAGE,
  RESET_INVALID_MESSAGE,
  RESET_USED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "../../../shared/account";
import { hashToken } from "../../auth/tokens";
import { SESSION_COOKIE } from "../../auth/sessions";
import { afterResponseSettled } from "../../http/after-response";
import { testClient, type TestClient } from "../../test/api-client";

const FRESH_SIGN_IN_ENGLISH =
  "For your safety, please confirm it's you: sign in with Google again, then try once more within 5 minutes.";

let t: TestApp;
let api: TestClient;
// The injected clock of reset links: tests move it instead of waiting an hour.
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  api = testClient(t.app);
});
afterAll(() => t.close());

type Cookies = Record<string, string> | undefined;
const forgot = (email: string, cookies?: Cookies) =>
  api.call("POST /api/auth/forgot-password", { body: { email }, cookies, remoteAddress: fromNewAddress() });
const reset = (token: string, password: string) =>
  api.call("POST /api/auth/reset-password", { body: { token, password }, remoteAddress: fromNewAddress() });

/** Ask for a link for `user` and answer its token (the `n`th message to them). */
async function requestLink(email: string, n = outboxFor(t.dataDir, email).length + 1): Promise<string> {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  return resetToken(await mailNumber(t, email, n));
}

describe("POST /api/auth/forgot-password", () => {
  it("mails a 1-hour link to a password account; only the token's hash is stored", async () => {
    clock = Date.now();
    const user = await createAccount(t);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const mail = await mailNumber(t, user.email, 1);
    expect(mail).toContain("Subject: Reset your Dragon Grid password");
    expect(mail).toContain("expires in 1 hour");
    const token = resetToken(mail);
    expect(Buffer.from(token, "base64url").length).toBe(32);
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.expiresAt.getTime()).toBe(clock + 60 * 60_000);
  });

  it("leaves work after its answer that the app tracks: once it has settled, the link's token is stored", async () => {
    const user = await createAccount(t);
    expect((await forgot(user.email)).statusCode).toBe(200);
    // The token is written after the answer (its time tells nothing); the features' plugins and
    // the tests share one list of such work, so settling it means the row is there.
    await afterResponseSettled(t.app);
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["visitor", false],
    ["signed-in user", true],
  ])(
    "answers a %s the same for an unknown address, a Google-only account and an account, mailing only the account",
    async (_who, signedIn) => {
      const account = await createAccount(t);
      const google = await createAccount(t, { password: null });
      const asker = signedIn ? (await createAccount(t)).cookies : undefined;
      const unknownEmail = `nobody-${Date.now()}@example.com`;
      const answers = [
        await forgot(unknownEmail, asker),
        await forgot(google.email, asker),
        await forgot(account.email, asker),
      ];
      for (const res of answers) expect([res.statusCode, res.body]).toEqual([200, answers[2]!.body]);
      await mailNumber(t, account.email, 1);
      // The three jobs run in order on one database; the account's mail came last.
      expect(outboxFor(t.dataDir, unknownEmail)).toHaveLength(0);
      expect(outboxFor(t.dataDir, google.email)).toHaveLength(0);
    },
  );

  it("answers before the mail is sent, so an address with an account takes no longer than one without", async () => {
    // A real SMTP server that holds every message until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push(session.envelope.rcptTo[0]!.address);
          void held.then(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const t2 = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
    try {
      const user = await createAccount(t2);
      const res = await testClient(t2.app).call("POST /api/auth/forgot-password", { body: { email: user.email } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(received).toEqual([user.email]);
    } finally {
      release();
      await t2.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it.each([
    [{ email: "not-an-email" }, "Invalid email: Please enter a valid email address"],
    [{ email: "" }, "Invalid email: Email is required"],
    [{}, /^Invalid email/],
  ])("refuses %o", async (payload, message) => {
    // Bodies the contract refuses, sent on purpose.
    const res = await api.call("POST /api/auth/forgot-password", { payload, remoteAddress: fromNewAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
  });

  it("limits requests per e-mail, the same for addresses with and without an account", async () => {
    const user = await createAccount(t);
    for (const email of [user.email, `ghost-${Date.now()}@example.com`]) {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await forgot(email)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    }
  });

  it("limits requests per address", async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const res = await api.call("POST /api/auth/forgot-password", {
        body: { email: `many-${i}@example.com` },
        remoteAddress: "10.99.0.1",
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the password, verifies the e-mail and ends every session of the user, in this process at once", async () => {
    clock = Date.now();
    const user = await createAccount(t, { verified: false });
    const otherBrowser = await newSession(t, user.id);
    const someoneElse = await createAccount(t);
    // Both sessions are looked up (and so remembered) before the reset.
    expect(await whoAmI(t, user.cookies)).toBe(200);
    expect(await whoAmI(t, otherBrowser)).toBe(200);
    const token = await requestLink(user.email);

    const res = await reset(token, "a brand new secret");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_DONE_MESSAGE });
    expect(await whoAmI(t, user.cookies)).toBe(401);
    expect(await whoAmI(t, otherBrowser)).toBe(401);
    expect(await whoAmI(t, someoneElse.cookies)).toBe(200);

    expect((await login(t, user.email, PASSWORD)).statusCode).toBe(401);
    const fresh = await login(t, user.email, "a brand new secret");
    expect(fresh.statusCode).toBe(200);
    expect(sessionCookie(fresh)).toBeDefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(true);
  });

  it("works once", async () => {
    const user = await createAccount(t);
    const token = await requestLink(user.email);
    expect((await reset(token, "first new secret")).statusCode).toBe(200);
    const again = await reset(token, "second new secret");
    expect([again.statusCode, again.body]).toEqual([400, RESET_USED_MESSAGE]);
    expect((await login(t, user.email, "first new secret")).statusCode).toBe(200);
  });

  it("expires after an hour on the injected clock", async () => {
    clock = Date.now();
    const user = await createAccount(t);
    const late = await requestLink(user.email);
    clock += 60 * 60_000;
    const res = await reset(late, "too late now");
    expect([res.statusCode, res.body]).toEqual([400, RESET_EXPIRED_MESSAGE]);
    expect((await login(t, user.email, PASSWORD)).statusCode).toBe(200);

    const inTime = await requestLink(user.email);
    clock += 59 * 60_000;
    expect((await reset(inTime, "just in time")).statusCode).toBe(200);
    clock = Date.now();
  });

  it("replaces the earlier link when asked again", async () => {
    const user = await createAccount(t);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    const old = await reset(first, "from the old link");
    expect([old.statusCode, old.body]).toEqual([400, RESET_INVALID_MESSAGE]);
    expect((await reset(second, "from the new link")).statusCode).toBe(200);
  });

  it.each([
    [{ token: "made-up", password: "long enough" }, RESET_INVALID_MESSAGE],
    [{ token: "", password: "long enough" }, "Invalid token: No reset token provided"],
    [{ password: "long enough" }, /^Invalid token/],
    [{ token: "x".repeat(201), password: "long enough" }, "Invalid token: This password reset link is invalid"],
    [{ token: "abc", password: "short" }, "Invalid password: Password must be at least 8 characters"],
    [{ token: "abc", password: "x".repeat(129) }, "Invalid password: Password can be at most 128 characters"],
    [{ token: "abc" }, /^Invalid password/],
  ])("refuses %o", async (payload, message) => {
    // Bodies the contract refuses, sent on purpose.
    const res = await api.call("POST /api/auth/reset-password", { payload, remoteAddress: fromNewAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
  });
});

describe("POST /api/account/password", () => {
  // Some cases send bodies the contract refuses, on purpose.
  const change = (as: TestUser | null, payload: object) =>
    api.call("POST /api/account/password", { payload, cookies: as?.cookies, remoteAddress: fromNewAddress() });

  it("refuses a visitor", async () => {
    const res = await change(null, { currentPassword: PASSWORD, newPassword: "battery staple" });
    expect([res.statusCode, res.body]).toEqual([401, "Unauthorized"]);
  });

  it.each([
    ["user", false],
    ["admin", true],
  ])(
    "changes a %s's password, ends their other sessions and reset links, keeps this browser signed in under a new token, and no one else's",
    async (_who, isAdmin) => {
      const user = await createAccount(t, { isAdmin });
      const otherBrowser = await newSession(t, user.id);
      const otherUser = await createAccount(t);
      expect(await whoAmI(t, otherBrowser)).toBe(200);
      const resetLink = await requestLink(user.email);

      const res = await change(user, { currentPassword: PASSWORD, newPassword: "battery staple" });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("Password changed. You were signed out everywhere else.");
      const rotated = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(rotated.value).not.toBe(user.cookies[SESSION_COOKIE]);
      expect(await whoAmI(t, { [SESSION_COOKIE]: rotated.value })).toBe(200);
      expect(await whoAmI(t, user.cookies)).toBe(401);
      expect(await whoAmI(t, otherBrowser)).toBe(401);
      expect((await reset(resetLink, "someone else's")).statusCode).toBe(400);
      expect(await whoAmI(t, otherUser.cookies)).toBe(200);
      expect((await login(t, user.email, PASSWORD)).statusCode).toBe(401);
      expect((await login(t, user.email, "battery staple")).statusCode).toBe(200);
    },
  );

  it("lets a Google-only account set a first password only within minutes of a Google sign-in: a stolen older session cannot", async () => {
    const user = await createAccount(t, { password: null });
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const res = await change(user, { newPassword: "the thief's password" });
    expect([res.statusCode, res.body]).toEqual([403, FRESH_SIGN_IN_ENGLISH]);
    expect((await login(t, user.email, "the thief's password")).statusCode).toBe(401);
  });

  it("lets a Google-only account set a password without a current one", async () => {
    const user = await createAccount(t, { password: null });
    expect((await api.call("GET /api/auth/user", { cookies: user.cookies })).json().hasPassword).toBe(false);
    const res = await change(user, { newPassword: "my first password" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Password set. You can now also log in with your email and password.");
    const rotated = { [SESSION_COOKIE]: res.cookies.find((c) => c.name === SESSION_COOKIE)!.value };
    expect((await api.call("GET /api/auth/user", { cookies: rotated })).json().hasPassword).toBe(true);
    expect((await login(t, user.email, "my first password")).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: "not my password", newPassword: "battery staple" }, WRONG_CURRENT_PASSWORD_MESSAGE],
    [{ newPassword: "battery staple" }, "Invalid currentPassword: Your current password is required"],
    [
      { currentPassword: PASSWORD, newPassword: "short" },
      "Invalid newPassword: Password must be at least 8 characters",
    ],
    [
      { currentPassword: PASSWORD, newPassword: "x".repeat(129) },
      "Invalid newPassword: Password can be at most 128 characters",
    ],
    [
      { currentPassword: "x".repeat(129), newPassword: "battery staple" },
      "Invalid currentPassword: Password can be at most 128 characters",
    ],
    [{ currentPassword: PASSWORD }, /^Invalid newPassword/],
  ])("refuses %o, changing nothing", async (payload, message) => {
    const user = await createAccount(t);
    const res = await change(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
    expect((await login(t, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("limits guesses of the current password per user", async () => {
    const user = await createAccount(t);
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push((await change(user, { currentPassword: `guess ${i}`, newPassword: "battery staple" })).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe("POST /api/account/sign-out-everywhere", () => {
  it("refuses a visitor", async () => {
    expect(
      (await api.call("POST /api/account/sign-out-everywhere", { remoteAddress: fromNewAddress() })).statusCode,
    ).toBe(401);
  });

  it.each([
    ["user", false],
    ["admin", true],
  ])("ends every session of a %s, this one included, and no one else's", async (_who, isAdmin) => {
    const user = await createAccount(t, { isAdmin });
    const otherBrowser = await newSession(t, user.id);
    const otherUser = await createAccount(t);
    expect(await whoAmI(t, user.cookies)).toBe(200);
    expect(await whoAmI(t, otherBrowser)).toBe(200);

    const res = await api.call("POST /api/account/sign-out-everywhere", {
      cookies: user.cookies,
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)?.value).toBe("");
    expect(await whoAmI(t, user.cookies)).toBe(401);
    expect(await whoAmI(t, otherBrowser)).toBe(401);
    expect(await whoAmI(t, otherUser.cookies)).toBe(200);
  });
});
