import crypto from "node:crypto";
import { expect } from "vitest";
import { sessions, users } from "../db/schema";
import { decodeQuotedPrintable, waitForMail } from "./mail";
import type { TestApp } from "./test-app";
import type { TestUser } from "./users";
import { testClient, type AnyResponse } from "./api-client";
import { hashPassword } from "../auth/password";
import { SESSION_COOKIE } from "../auth/sessions";
import { hashToken } from "../auth/tokens";

export const PASSWORD = "correct horse";

let address = 0;
/** Each request from its own address, so per-address limits never stand in for what is tested. */
export const fromNewAddress = () => `10.14.${Math.floor(++address / 250)}.${address % 250}`;

export const sessionCookie = (res: AnyResponse) => res.cookies.find((c) => c.name === SESSION_COOKIE);

/**
 * An account made in the database: a password one (verified unless told) or a Google-only one
 * (no password). Signed in with a session of its own.
 */
export async function createAccount(
  t: TestApp,
  options: { email?: string; password?: string | null; isAdmin?: boolean; verified?: boolean; firstName?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `member-${crypto.randomUUID()}@example.com`;
  const password = options.password === undefined ? PASSWORD : options.password;
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: password === null ? null : await hashPassword(password),
      googleSubject: password === null ? `google-${crypto.randomUUID()}` : null,
      emailVerified: options.verified ?? true,
      isAdmin: options.isAdmin ?? false,
      firstName: options.firstName ?? "Test",
    })
    .returning({ id: users.id });
  return { id: user!.id, email, cookies: await newSession(t, user!.id) };
}

/** Another live session of the same user, as a second browser would hold. */
export async function newSession(t: TestApp, userId: string): Promise<Record<string, string>> {
  const token = crypto.randomBytes(32).toString("base64url");
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return { [SESSION_COOKIE]: token };
}

/** The status GET /api/auth/user answers with these cookies: 200 signed in, 401 not. */
export async function whoAmI(t: TestApp, cookies: Record<string, string>): Promise<number> {
  return (await testClient(t.app).call("GET /api/auth/user", { cookies })).statusCode;
}

export async function login(t: TestApp, email: string, password: string) {
  return testClient(t.app).call("POST /api/auth/login", { body: { email, password }, remoteAddress: fromNewAddress() });
}

/** The `count`th message to `email`, once it is in the outbox. */
export async function mailNumber(t: TestApp, email: string, count: number): Promise<string> {
  return (await waitForMail(t.dataDir, email, count))[count - 1]!;
}

/** The reset link's token in a raw message. */
export function resetToken(raw: string): string {
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  expect(link).not.toBeNull();
  return link![1]!;
}
