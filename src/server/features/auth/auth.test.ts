import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailVerificationTokens, sessions, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { outboxFor, verificationLink, waitForMail } from "../../test/mail";
import { SESSION_COOKIE } from "../../auth/sessions";
import { createUsersRepository } from "../../auth/users-repository";
import { testClient, type AnyResponse, type TestClient } from "../../test/api-client";

let t: TestApp;
let api: TestClient;
let ip = 0;
// Each test speaks from its own address so per-address rate limits do not leak between tests.
const fromNewAddress = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "boss@example.com,removed-boss@example.com,banned-boss@example.com" });
  api = testClient(t.app);
});
afterAll(() => t.close());

const sessionCookie = (res: AnyResponse) => res.cookies.find((c) => c.name === SESSION_COOKIE);

/** A browser's cookies from a registration or a sign-in: the one that knows the password. */
type Jar = Record<string, string>;
const jarOf = (res: AnyResponse): Jar =>
  Object.fromEntries(res.cookies.filter((c) => c.value).map((c) => [c.name, c.value]));

async function register(email: string, password = "correct horse", extra: object = {}): Promise<Jar> {
  const before = outboxFor(t.dataDir, email.toLowerCase()).length;
  const res = await api.call("POST /api/auth/register", {
    body: { email, password, firstName: "Ada", lastName: "Lovelace", ...extra },
    remoteAddress: fromNewAddress(),
  });
  expect(res.statusCode).toBe(201);
  await waitForMail(t.dataDir, email.toLowerCase(), before + 1);
  return jarOf(res);
}

function latestLink(email: string): string {
  const messages = outboxFor(t.dataDir, email);
  const link = verificationLink(messages.at(-1) ?? "");
  expect(link).not.toBeNull();
  return link!;
}

/** Open a verification link: in the browser that registered (`jar`), or anywhere else. */
async function verify(link: string, jar: Jar = {}) {
  const url = new URL(link);
  // The link's query exactly as it was mailed.
  return t.app.inject({ method: "GET", url: `/api/auth/verify-email${url.search}`, cookies: jar });
}

async function verifyWithPassword(link: string, password: string) {
  return api.call("POST /api/auth/verify-email", {
    body: { token: new URL(link).searchParams.get("token")!, password },
    remoteAddress: fromNewAddress(),
  });
}

async function registerVerified(email: string, password = "correct horse") {
  const jar = await register(email, password);
  expect((await verify(latestLink(email), jar)).statusCode).toBe(200);
}

async function login(email: string, password = "correct horse") {
  return api.call("POST /api/auth/login", { body: { email, password }, remoteAddress: fromNewAddress() });
}

