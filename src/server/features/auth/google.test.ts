import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { SESSION_COOKIE } from "../../auth/sessions";
import { testClient, type TestClient } from "../../test/api-client";

// A real OpenID provider on loopback stands in for Google: discovery, authorize (with PKCE and
// nonce), token endpoint and signed ID tokens.
let provider: OAuth2Server;
let t: TestApp;
let api: TestClient;
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  t = await createTestApp({
    GOOGLE_CLIENT_ID: "dragon-grid",
    GOOGLE_CLIENT_SECRET: "secret",
    GOOGLE_ISSUER: provider.issuer.url!,
    ADMIN_EMAILS: "google-boss@example.com,google-removed@example.com,google-banned@example.com",
  });
  api = testClient(t.app);
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

/**
 * Walk the browser's path: our redirect out, the provider's redirect back, our callback (with the
 * browser's other cookies, `cookies`, beside the flow's).
 */
async function signInWithGoogle(
  returnUrl?: string,
  tamper?: (callbackUrl: URL) => void,
  confirm?: "1",
  cookies: Record<string, string> = {},
) {
  const start = await api.call("GET /api/auth/google", { query: { returnUrl, confirm } });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  const flowCookie = start.cookies.find((c) => c.name === "dg_oidc")!;
  expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  const fromProvider = await fetch(authorize, { redirect: "manual" });
  expect(fromProvider.status).toBe(302);
  const callback = new URL(fromProvider.headers.get("location")!);
  expect(callback.origin + callback.pathname).toBe("http://dragongrid.test/api/auth/google/callback");
  tamper?.(callback);
  const done = await t.app.inject({
    method: "GET",
    url: callback.pathname + callback.search,
    cookies: { ...cookies, dg_oidc: flowCookie.value },
  });
  return { authorize, done, session: done.cookies.find((c) => c.name === SESSION_COOKIE && c.value) };
}

describe("Google sign-in with several server processes", () => {
  /** Start on one process, come back from the provider to another, as a load balancer may send it. */
  async function acrossProcesses(secretKeyBase: string | null) {
    const env = {
      GOOGLE_CLIENT_ID: "dragon-grid",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_ISSUER: provider.issuer.url!,
      ...(secretKeyBase ? { SECRET_KEY_BASE: secretKeyBase } : {}),
    };
    const one = await createTestApp(env);
    const other = await createTestApp(env, { database: one.database });
    try {
      const start = await testClient(one.app).call("GET /api/auth/google");
      const flowCookie = start.cookies.find((c) => c.name === "dg_oidc")!;
      const fromProvider = await fetch(new URL(start.headers.location as string), { redirect: "manual" });
      const callback = new URL(fromProvider.headers.get("location")!);
      const done = await other.app.inject({
        method: "GET",
        url: callback.pathname + callback.search,
        cookies: { dg_oidc: flowCookie.value },
      });
      return done.cookies.find((c) => c.name === SESSION_COOKIE && c.value);
    } finally {
      await other.close();
      await one.close();
    }
  }

  it("finishes on another process given the same SECRET_KEY_BASE", async () => {
    claims = { email: "two-servers@example.com", email_verified: true, sub: "google-two-servers" };
    expect(await acrossProcesses("one key for every process of this installation")).toBeTruthy();
  });

  it("does not finish on a process whose key was generated into its own DATA_DIR", async () => {
    claims = { email: "own-keys@example.com", email_verified: true, sub: "google-own-keys" };
    expect(await acrossProcesses(null)).toBeUndefined();
  });
});

