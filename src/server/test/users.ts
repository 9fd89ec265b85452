import crypto from "node:crypto";
import { sessions, users } from "../db/schema";
import { hashToken } from "../features/auth/tokens";
import { SESSION_COOKIE } from "../features/auth/sessions";
import type { TestApp } from "./test-app";

export interface TestUser {
  id: string;
  email: string;
  /** Cookies for app.inject. */
  cookies: Record<string, string>;
}

/** A verified user with a live session, made directly in the database (the auth tests cover the real flow). */
export async function createSignedInUser(t: TestApp, options: { isAdmin?: boolean; email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `user-${crypto.randomUUID()}@example.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, emailVerified: true, isAdmin: options.isAdmin ?? false, firstName: "Test" })
    .returning({ id: users.id });
  const token = crypto.randomBytes(32).toString("base64url");
  await t.database.db.insert(sessions).values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user!.id, email, cookies: { [SESSION_COOKIE]: token } };
}

/** Upload bytes as `ownerId` through a real signed upload URL; answers the objectPath. */
export async function uploadAs(t: TestApp, ownerId: string, body: Buffer, contentType = "image/png", maxBytes = 100 * 1024 * 1024): Promise<string> {
  const upload = await t.app.storage.createUpload({ ownerId, contentTypes: [contentType], maxBytes });
  const res = await t.app.inject({ method: "PUT", url: upload.url, headers: { "content-type": contentType }, payload: body });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return `/objects/${upload.key}`;
}
