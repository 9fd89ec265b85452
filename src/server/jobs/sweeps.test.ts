import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import Fastify from "fastify";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createRateCounters } from "../http/rate-limiter";
import { analyticsSalts, blogPosts, dragons, emailVerificationTokens, passwordResetTokens, postImages, posts, sessions, storedObjects, users } from "../db/schema";
import { LocalBlobBackend } from "../storage/local-backend";
import { S3BlobBackend } from "../storage/s3-backend";
import { ObjectStorage } from "../storage/object-storage";
import { createTestDatabase } from "../test/test-database";
import { startS3rver } from "../test/s3rver";
import { SWEEP_LOCK_KEY, UNVERIFIED_ACCOUNT_MAX_AGE_MS, UPLOAD_MAX_AGE_MS, startSweeps, sweepOnce } from "./sweeps";

const HOUR = 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);
const NOTHING = { sessions: 0, rateLimitCounters: 0, analyticsSalts: 0, verificationTokens: 0, resetTokens: 0, unverifiedAccounts: 0, uploads: 0 };

let handle: DatabaseHandle;
let dataDir: string;
let storage: ObjectStorage;
beforeEach(async () => {
  handle = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-sweeps-"));
  storage = new ObjectStorage(new LocalBlobBackend(dataDir), handle.db);
});
afterEach(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function user(values: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const [row] = await handle.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com`, ...values })
    .returning({ id: users.id });
  return row!.id;
}

/** A stored upload, its file on disk, recorded as made `age` ago. */
async function upload(age: number, key = `uploads/${crypto.randomUUID()}`): Promise<string> {
  await storage.put(key, Buffer.from("not really a picture"), "image/png", { ownerId: null, isPublic: false });
  await handle.db.update(storedObjects).set({ createdAt: ago(age) }).where(eq(storedObjects.key, key));
  return key;
}

/** Which of these keys still have their row and their file. */
async function surviving(keys: string[]): Promise<string[]> {
  const rows = await handle.db.select({ key: storedObjects.key }).from(storedObjects).where(inArray(storedObjects.key, keys));
  const withRow = new Set(rows.map((row) => row.key));
  for (const key of keys) expect(fs.existsSync(path.join(dataDir, "objects", key)) || !withRow.has(key), `${key} kept its row but lost its file`).toBe(true);
  return keys.filter((key) => withRow.has(key));
}

const present = async <T extends { tokenHash: string }>(rows: T[], table: typeof sessions | typeof emailVerificationTokens | typeof passwordResetTokens) => {
  const left = await handle.db.select({ tokenHash: table.tokenHash }).from(table);
  return rows.map((row) => row.tokenHash).filter((hash) => left.some((l) => l.tokenHash === hash));
};

describe("sweeps", () => {
  it("deletes expired sessions and keeps live ones", async () => {
    const owner = await user({ emailVerified: true });
    const expired = { tokenHash: "expired", userId: owner, expiresAt: ago(1000) };
    const live = { tokenHash: "live", userId: owner, expiresAt: later(HOUR) };
    await handle.db.insert(sessions).values([expired, live]);
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, sessions: 1 });
    expect(await present([expired, live], sessions)).toEqual(["live"]);
  });

  it("deletes the counters of rate limits whose window is over and keeps the running ones", async () => {
    const counters = createRateCounters(handle.db);
    await counters.hit("over", 1000, Date.now() - 5000);
    await counters.hit("running", HOUR);
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, rateLimitCounters: 1 });
    expect((await counters.hit("running", HOUR)).count).toBe(2);
    expect((await counters.hit("over", 1000)).count).toBe(1);
  });

  it("deletes the visitor-hash salts of finished days and keeps today's", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await handle.db.insert(analyticsSalts).values([{ day: "2026-01-01", salt: "old" }, { day: today, salt: "today" }]).onConflictDoNothing();
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, analyticsSalts: 1 });
    expect((await handle.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day)).toEqual([today]);
  });

  it("deletes used or expired verification and reset tokens and keeps live ones", async () => {
    const owner = await user({ emailVerified: true });
    const tokens = [
      { tokenHash: "used", userId: owner, expiresAt: later(HOUR), usedAt: ago(1000) },
      { tokenHash: "expired", userId: owner, expiresAt: ago(1000) },
      { tokenHash: "live", userId: owner, expiresAt: later(HOUR) },
    ];
    await handle.db.insert(emailVerificationTokens).values(tokens);
    await handle.db.insert(passwordResetTokens).values(tokens);
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, verificationTokens: 2, resetTokens: 2 });
    expect(await present(tokens, emailVerificationTokens)).toEqual(["live"]);
    expect(await present(tokens, passwordResetTokens)).toEqual(["live"]);
  });

  it("removes unverified accounts older than 7 days, never a verified or Google one", async () => {
    const old = ago(UNVERIFIED_ACCOUNT_MAX_AGE_MS + HOUR);
    const abandoned = await user({ createdAt: old });
    await handle.db.insert(emailVerificationTokens).values({ tokenHash: "abandoned's", userId: abandoned, expiresAt: later(HOUR) });
    const young = await user({ createdAt: ago(UNVERIFIED_ACCOUNT_MAX_AGE_MS - HOUR) });
    const verified = await user({ createdAt: old, emailVerified: true });
    const google = await user({ createdAt: old, googleSubject: "google-123" });
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, unverifiedAccounts: 1 });
    const left = await handle.db.select({ id: users.id }).from(users);
    expect(left.map((row) => row.id).sort()).toEqual([young, verified, google].sort());
    expect(await handle.db.select().from(emailVerificationTokens)).toEqual([]);
  });

  it("deletes uploads older than 24 hours that nothing refers to, file and row", async () => {
    const abandoned = await upload(UPLOAD_MAX_AGE_MS + HOUR);
    const young = await upload(UPLOAD_MAX_AGE_MS - HOUR);
    // The library's own files are not uploads, however old.
    const template = await upload(UPLOAD_MAX_AGE_MS + HOUR, `dragons/${crypto.randomUUID()}/hires.png`);
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, uploads: 1 });
    expect(await surviving([abandoned, young, template])).toEqual([young, template]);
    expect(fs.existsSync(path.join(dataDir, "objects", abandoned))).toBe(false);
  });

  it("deletes an abandoned upload's object from an S3 bucket", async () => {
    const s3 = await startS3rver();
    try {
      const backend = new S3BlobBackend({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });
      storage = new ObjectStorage(backend, handle.db);
      const [abandoned, young] = [await upload(UPLOAD_MAX_AGE_MS + HOUR), await upload(UPLOAD_MAX_AGE_MS - HOUR)];
      expect(await sweepOnce(handle.db, backend)).toEqual({ ...NOTHING, uploads: 1 });
      expect(await backend.stat(abandoned)).toBeNull();
      expect(await backend.stat(young)).not.toBeNull();
      const rows = await handle.db.select({ key: storedObjects.key }).from(storedObjects);
      expect(rows.map((row) => row.key)).toEqual([young]);
    } finally {
      await s3.stop();
    }
  });

  it("keeps old uploads a post, a profile, a dragon or a blog post refers to", async () => {
    const old = UPLOAD_MAX_AGE_MS + HOUR;
    const [postPhoto, avatar, dragonImage, featured, inContent, abandoned] = await Promise.all(Array.from({ length: 6 }, () => upload(old)));
    const author = await user({ emailVerified: true, profileImageUrl: `/objects/${avatar}` });
    const [post] = await handle.db.insert(posts).values({ userId: author }).returning({ id: posts.id });
    await handle.db.insert(postImages).values({ postId: post!.id, objectKey: postPhoto!, displayKey: `posts/${post!.id}/0.webp`, thumbKey: `posts/${post!.id}/0-thumb.webp`, width: 1, height: 1, position: 0 });
    await handle.db.insert(dragons).values({ name: "Old", previewKey: "dragons/x/preview.webp", hiresKey: dragonImage! });
    await handle.db.insert(blogPosts).values({ title: "Scales", slug: "scales", content: "<p>Start with the grid.</p>", featuredImageUrl: `/objects/${featured}` });
    await handle.db.insert(blogPosts).values({ title: "Wings", slug: "wings", content: `<p>Wings</p><img src="https://dragongrid.test/objects/${inContent}" alt="">` });
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, uploads: 1 });
    expect(await surviving([postPhoto!, avatar!, dragonImage!, featured!, inContent!, abandoned!])).toEqual([postPhoto, avatar, dragonImage, featured, inContent]);
  });

  it("does nothing while another process holds the sweep's lock", async (context) => {
    if (handle.kind === "pglite") context.skip("PGlite is one process on one connection: no second process can hold the lock");
    const session = { tokenHash: "expired", userId: await user({ emailVerified: true }), expiresAt: ago(1000) };
    await handle.db.insert(sessions).values(session);
    let release!: () => void;
    let locked!: () => void;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    const holder = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY.toString()}::bigint)`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockHeld;
    try {
      expect(await sweepOnce(handle.db, storage.backend)).toBeNull();
      expect(await present([session], sessions)).toEqual(["expired"]);
    } finally {
      release();
      await holder;
    }
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, sessions: 1 });
  });

  it("does each piece of work once when several runners race", async (context) => {
    if (handle.kind === "pglite") context.skip("PGlite is one process on one connection: runners there take turns and cannot race");
    // Uploads only: expired rows would be locked by the first runner's delete and so serialise the
    // runners by themselves, whereas uploads are read first, and runners without the lock would
    // each read them all and each delete them.
    const keys = await Promise.all(Array.from({ length: 20 }, () => upload(UPLOAD_MAX_AGE_MS + HOUR)));
    const results = await Promise.all(Array.from({ length: 4 }, () => sweepOnce(handle.db, storage.backend)));
    expect(results.reduce((sum, counts) => sum + (counts?.uploads ?? 0), 0)).toBe(20);
    expect(await surviving(keys)).toEqual([]);
  });

  it("runs shortly after start, logs only counts, and stops cleanly", async () => {
    const email = "never-verified@example.com";
    await user({ email, createdAt: ago(UNVERIFIED_ACCOUNT_MAX_AGE_MS + HOUR) });
    const key = await upload(UPLOAD_MAX_AGE_MS + HOUR);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = Fastify({ logger: { stream } });
    // Runs back to back, so stop() meets one under way or about to start.
    const runner = startSweeps({ db: handle.db, backend: storage.backend, log: logger.log }, { firstDelayMs: 10, intervalMs: 5 });
    try {
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await runner.stop();
    }
    expect(await surviving([key])).toEqual([]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ swept: { ...NOTHING, unverifiedAccounts: 1, uploads: 1 } });
    expect(lines.join("")).not.toContain(email);
    expect(lines.join("")).not.toContain(key);
    await logger.close();
  });
});