describe("Google sign-in", () => {
  it("asks for openid email profile with PKCE (S256), state and nonce", async () => {
    const res = await api.call("GET /api/auth/google");
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(new URL(provider.issuer.url!).origin);
    expect(url.searchParams.get("client_id")).toBe("dragon-grid");
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe("http://dragongrid.test/api/auth/google/callback");
  });

  it("creates a verified account from the ID token and returns to a safe return URL", async () => {
    claims = {
      sub: "g-1",
      email: "Gina@Example.com",
      email_verified: true,
      given_name: "Gina",
      family_name: "Grid",
      picture: "https://lh3.googleusercontent.com/a/gina",
    };
    const { done, session } = await signInWithGoogle("/draw/abc?version=pencil");
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/draw/abc?version=pencil");
    expect(session).toBeDefined();
    const me = await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: session!.value } });
    expect(me.json()).toMatchObject({
      email: "gina@example.com",
      emailVerified: true,
      firstName: "Gina",
      lastName: "Grid",
      profileImageUrl: "https://lh3.googleusercontent.com/a/gina",
      isAdmin: false,
    });
  });

  it.each([["//evil.example/steal"], ["https://evil.example"], ["/\\evil.example"], [undefined]])(
    "sends an unsafe or missing return URL (%s) to /home",
    async (returnUrl) => {
      claims = { sub: "g-2", email: "safe@example.com", email_verified: true };
      const { done } = await signInWithGoogle(returnUrl);
      expect(done.headers.location).toBe("/home");
    },
  );

  it("takes over an unverified password account on the same e-mail: its password, names, language and sessions go", async () => {
    await api.call("POST /api/auth/register", {
      body: { email: "linked@example.com", password: "correct horse", firstName: "Lin" },
      cookies: { lang: "ar" },
    });
    const [squatter] = await t.database.db.select().from(users).where(eq(users.email, "linked@example.com"));
    await t.database.db
      .insert(sessions)
      .values({ tokenHash: "squatter-session", userId: squatter!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    claims = { sub: "g-3", email: "linked@example.com", email_verified: true, given_name: "Other" };
    const { session } = await signInWithGoogle("/profile");
    expect(session).toBeDefined();
    const rows = await t.database.db.select().from(users).where(eq(users.email, "linked@example.com"));
    expect(rows).toHaveLength(1);
    expect(squatter!.language).toBe("ar");
    expect(rows[0]).toMatchObject({
      id: squatter!.id,
      googleSubject: "g-3",
      emailVerified: true,
      firstName: "Other",
      language: null,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, "squatter-session"))).toHaveLength(
      0,
    );
    // The password was never confirmed by the address's owner, so it no longer signs in.
    expect(rows[0]!.passwordHash).toBeNull();
    const login = await api.call("POST /api/auth/login", {
      body: { email: "linked@example.com", password: "correct horse" },
    });
    expect(login.statusCode).toBe(401);
  });

  it("makes ADMIN_EMAILS admins", async () => {
    claims = { sub: "g-4", email: "google-boss@example.com", email_verified: true };
    const { session } = await signInWithGoogle("/admin/stats");
    const me = await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: session!.value } });
    expect(me.json().isAdmin).toBe(true);
  });

  it("makes an ADMIN_EMAILS address admin at its first sign-in only: an admin's removal and a ban stay (issue 41)", async () => {
    const signedInAs = async (sub: string, email: string) => {
      claims = { sub, email, email_verified: true };
      const { session } = await signInWithGoogle("/home");
      return (await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: session!.value } })).json() as {
        id: string;
        isAdmin: boolean;
      };
    };
    const first = await signedInAs("g-removed", "google-removed@example.com");
    expect(first.isAdmin).toBe(true);
    // Another admin takes the role back (as the admin route does), then bans the account.
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, first.id));
    expect((await signedInAs("g-removed", "google-removed@example.com")).isAdmin).toBe(false);
    await t.database.db
      .update(users)
      .set({ bannedAt: new Date(), sanctionReason: "Abuse" })
      .where(eq(users.id, first.id));
    expect((await signedInAs("g-removed", "google-removed@example.com")).isAdmin).toBe(false);

    // Banned before the first sign-in: the ban wins, then and later.
    const [banned] = await t.database.db
      .insert(users)
      .values({
        email: "google-banned@example.com",
        emailVerified: true,
        bannedAt: new Date(),
        sanctionReason: "Abuse",
      })
      .returning();
    expect((await signedInAs("g-banned", "google-banned@example.com")).isAdmin).toBe(false);
    await t.database.db.update(users).set({ bannedAt: null }).where(eq(users.id, banned!.id));
    expect((await signedInAs("g-banned", "google-banned@example.com")).isAdmin).toBe(false);
  });

  it("leaves a sanctioned member's name and picture as they are: Google's do not fill them in (issue 41)", async () => {
    const [member] = await t.database.db
      .insert(users)
      .values({
        email: "google-suspended@example.com",
        emailVerified: true,
        suspendedUntil: new Date(Date.now() + 86_400_000),
        sanctionReason: "Spam",
      })
      .returning();
    claims = {
      sub: "g-suspended",
      email: "google-suspended@example.com",
      email_verified: true,
      given_name: "Offensive",
      picture: "https://example.com/offensive.png",
    };
    const { session } = await signInWithGoogle("/home");
    expect(session).toBeDefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member!.id));
    expect(row).toMatchObject({ firstName: null, profileImageUrl: null, googleSubject: "g-suspended" });
  });

  it("saves the lang cookie's language on an account without one, never over one, and ignores one we do not have", async () => {
    const languageOf = async (email: string) =>
      (await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]!.language;
    const signIn = async (sub: string, email: string, lang: string) => {
      claims = { sub, email, email_verified: true };
      const { session } = await signInWithGoogle("/home", undefined, undefined, { lang });
      expect(session).toBeDefined();
      return (await api.call("GET /api/auth/user", { cookies: { [SESSION_COOKIE]: session!.value } })).json();
    };
    // A new account takes the visitor's choice, and keeps it when another browser chose otherwise.
    expect((await signIn("g-lang-new", "lang-new@example.com", "es")).language).toBe("es");
    expect((await signIn("g-lang-new", "lang-new@example.com", "fr")).language).toBe("es");
    // An existing account without a language: an unknown code is ignored, a known one saved.
    await t.database.db.insert(users).values({ email: "lang-old@example.com", emailVerified: true });
    expect((await signIn("g-lang-old", "lang-old@example.com", "xx")).language).toBeNull();
    expect(await languageOf("lang-old@example.com")).toBeNull();
    expect((await signIn("g-lang-old", "lang-old@example.com", "pt-BR")).language).toBe("pt-BR");
    expect((await signIn("g-lang-old", "lang-old@example.com", "ja")).language).toBe("pt-BR");
    expect(await languageOf("lang-old@example.com")).toBe("pt-BR");
  });

  it("refuses a callback whose state was tampered with, or that lacks the flow cookie", async () => {
    claims = { sub: "g-5", email: "tamper@example.com", email_verified: true };
    const { done, session } = await signInWithGoogle("/home", (url) => url.searchParams.set("state", "forged"));
    expect(done.headers.location).toBe("/login?error=google");
    expect(session).toBeUndefined();

    const bare = await api.call("GET /api/auth/google/callback", { query: { code: "x", state: "y" } });
    expect(bare.headers.location).toBe("/login?error=google");
  });

  it.each([false, undefined, "true"])(
    "refuses an e-mail the provider has not said is verified (email_verified: %s)",
    async (emailVerified) => {
      claims = { sub: `g-6-${String(emailVerified)}`, email: "unverified@example.com", email_verified: emailVerified };
      const { done, session } = await signInWithGoogle("/home");
      expect(done.headers.location).toBe("/login?error=google-email");
      expect(session).toBeUndefined();
    },
  );
});