describe("register", () => {
  it("creates an unverified user, stores the e-mail lower-cased and sends a 24-hour link", async () => {
    const res = await api.call("POST /api/auth/register", {
      body: {
        email: "  New.User@Example.COM ",
        password: "correct horse",
        firstName: "New",
      },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "Registration successful. Please check your email to verify your account." });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "new.user@example.com"));
    expect(row).toMatchObject({ emailVerified: false, isAdmin: false, firstName: "New", lastName: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/);

    const [message] = await waitForMail(t.dataDir, "new.user@example.com");
    expect(message).toContain("Subject: Verify your Dragon Grid email");
    expect(message).toMatch(/Content-Type: text\/plain/);
    expect(message).toMatch(/Content-Type: text\/html/);
    expect(message).toContain("expires in 24 hours");
    const link = verificationLink(message!)!;
    expect(link.startsWith("http://dragongrid.test/verify-email?token=")).toBe(true);
    const token = new URL(link).searchParams.get("token")!;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);

    // Only the hash of the token is stored.
    const tokens = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toContain(token);
    expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  });

  it("answers an address that has a verified account exactly as a new one, changes nothing, and tells its owner", async () => {
    await registerVerified("twice@example.com");
    const fresh = await api.call("POST /api/auth/register", {
      body: { email: "fresh-twice@example.com", password: "another one" },
      remoteAddress: fromNewAddress(),
    });
    const again = await api.call("POST /api/auth/register", {
      body: { email: "TWICE@example.com", password: "another one" },
      remoteAddress: fromNewAddress(),
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    // The same headers, cookies included: a registration cookie only for new addresses would tell.
    const shape = (res: typeof fresh) => ({
      headers: Object.keys(res.headers).sort(),
      contentType: res.headers["content-type"],
      cookies: res.cookies.map(({ name, path, maxAge, httpOnly, sameSite, value }) => ({
        name,
        path,
        maxAge,
        httpOnly,
        sameSite,
        length: value.length,
      })),
    });
    expect(shape(again)).toEqual(shape(fresh));
    // The owner hears of it; no link is sent, and the password is still theirs.
    const [, notice] = await waitForMail(t.dataDir, "twice@example.com", 2);
    expect(notice).toContain("Subject: Someone tried to register with your Dragon Grid email");
    expect(verificationLink(notice!)).toBeNull();
    expect((await login("twice@example.com", "another one")).statusCode).toBe(401);
    expect((await login("twice@example.com")).statusCode).toBe(200);
  });

  it("lets a registration of an address nobody verified take it over: new password, earlier links dead", async () => {
    const squatter = await register("taken@example.com", "squatter's password");
    const squattersLink = latestLink("taken@example.com");
    const owner = await register("taken@example.com", "the owner's own", { firstName: "Owner" });
    expect((await verify(squattersLink, squatter)).statusCode).toBe(400);
    expect((await verify(latestLink("taken@example.com"), owner)).statusCode).toBe(200);
    expect((await login("taken@example.com", "squatter's password")).statusCode).toBe(401);
    const signedIn = await login("taken@example.com", "the owner's own");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().firstName).toBe("Owner");
  });

  it("answers before any mail work: a mail server that is down does not show in the answer", async () => {
    const offline = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const res = await testClient(offline.app).call("POST /api/auth/register", {
        body: { email: "no-mail@example.com", password: "correct horse" },
      });
      expect(res.statusCode).toBe(201);
      const resend = await testClient(offline.app).call("POST /api/auth/resend-verification", {
        body: { email: "no-mail@example.com" },
      });
      expect(resend.statusCode).toBe(200);
    } finally {
      await offline.close();
    }
  });

  it.each([
    [{ email: "not-an-email", password: "correct horse" }, /^Invalid email/],
    [{ email: "", password: "correct horse" }, /^Invalid email/],
    [{ email: "a@b.co", password: "short" }, /Password must be at least 8 characters/],
    [{ email: "a@b.co", password: "x".repeat(129) }, /Password can be at most 128 characters/],
    [{ email: "a@b.co" }, /^Invalid password/],
  ])("validates %o", async (payload, message) => {
    // Bodies the contract refuses, sent on purpose.
    const res = await api.call("POST /api/auth/register", { payload, remoteAddress: fromNewAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
  });

  it("makes ADMIN_EMAILS admins only once the address is proven, at sign-in", async () => {
    const jar = await register("boss@example.com");
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "boss@example.com"));
    expect(row!.isAdmin).toBe(false);
    expect((await verify(latestLink("boss@example.com"), jar)).statusCode).toBe(200);
    expect((await login("boss@example.com")).json().isAdmin).toBe(true);
  });
});

describe("ADMIN_EMAILS acts once per account (issue 41)", () => {
  /** An admin who is not on the list, signed in, acting through the admin routes. */
  async function otherAdmin(): Promise<Jar> {
    await registerVerified("second-admin@example.com");
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.email, "second-admin@example.com"));
    return jarOf(await login("second-admin@example.com"));
  }
  const idOf = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;

  it("makes a listed address admin at its first verified sign-in only: removed by another admin, it stays removed, and banned, it stays banned", async () => {
    await registerVerified("removed-boss@example.com");
    expect((await login("removed-boss@example.com")).json().isAdmin).toBe(true);
    const admin = await otherAdmin();
    const id = await idOf("removed-boss@example.com");
    const removed = await api.call("PUT /api/admin/users/:id/admin", {
      params: { id },
      cookies: admin,
      body: { isAdmin: false },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await login("removed-boss@example.com")).json().isAdmin).toBe(false);

    const banned = await api.call("POST /api/admin/moderation/actions", {
      cookies: admin,
      body: { action: "ban", userId: id, reason: "Abuse" },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await login("removed-boss@example.com")).json().isAdmin).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ isAdmin: false, bannedAt: expect.any(Date) });
  });

  it("never makes a banned account admin, even at its first sign-in", async () => {
    await registerVerified("banned-boss@example.com");
    await t.database.db
      .update(users)
      .set({ bannedAt: new Date(), sanctionReason: "Abuse" })
      .where(eq(users.email, "banned-boss@example.com"));
    expect((await login("banned-boss@example.com")).json().isAdmin).toBe(false);
    await t.database.db
      .update(users)
      .set({ bannedAt: null, sanctionReason: null })
      .where(eq(users.email, "banned-boss@example.com"));
    expect((await login("banned-boss@example.com")).json().isAdmin).toBe(false);
  });
});

