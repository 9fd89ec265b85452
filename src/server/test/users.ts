import crypto from "node:crypto";
import { sessions, users } from "../db/schema";
import { hashToken } from "../auth/tokens";
import { SESSION_COOKIE } from "../auth/sessions";
import type { TestApp } from "./test-app";
import { testClient } from "./api-client";

export interface TestUser {
  id: string;
  email: string;
  /** Cookies for app.inject. */
  cookies: Record<string, string>;
}

/** A verified user with a live session, made directly in the database (the auth tests cover the real flow). */
export async function createSignedInUser(
  t: TestApp,
  options: { isAdmin?: boolean; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${crypto.randomUUID()}@example.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, emailVerified: true, isAdmin: options.isAdmin ?? false, firstName: "Test" })
    .returning({ id: users.id });
  const token = crypto.randomBytes(32).toString("base64url");
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user!.id, email, cookies: { [SESSION_COOKIE]: token } };
}

/** `count` signed-in members at once: two inserts, not two per member (a crowd for the concurrency tests). */
export async function createSignedInUsers(t: TestApp, count: number): Promise<TestUser[]> {
  const emails = Array.from({ length: count }, () => `user-${crypto.randomUUID()}@example.com`);
  const rows = await t.database.db
    .insert(users)
    .values(emails.map((email) => ({ email, emailVerified: true, firstName: "Test" })))
    .returning({ id: users.id, email: users.email });
  const tokens = rows.map(() => crypto.randomBytes(32).toString("base64url"));
  await t.database.db.insert(sessions).values(
    rows.map((row, i) => ({
      tokenHash: hashToken(tokens[i]!),
      userId: row.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  return rows.map((row, i) => ({ id: row.id, email: row.email, cookies: { [SESSION_COOKIE]: tokens[i]! } }));
}

/**
 * An upload that arrived without passing our PUT route, as a presigned S3 upload does: only
 * set-acl and the image pipeline stand between these bytes and the library.
 */
export async function storedUpload(
  t: TestApp,
  ownerId: string,
  body: Buffer,
  contentType = "image/png",
): Promise<string> {
  const key = `uploads/${crypto.randomUUID()}`;
  await t.app.storage.put(key, body, contentType, { ownerId, isPublic: false });
  return `/objects/${key}`;
}

/**
 * An upload as the post and avatar uploaders leave it: stored, then passed through the real
 * POST /api/objects/set-acl, private (the blog's pictures are made public).
 */
export async function checkedUpload(
  t: TestApp,
  user: TestUser,
  body: Buffer,
  contentType = "image/png",
  visibility: "public" | "private" = "private",
): Promise<string> {
  const objectPath = await storedUpload(t, user.id, body, contentType);
  const res = await testClient(t.app).call("POST /api/objects/set-acl", {
    cookies: user.cookies,
    body: { objectPath, visibility },
  });
  if (res.statusCode !== 200) throw new Error(`set-acl answered ${res.statusCode}: ${res.body}`);
  return objectPath;
}