describe("confirming with Google (a Google-only account's first password or deletion)", () => {
  it("asks the provider for a sign-in within 5 minutes, and refuses an ID token whose sign-in is older", async () => {
    const start = await api.call("GET /api/auth/google", { query: { returnUrl: "/profile", confirm: "1" } });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get("max_age")).toBe("300");
    expect(authorize.searchParams.get("prompt")).toBe("login");

    claims = {
      sub: "g-confirm",
      email: "confirm@example.com",
      email_verified: true,
      auth_time: Math.floor(Date.now() / 1000) - 10 * 60,
    };
    const stale = await signInWithGoogle("/profile", undefined, "1");
    expect(stale.done.headers.location).toBe("/login?error=google");
    expect(stale.session).toBeUndefined();

    claims = { ...claims, auth_time: Math.floor(Date.now() / 1000) - 30 };
    const fresh = await signInWithGoogle("/profile", undefined, "1");
    expect(fresh.done.headers.location).toBe("/profile");
    expect(fresh.session).toBeDefined();
  });
});

describe("Google sign-in when not configured", () => {
  it("redirects to /login, where the page says it is not configured", async () => {
    const plain = await createTestApp();
    try {
      const res = await testClient(plain.app).call("GET /api/auth/google", { query: { returnUrl: "/home" } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?error=google-not-configured");
    } finally {
      await plain.close();
    }
  });
});