describe("verify-email", () => {
  it("verifies once in the browser that registered; the same link then fails", async () => {
    const jar = await register("verify@example.com");
    const link = latestLink("verify@example.com");
    const ok = await verify(link, jar);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Email verified successfully! You can now log in." });
    const again = await verify(link, jar);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe("This verification link has already been used. Please log in.");
  });

  it("answers a missing token with 'No verification token provided'", async () => {
    const res = await api.call("GET /api/auth/verify-email");
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe("No verification token provided");
  });

  it("refuses an unknown token", async () => {
    const res = await api.call("GET /api/auth/verify-email", { query: { token: "nope" } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/invalid/);
  });

  it("refuses an expired token", async () => {
    const jar = await register("late@example.com");
    const link = latestLink("late@example.com");
    await t.database.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await verify(link, jar);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe("This verification link has expired. Please request a new one.");
  });
});

describe("an address registered by someone who does not own it (pre-hijacked accounts)", () => {
  it("the owner's click on the link they did not ask for verifies nothing; the stranger never signs in, nor becomes admin", async () => {
    // ADMIN_EMAILS names chief@example.com in this app; a stranger registers it first.
    const listed = await createTestApp({ ADMIN_EMAILS: "chief@example.com" });
    try {
      const listedApi = testClient(listed.app);
      // Opens the mailed link with its query exactly as it was mailed.
      const open = (url: string, cookies: Jar = {}) =>
        listed.app.inject({ method: "GET", url, cookies, remoteAddress: fromNewAddress() });
      const stranger = jarOf(
        await listedApi.call("POST /api/auth/register", {
          body: { email: "chief@example.com", password: "stranger's password" },
          remoteAddress: fromNewAddress(),
        }),
      );
      const [message] = await waitForMail(listed.dataDir, "chief@example.com");
      const link = new URL(verificationLink(message!)!);

      // The owner opens it in their own browser: the link alone is not enough.
      const opened = await open(`/api/auth/verify-email${link.search}`);
      expect(opened.statusCode).toBe(403);
      expect(opened.body).toBe("To finish verifying, please enter the password you chose for this account.");
      const guessed = await listedApi.call("POST /api/auth/verify-email", {
        body: {
          token: link.searchParams.get("token")!,
          password: "the owner's guess",
        },
        remoteAddress: fromNewAddress(),
      });
      expect(guessed.statusCode).toBe(400);
      expect(guessed.body).toBe("That password does not match this account. Please try again.");

      const [row] = await listed.database.db.select().from(users).where(eq(users.email, "chief@example.com"));
      expect(row).toMatchObject({ emailVerified: false, isAdmin: false });
      const strangerLogin = await listedApi.call("POST /api/auth/login", {
        body: { email: "chief@example.com", password: "stranger's password" },
        cookies: stranger,
        remoteAddress: fromNewAddress(),
      });
      expect(strangerLogin.statusCode).toBe(403);
      expect(sessionCookie(strangerLogin)).toBeUndefined();

      // The owner registers for real; the stranger's password and link are dead from then on.
      const owner = jarOf(
        await listedApi.call("POST /api/auth/register", {
          body: { email: "chief@example.com", password: "owner's password" },
          remoteAddress: fromNewAddress(),
        }),
      );
      const [, ownersMessage] = await waitForMail(listed.dataDir, "chief@example.com", 2);
      expect((await open(`/api/auth/verify-email${link.search}`, stranger)).statusCode).toBe(400);
      expect(
        (await open(`/api/auth/verify-email${new URL(verificationLink(ownersMessage!)!).search}`, owner)).statusCode,
      ).toBe(200);
      expect(
        (
          await listedApi.call("POST /api/auth/login", {
            body: { email: "chief@example.com", password: "stranger's password" },
            remoteAddress: fromNewAddress(),
          })
        ).statusCode,
      ).toBe(401);
      const ownerLogin = await listedApi.call("POST /api/auth/login", {
        body: {
          email: "chief@example.com",
          password: "owner's password",
        },
        remoteAddress: fromNewAddress(),
      });
      expect(ownerLogin.json().isAdmin).toBe(true);
      const stats = await listedApi.call("GET /api/admin/stats", {
        cookies: { [SESSION_COOKIE]: sessionCookie(ownerLogin)!.value },
      });
      expect(stats.statusCode).toBe(200);
    } finally {
      await listed.close();
    }
  });

  it("a link opened in another browser verifies with the account's password", async () => {
    await register("elsewhere@example.com", "my own password");
    const link = latestLink("elsewhere@example.com");
    expect((await verify(link)).statusCode).toBe(403);
    const ok = await verifyWithPassword(link, "my own password");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Email verified successfully! You can now log in." });
    expect((await verifyWithPassword(link, "my own password")).statusCode).toBe(400);
    expect((await login("elsewhere@example.com", "my own password")).statusCode).toBe(200);
  });

  it("a sign-in with the right password but no verification lets that browser finish with the next link", async () => {
    await register("later-phone@example.com");
    const refused = await login("later-phone@example.com");
    expect(refused.statusCode).toBe(403);
    const phone = jarOf(refused);
    expect(
      (
        await api.call("POST /api/auth/resend-verification", {
          body: { email: "later-phone@example.com" },
          remoteAddress: fromNewAddress(),
        })
      ).statusCode,
    ).toBe(200);
    await waitForMail(t.dataDir, "later-phone@example.com", 2);
    expect((await verify(latestLink("later-phone@example.com"), phone)).statusCode).toBe(200);
  });

  it("a cookie from a wrong password, another account or a replaced registration does not count", async () => {
    const wrongPassword = jarOf(await login("unproven@example.com", "not it"));
    const mine = await register("unproven@example.com");
    const other = await register("someone-else@example.com");
    const link = latestLink("unproven@example.com");
    expect((await verify(link, wrongPassword)).statusCode).toBe(403);
    expect((await verify(link, other)).statusCode).toBe(403);
    await register("unproven@example.com", "a second password");
    expect((await verify(latestLink("unproven@example.com"), mine)).statusCode).toBe(403);
  });
});

describe("resend-verification", () => {
  it("sends a new link and the earlier one stops working", async () => {
    const jar = await register("resend@example.com");
    const first = latestLink("resend@example.com");
    const res = await api.call("POST /api/auth/resend-verification", {
      body: { email: "Resend@example.com" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    await waitForMail(t.dataDir, "resend@example.com", 2);
    const second = latestLink("resend@example.com");
    expect(second).not.toBe(first);
    expect((await verify(first, jar)).statusCode).toBe(400);
    expect((await verify(second, jar)).statusCode).toBe(200);
  });

  it("answers the same for unknown and already verified e-mails, sending nothing", async () => {
    const unknown = await api.call("POST /api/auth/resend-verification", {
      body: { email: "nobody@example.com" },
      remoteAddress: fromNewAddress(),
    });
    await registerVerified("done@example.com");
    const before = outboxFor(t.dataDir, "done@example.com").length;
    const verified = await api.call("POST /api/auth/resend-verification", {
      body: { email: "done@example.com" },
      remoteAddress: fromNewAddress(),
    });
    // Mail work runs after the answers, in order: once a later resend's link has arrived, theirs would have too.
    await register("barrier@example.com");
    await api.call("POST /api/auth/resend-verification", {
      body: { email: "barrier@example.com" },
      remoteAddress: fromNewAddress(),
    });
    await waitForMail(t.dataDir, "barrier@example.com", 2);
    expect(unknown.statusCode).toBe(200);
    expect(verified.body).toBe(unknown.body);
    expect(outboxFor(t.dataDir, "nobody@example.com")).toHaveLength(0);
    expect(outboxFor(t.dataDir, "done@example.com")).toHaveLength(before);
  });

  it("limits resends per e-mail with a readable 429", async () => {
    await register("spam@example.com");
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await api.call("POST /api/auth/resend-verification", {
            body: { email: "spam@example.com" },
            remoteAddress: fromNewAddress(),
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await api.call("POST /api/auth/resend-verification", {
      body: { email: "spam@example.com" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.body).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe("login, the current user and logout", () => {
  it("refuses an unverified account with a message containing 'verify your email'", async () => {
    await register("unverified@example.com");
    const res = await login("unverified@example.com");
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain("verify your email");
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("gives a wrong password and an unknown e-mail the same answer", async () => {
    await registerVerified("wrong@example.com");
    const wrong = await login("wrong@example.com", "not my password");
    const unknown = await login("ghost@example.com", "not my password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe("Invalid email or password");
    expect(unknown.body).toBe(wrong.body);
  });

  it("signs in with an httpOnly SameSite=Lax cookie whose token is stored hashed; /api/auth/user never shows a hash", async () => {
    await registerVerified("ada@example.com");
    const res = await login("ADA@example.com");
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === cookie.value)).toBe(false);

    const me = await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(me.statusCode).toBe(200);
    const user = me.json();
    expect(Object.keys(user).sort()).toEqual([
      "createdAt",
      "email",
      "emailVerified",
      "firstName",
      "hasPassword",
      "id",
      "isAdmin",
      "language",
      "lastName",
      "pro",
      "profileImageUrl",
      "sanction",
      "unreadNotifications",
    ]);
    expect(user).toMatchObject({
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      emailVerified: true,
      isAdmin: false,
      pro: false,
    });
    expect(me.body).not.toMatch(/scrypt|argon2|passwordHash|password_hash/i);

    const out = await api.call("POST /api/auth/logout", { cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(out.statusCode).toBe(200);
    expect(sessionCookie(out)?.value).toBe("");
    const after = await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(after.statusCode).toBe(401);
    expect(after.body).toBe("Unauthorized");
  });

  it("ends the session the browser already held when it signs in again", async () => {
    await registerVerified("twice-in@example.com");
    const first = sessionCookie(await login("twice-in@example.com"))!;
    const again = await api.call("POST /api/auth/login", {
      body: { email: "twice-in@example.com", password: "correct horse" },
      remoteAddress: fromNewAddress(),
    });
    expect(again.statusCode).toBe(200);
    const second = sessionCookie(again)!;
    expect(second.value).not.toBe(first.value);
    // The request above carried no cookie: send the first one along, as a browser would.
    const third = await api.call("POST /api/auth/login", {
      body: { email: "twice-in@example.com", password: "correct horse" },
      cookies: { [SESSION_COOKIE]: first.value },
      remoteAddress: fromNewAddress(),
    });
    expect(third.statusCode).toBe(200);
    const me = (value: string) => api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: value } });
    expect((await me(first.value)).statusCode).toBe(401);
    expect((await me(second.value)).statusCode).toBe(200);
    expect((await me(sessionCookie(third)!.value)).statusCode).toBe(200);
  });

  it("stores a password hashed before Argon2id again as Argon2id at sign-in, unless it changed meanwhile", async () => {
    await registerVerified("older.hash@example.com", "an older password");
    // The same password as the scrypt hashes stored before Argon2id (N=2^14 keeps the test quick).
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync("an older password", salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const scryptHash = ["scrypt", 2 ** 14, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    const stored = async () =>
      (await t.database.db.select().from(users).where(eq(users.email, "older.hash@example.com")))[0]!;
    await t.database.db
      .update(users)
      .set({ passwordHash: scryptHash })
      .where(eq(users.email, "older.hash@example.com"));

    expect((await login("older.hash@example.com", "a wrong password")).statusCode).toBe(401);
    expect((await stored()).passwordHash).toBe(scryptHash);
    expect((await login("older.hash@example.com", "an older password")).statusCode).toBe(200);
    const upgraded = (await stored()).passwordHash!;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login("older.hash@example.com", "an older password")).statusCode).toBe(200);
    expect((await stored()).passwordHash).toBe(upgraded);

    // A password changed between the check and the upgrade is kept.
    const { id } = await stored();
    await createUsersRepository(t.database.db).upgradePasswordHash(
      id,
      scryptHash,
      "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    );
    expect((await stored()).passwordHash).toBe(upgraded);
  });

  it("answers 401 'Unauthorized' without a session and ignores a forged cookie", async () => {
    expect((await api.call("GET /api/auth/user")).statusCode).toBe(401);
    const forged = await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: "forged" } });
    expect(forged.statusCode).toBe(401);
  });

  it("expires sessions after 30 days without activity", async () => {
    await registerVerified("idle@example.com");
    const cookie = sessionCookie(await login("idle@example.com"))!;
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(res.statusCode).toBe(401);
  });

  it("extends a session that is used, at most once an hour", async () => {
    await registerVerified("busy@example.com");
    const cookie = sessionCookie(await login("busy@example.com"))!;
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const soon = new Date(Date.now() + 3600_000);
    await t.database.db.update(sessions).set({ lastSeenAt: twoHoursAgo, expiresAt: soon });
    await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: cookie.value } });
    const rows = await t.database.db.select().from(sessions);
    const row = rows.find((s) => s.lastSeenAt > twoHoursAgo)!;
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it("applies ADMIN_EMAILS at login", async () => {
    await registerVerified("later-boss@example.com");
    const t2 = await createTestApp({ ADMIN_EMAILS: "later-boss@example.com" });
    try {
      // A second app on another database: register there, then log in as a listed admin.
      await testClient(t2.app).call("POST /api/auth/register", {
        body: { email: "later-boss@example.com", password: "correct horse" },
      });
      await t2.database.db.update(users).set({ emailVerified: true, isAdmin: false });
      const res = await testClient(t2.app).call("POST /api/auth/login", {
        body: { email: "later-boss@example.com", password: "correct horse" },
      });
      expect(res.json().isAdmin).toBe(true);
    } finally {
      await t2.close();
    }
  });

  it("limits login attempts on an e-mail from one address; its owner, elsewhere, still signs in", async () => {
    await registerVerified("target@example.com");
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await api.call("POST /api/auth/login", {
            body: { email: "target@example.com", password: "guess guess" },
            headers: {},
            remoteAddress: "10.201.0.1",
          })
        ).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    expect(
      (
        await api.call("POST /api/auth/login", {
          body: { email: "target@example.com", password: "correct horse" },
          headers: {},
          remoteAddress: "10.201.0.2",
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses an unknown address and a wrong password no sooner than 250 ms after asking, so neither tells how the password was stored", async () => {
    await registerVerified("slow.refusal@example.com");
    for (const email of ["slow.refusal@example.com", "nobody.here@example.com"]) {
      const started = performance.now();
      expect((await login(email, "not the password")).statusCode).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(249);
    }
  });

  it("limits login attempts per address", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (
          await api.call("POST /api/auth/login", {
            body: { email: `x${i}@example.com`, password: "guess guess" },
            headers: {},
            remoteAddress: "10.200.0.1",
          })
        ).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
  });

  it("refuses state-changing requests from another site", async () => {
    // A JSON body, as a cross-site form would send one; logout's declaration takes none.
    const res = await api.call("POST /api/auth/logout", {
      payload: {},
      headers: { origin: "https://evil.example" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toBe("Cross-site request refused");
    const same = await api.call("POST /api/auth/logout", {
      payload: {},
      headers: { origin: "http://dragongrid.test" },
      remoteAddress: fromNewAddress(),
    });
    expect(same.statusCode).toBe(200);
  });

  it("sends an expired session's browser to /login", async () => {
    const res = await api.call("GET /api/login");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login");
  });
});

describe("the language a visitor chose (the lang cookie) at registration and sign-in", () => {
  const languageOf = async (email: string) =>
    (await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

  async function registerIn(email: string, lang: string | undefined, password = "correct horse") {
    const res = await api.call("POST /api/auth/register", {
      body: { email, password },
      cookies: lang === undefined ? {} : { lang },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(201);
    return jarOf(res);
  }

  // Verified in the database: the link's own route has a per-address limit the rest of the file spends.
  async function registerVerifiedIn(email: string, lang: string | undefined) {
    await registerIn(email, lang);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  }

  const loginIn = (email: string, lang: string | undefined, password = "correct horse") =>
    api.call("POST /api/auth/login", {
      body: { email, password },
      cookies: lang === undefined ? {} : { lang },
      remoteAddress: fromNewAddress(),
    });

  it("keeps the language chosen before signing up: saved on the new account, shown after sign-in anywhere", async () => {
    await registerVerifiedIn("lang-es@example.com", "es");
    expect(await languageOf("lang-es@example.com")).toBe("es");
    // Signing in on another device, whose browser chose nothing (or something else), reads the account's.
    const elsewhere = await loginIn("lang-es@example.com", "de");
    expect(elsewhere.statusCode).toBe(200);
    const me = await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: sessionCookie(elsewhere)!.value } });
    expect(me.json().language).toBe("es");
    expect(await languageOf("lang-es@example.com")).toBe("es");
  });

  it.each([["xx"], ["ES"], ["es-MX"], [""]])("ignores a lang cookie we have no language for (%o)", async (lang) => {
    const email = `lang-bad-${crypto.randomUUID()}@example.com`;
    await registerVerifiedIn(email, lang);
    expect(await languageOf(email)).toBeNull();
    expect((await loginIn(email, lang)).statusCode).toBe(200);
    expect(await languageOf(email)).toBeNull();
  });

  it("saves the cookie's language at a sign-in only while the account has none, and never overwrites one", async () => {
    await registerVerifiedIn("lang-later@example.com", undefined);
    expect(await languageOf("lang-later@example.com")).toBeNull();
    expect((await loginIn("lang-later@example.com", undefined)).statusCode).toBe(200);
    expect(await languageOf("lang-later@example.com")).toBeNull();
    // A refused sign-in saves nothing.
    expect((await loginIn("lang-later@example.com", "fr", "not my password")).statusCode).toBe(401);
    expect(await languageOf("lang-later@example.com")).toBeNull();

    expect((await loginIn("lang-later@example.com", "zh-Hans")).statusCode).toBe(200);
    expect(await languageOf("lang-later@example.com")).toBe("zh-Hans");
    expect((await loginIn("lang-later@example.com", "fr")).statusCode).toBe(200);
    expect(await languageOf("lang-later@example.com")).toBe("zh-Hans");
  });

  it("leaves a verified account's language alone when someone registers its address again", async () => {
    await registerVerifiedIn("lang-verified@example.com", undefined);
    await t.database.db.update(users).set({ language: "de" }).where(eq(users.email, "lang-verified@example.com"));
    await registerIn("lang-verified@example.com", "ar", "another one");
    expect(await languageOf("lang-verified@example.com")).toBe("de");
  });

  it("gives an account taken over by a new registration the new registrant's language, not the squatter's", async () => {
    await registerIn("lang-taken@example.com", "ar", "squatter's password");
    expect(await languageOf("lang-taken@example.com")).toBe("ar");
    await registerIn("lang-taken@example.com", "es", "the owner's own");
    expect(await languageOf("lang-taken@example.com")).toBe("es");
    await registerIn("lang-taken@example.com", undefined, "the owner's own");
    expect(await languageOf("lang-taken@example.com")).toBeNull();
  });
});

describe("cookies over https", () => {
  it("marks the session cookie Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://dragongrid.example" });
    try {
      await testClient(secure.app).call("POST /api/auth/register", {
        body: { email: "tls@example.com", password: "correct horse" },
      });
      await secure.database.db.update(users).set({ emailVerified: true });
      const res = await testClient(secure.app).call("POST /api/auth/login", {
        body: { email: "tls@example.com", password: "correct horse" },
      });
      expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    } finally {
      await secure.close();
    }
  });
});
