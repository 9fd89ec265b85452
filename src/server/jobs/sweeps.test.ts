import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import Fastify from "fastify";
import { eq, getTableName, inArray, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createRateCounters } from "../http/rate-limiter";
import * as schema from "../db/schema";
import {
  analyticsSalts,
  appSettings,
  blogPosts,
  dragons,
  drawingChecks,
  emailVerificationTokens,
  passwordResetTokens,
  postImages,
  posts,
  sessions,
  storedObjects,
  users,
} from "../db/schema";
import type { BlobBackend } from "../storage/blob-backend";
import { LocalBlobBackend } from "../storage/local-backend";
import { S3BlobBackend } from "../storage/s3-backend";
import { ObjectStorage, objectUrl } from "../storage/object-storage";
import { createTestDatabase } from "../test/test-database";
import { startS3rver } from "../test/s3rver";
import { createTestApp } from "../test/test-app";
import { checkedUpload, createSignedInUser } from "../test/users";
import { illustrationPng } from "../test/images";
import { newCheck, newDragonRow } from "../test/route-fixtures";
import { OBJECT_REFERENCES } from "./object-references";
import {
  STRAY_CURSOR_SETTING,
  STRAY_KEYS_PER_RUN,
  STRAY_MIN_AGE_MS,
  SWEEP_LOCK_KEY,
  UNREFERENCED_MAX_AGE_MS,
  UNVERIFIED_ACCOUNT_MAX_AGE_MS,
  startSweeps,
  sweepOnce,
  sweepStrayUploads,
} from "./sweeps";
import { testClient } from "../test/api-client";

const HOUR = 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);
const NOTHING = {
  sessions: 0,
  rateLimitCounters: 0,
  analyticsSalts: 0,
  verificationTokens: 0,
  resetTokens: 0,
  unverifiedAccounts: 0,
  objects: 0,
};
const OLD = UNREFERENCED_MAX_AGE_MS + HOUR;

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

/** A stored object (an upload unless `key` says otherwise), its file on disk, recorded as made `age` ago. */
async function upload(age: number, key = `uploads/${crypto.randomUUID()}`): Promise<string> {
  await storage.put(key, Buffer.from("not really a picture"), "image/png", { ownerId: null, isPublic: false });
  await handle.db
    .update(storedObjects)
    .set({ createdAt: ago(age) })
    .where(eq(storedObjects.key, key));
  return key;
}

/** Which of these keys still have their row and their file. */
async function surviving(keys: string[]): Promise<string[]> {
  const rows = await handle.db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(inArray(storedObjects.key, keys));
  const withRow = new Set(rows.map((row) => row.key));
  for (const key of keys)
    expect(
      fs.existsSync(path.join(dataDir, "objects", key)) || !withRow.has(key),
      `${key} kept its row but lost its file`,
    ).toBe(true);
  return keys.filter((key) => withRow.has(key));
}

const present = async <T extends { tokenHash: string }>(
  rows: T[],
  table: typeof sessions | typeof emailVerificationTokens | typeof passwordResetTokens,
) => {
  const left = await handle.db.select({ tokenHash: table.tokenHash }).from(table);
  return rows.map((row) => row.tokenHash).filter((hash) => left.some((l) => l.tokenHash === hash));
};

/** Bytes under uploads/ that no row records (a replayed upload URL's), last written `age` ago. */
async function stray(age: number, key = `uploads/${crypto.randomUUID()}`): Promise<string> {
  await storage.backend.put(key, Buffer.from("a replayed upload"), "image/png");
  backdate(key, age);
  return key;
}

/** Set a local file's last-modified time `ms` back. */
const backdate = (key: string, ms: number) => fs.utimesSync(path.join(dataDir, "objects", key), ago(ms), ago(ms));

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: Fastify({ logger: { stream } }) };
}

const s3Backend = (s3: { bucket: string; endpoint: string }) =>
  new S3BlobBackend({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });

const nameOf = (column: PgColumn) => `${getTableName(column.table)}.${column.name}`;

/** Text columns whose names say they may hold an object's key or URL. */
const mayReferToObjects = () =>
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .flatMap((table) => getTableConfig(table).columns)
    .filter(
      (column) =>
        ["string", "array", "json"].includes(column.dataType) &&
        /(^|_)(key|url)s?$|image|photo|picture|avatar|file|object|content|body|html/.test(column.name),
    )
    .map(nameOf);

/** Columns whose names say they may hold an object's key or URL, but which do not. */
const NOT_REFERENCES: Record<string, string> = {
  "stored_objects.key": "the object itself",
  "stored_objects.content_type": "a MIME type",
  "works_in_progress.image_mode": "how the canvas shows the picture",
  "app_settings.key": "a setting's name",
  "rate_limit_counters.key": "a hash of what is counted",
};

/** Stores an old object under `key` that `column` refers to; answers the column's value for it. */
type Refer = (column: PgColumn, key: string) => Promise<string>;

/** A row of each table that refers to objects, every such column of it naming one through `refer`. */
const REFERRING_ROWS: Record<string, (refer: Refer) => Promise<void>> = {
  users: async (refer) => {
    const id = crypto.randomUUID();
    await user({
      id,
      profileImageUrl: await refer(users.profileImageUrl, `avatars/${id}/${crypto.randomUUID()}.webp`),
    });
  },
  dragons: async (refer) => {
    // A template of the library, and a Pro member's private picture.
    for (const ownerId of [null, await user()]) {
      const id = crypto.randomUUID();
      const file = (name: string) => `${ownerId ? "pictures" : "dragons"}/${id}/${name}`;
      await handle.db.insert(dragons).values({
        id,
        ownerId,
        name: "Ember",
        previewKey: await refer(dragons.previewKey, file("preview.webp")),
        previewSmallKey: await refer(dragons.previewSmallKey, file("preview-small.webp")),
        hiresKey: await refer(dragons.hiresKey, file("hires.png")),
        pencilPreviewKey: await refer(dragons.pencilPreviewKey, file("pencil-preview.webp")),
        pencilHiresKey: await refer(dragons.pencilHiresKey, file("pencil-hires.png")),
        outlinePreviewKey: await refer(dragons.outlinePreviewKey, file("outline-preview.webp")),
        outlineHiresKey: await refer(dragons.outlineHiresKey, file("outline-hires.png")),
      });
    }
  },
  drawing_checks: async (refer) => {
    const [dragon] = await handle.db
      .insert(dragons)
      .values({ name: "Old", previewKey: "dragons/x/preview.webp", hiresKey: "dragons/x/hires.png" })
      .returning({ id: dragons.id });
    const photoKey = await refer(drawingChecks.photoKey, `uploads/${crypto.randomUUID()}`);
    await handle.db
      .insert(drawingChecks)
      .values({ userId: await user(), dragonId: dragon!.id, columns: 1, rows: 1, cells: [], photoKey });
  },
  post_images: async (refer) => {
    const [post] = await handle.db
      .insert(posts)
      .values({ userId: await user() })
      .returning({ id: posts.id });
    const [objectKey, displayKey, thumbKey] = [
      await refer(postImages.objectKey, `uploads/${crypto.randomUUID()}`),
      await refer(postImages.displayKey, `posts/${post!.id}/0.webp`),
      await refer(postImages.thumbKey, `posts/${post!.id}/0-thumb.webp`),
    ];
    await handle.db
      .insert(postImages)
      .values({ postId: post!.id, objectKey, displayKey, thumbKey, width: 1, height: 1, position: 0 });
  },
  blog_posts: async (refer) => {
    const featuredImageUrl = await refer(blogPosts.featuredImageUrl, `uploads/${crypto.randomUUID()}`);
    const content = `<p>Wings</p><img src="https://dragongrid.test${await refer(blogPosts.content, `uploads/${crypto.randomUUID()}`)}" alt="">`;
    await handle.db.insert(blogPosts).values({ title: "Wings", slug: "wings", content, featuredImageUrl });
  },
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
    await handle.db
      .insert(analyticsSalts)
      .values([
        { day: "2026-01-01", salt: "old" },
        { day: today, salt: "today" },
      ])
      .onConflictDoNothing();
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, analyticsSalts: 1 });
    expect((await handle.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day)).toEqual([
      today,
    ]);
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
    await handle.db
      .insert(emailVerificationTokens)
      .values({ tokenHash: "abandoned's", userId: abandoned, expiresAt: later(HOUR) });
    const young = await user({ createdAt: ago(UNVERIFIED_ACCOUNT_MAX_AGE_MS - HOUR) });
    const verified = await user({ createdAt: old, emailVerified: true });
    const google = await user({ createdAt: old, googleSubject: "google-123" });
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, unverifiedAccounts: 1 });
    const left = await handle.db.select({ id: users.id }).from(users);
    expect(left.map((row) => row.id).sort()).toEqual([young, verified, google].sort());
    expect(await handle.db.select().from(emailVerificationTokens)).toEqual([]);
  });

  it("deletes objects older than 24 hours that nothing refers to, in every folder, file and row", async () => {
    const folders = ["uploads", "avatars/someone", "dragons/gone", "pictures/gone", "posts/gone"];
    const abandoned = await Promise.all(folders.map((folder) => upload(OLD, `${folder}/${crypto.randomUUID()}`)));
    const young = await upload(UNREFERENCED_MAX_AGE_MS - HOUR);
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, objects: abandoned.length });
    expect(await surviving([...abandoned, young])).toEqual([young]);
    for (const key of abandoned) expect(fs.existsSync(path.join(dataDir, "objects", key))).toBe(false);
  });

  it("deletes an abandoned upload's object from an S3 bucket", async () => {
    const s3 = await startS3rver();
    try {
      const backend = s3Backend(s3);
      storage = new ObjectStorage(backend, handle.db);
      const [abandoned, young] = [await upload(OLD), await upload(UNREFERENCED_MAX_AGE_MS - HOUR)];
      expect(await sweepOnce(handle.db, backend)).toEqual({ ...NOTHING, objects: 1 });
      expect(await backend.stat(abandoned)).toBeNull();
      expect(await backend.stat(young)).not.toBeNull();
      const rows = await handle.db.select({ key: storedObjects.key }).from(storedObjects);
      expect(rows.map((row) => row.key)).toEqual([young]);
    } finally {
      await s3.stop();
    }
  });

  it("knows every column of the schema that may refer to a stored object", () => {
    const known = new Set(OBJECT_REFERENCES.map(({ column }) => nameOf(column)));
    const unknown = mayReferToObjects().filter((column) => !known.has(column) && !(column in NOT_REFERENCES));
    expect(
      unknown,
      "columns the sweep does not read: add them to OBJECT_REFERENCES (object-references.ts) or, with the reason, to NOT_REFERENCES",
    ).toEqual([]);
    expect(Object.keys(NOT_REFERENCES).filter((column) => !mayReferToObjects().includes(column))).toEqual([]);
  });

  it("keeps every object a row refers to, however old, through every column that refers to objects", async () => {
    const referred = new Map<string, string>();
    const refer: Refer = async (column, key) => {
      await upload(OLD, key);
      referred.set(key, nameOf(column));
      const reference = OBJECT_REFERENCES.find((known) => known.column === column);
      expect(reference, `${nameOf(column)} is not in OBJECT_REFERENCES`).toBeDefined();
      return reference!.holds === "key" ? key : objectUrl(key);
    };
    for (const table of new Set([
      ...Object.keys(REFERRING_ROWS),
      ...OBJECT_REFERENCES.map(({ column }) => getTableName(column.table)),
    ])) {
      expect(REFERRING_ROWS[table], `REFERRING_ROWS has no row of ${table}`).toBeDefined();
      await REFERRING_ROWS[table]!(refer);
    }
    expect(
      OBJECT_REFERENCES.map(({ column }) => nameOf(column)).filter(
        (column) => ![...referred.values()].includes(column),
      ),
    ).toEqual([]);
    const abandoned = await upload(OLD);
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, objects: 1 });
    expect(await surviving([...referred.keys(), abandoned])).toEqual([...referred.keys()]);
  });

  it("keeps an object whose key a text mentions where no link to it can be read", async () => {
    const [inWords, atSentenceEnd] = [await upload(OLD), await upload(OLD)];
    await handle.db.insert(blogPosts).values({
      title: "Scales",
      slug: "scales",
      content: `<p>Drawn from ${inWords}, see ${objectUrl(atSentenceEnd)}.</p>`,
    });
    expect(await sweepOnce(handle.db, storage.backend)).toEqual(NOTHING);
    expect(await surviving([inWords, atSentenceEnd])).toEqual([inWords, atSentenceEnd]);
  });

  it("deletes bytes under uploads/ that no row records once they are an hour old, on disk", async () => {
    const oldStray = await stray(STRAY_MIN_AGE_MS + 60_000);
    const youngStray = await stray(STRAY_MIN_AGE_MS - 60_000);
    const recorded = await upload(UNREFERENCED_MAX_AGE_MS - HOUR);
    backdate(recorded, STRAY_MIN_AGE_MS + 60_000);
    // The library's files are never strays, whatever their age.
    const template = `dragons/${crypto.randomUUID()}/hires.png`;
    await storage.backend.put(template, Buffer.from("x"), "image/png");
    backdate(template, STRAY_MIN_AGE_MS + 60_000);
    expect(await sweepStrayUploads(handle.db, storage.backend)).toBe(1);
    expect(
      [oldStray, youngStray, recorded, template].filter((key) => fs.existsSync(path.join(dataDir, "objects", key))),
    ).toEqual([youngStray, recorded, template]);
  });

  it("looks at a bounded page of uploads/ a run, each run on from where the last stopped", async () => {
    const strays = await Promise.all(
      Array.from({ length: STRAY_KEYS_PER_RUN + 2 }, () => stray(STRAY_MIN_AGE_MS + 60_000)),
    );
    const cursor = async () =>
      (
        await handle.db
          .select({ value: appSettings.value })
          .from(appSettings)
          .where(eq(appSettings.key, STRAY_CURSOR_SETTING))
      )[0]?.value;
    expect(await sweepStrayUploads(handle.db, storage.backend)).toBe(STRAY_KEYS_PER_RUN);
    expect(await cursor()).toBe([...strays].sort()[STRAY_KEYS_PER_RUN - 1]);
    expect(await sweepStrayUploads(handle.db, storage.backend)).toBe(2);
    // An empty page: the end; the run after starts again from the beginning.
    expect(await sweepStrayUploads(handle.db, storage.backend)).toBe(0);
    expect(await cursor()).toBeUndefined();
    await stray(STRAY_MIN_AGE_MS + 60_000, "uploads/00000000-0000-4000-8000-000000000000");
    expect(await sweepStrayUploads(handle.db, storage.backend)).toBe(1);
  });

  it("walks uploads/ without holding the database, which other requests go on using meanwhile", async () => {
    const oldStray = await stray(STRAY_MIN_AGE_MS + 60_000);
    // A walk that takes a while (a folder of many files, a slow bucket): the app's queries meanwhile must not wait for it.
    const queryDuringWalk = Object.assign(Object.create(storage.backend) as BlobBackend, {
      list: async (folder: string, options: { after?: string; limit: number }) => {
        const answered = handle.db.execute(sql`select 1`).then(() => "answered");
        expect(
          await Promise.race([answered, new Promise((resolve) => setTimeout(() => resolve("waiting"), 2_000))]),
        ).toBe("answered");
        return storage.backend.list(folder, options);
      },
    });
    expect(await sweepStrayUploads(handle.db, queryDuringWalk)).toBe(1);
    expect(fs.existsSync(path.join(dataDir, "objects", oldStray))).toBe(false);
  });

  it("deletes bytes under uploads/ that no row records from an S3 bucket", async () => {
    const s3 = await startS3rver();
    try {
      const backend = s3Backend(s3);
      storage = new ObjectStorage(backend, handle.db);
      const strayKey = `uploads/${crypto.randomUUID()}`;
      await backend.put(strayKey, Buffer.from("a replayed upload"), "image/png");
      const recorded = await upload(0);
      // The bucket's clock cannot be turned back: the sweep's is moved on instead.
      expect(await sweepStrayUploads(handle.db, backend, later(STRAY_MIN_AGE_MS + 60_000))).toBe(1);
      expect(await backend.stat(strayKey)).toBeNull();
      expect(await backend.stat(recorded)).not.toBeNull();
    } finally {
      await s3.stop();
    }
  });

  it("does nothing while another process holds the sweep's lock", async (context) => {
    if (handle.kind === "pglite")
      context.skip("PGlite is one process on one connection: no second process can hold the lock");
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
      expect(await sweepStrayUploads(handle.db, storage.backend)).toBeNull();
      expect(await present([session], sessions)).toEqual(["expired"]);
    } finally {
      release();
      await holder;
    }
    expect(await sweepOnce(handle.db, storage.backend)).toEqual({ ...NOTHING, sessions: 1 });
  });

  it("does each piece of work once when several runners race", async (context) => {
    if (handle.kind === "pglite")
      context.skip("PGlite is one process on one connection: runners there take turns and cannot race");
    // Objects only: expired rows would be locked by the first runner's delete and so serialise the
    // runners by themselves, whereas objects are read first, and runners without the lock would
    // each read them all and each delete them.
    const keys = await Promise.all(Array.from({ length: 20 }, () => upload(OLD)));
    const results = await Promise.all(Array.from({ length: 4 }, () => sweepOnce(handle.db, storage.backend)));
    expect(results.reduce((sum, counts) => sum + (counts?.objects ?? 0), 0)).toBe(20);
    expect(await surviving(keys)).toEqual([]);
  });

  it("deletes each stray once when several runners race", async (context) => {
    if (handle.kind === "pglite")
      context.skip("PGlite is one process on one connection: runners there take turns and cannot race");
    const strays = await Promise.all(Array.from({ length: 20 }, () => stray(STRAY_MIN_AGE_MS + 60_000)));
    const results = await Promise.all(Array.from({ length: 4 }, () => sweepStrayUploads(handle.db, storage.backend)));
    expect(results.reduce<number>((sum, count) => sum + (count ?? 0), 0)).toBe(strays.length);
    expect(strays.filter((key) => fs.existsSync(path.join(dataDir, "objects", key)))).toEqual([]);
  });

  it("runs shortly after start, logs only counts, and stops cleanly", async () => {
    const email = "never-verified@example.com";
    await user({ email, createdAt: ago(UNVERIFIED_ACCOUNT_MAX_AGE_MS + HOUR) });
    const key = await upload(OLD);
    const { lines, logger } = capturedLog();
    // Runs back to back, so stop() meets one under way or about to start.
    const runner = startSweeps(
      { db: handle.db, backend: storage.backend, log: logger.log },
      { firstDelayMs: 10, intervalMs: 5 },
    );
    try {
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await runner.stop();
    }
    expect(await surviving([key])).toEqual([]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ swept: { ...NOTHING, unverifiedAccounts: 1, objects: 1 } });
    expect(lines.join("")).not.toContain(email);
    expect(lines.join("")).not.toContain(key);
    await logger.close();
  });

  it("sweeps the rest when the store cannot be listed, and warns", async () => {
    const key = await upload(OLD);
    const unlistable = Object.assign(Object.create(storage.backend) as BlobBackend, {
      list: () => Promise.reject(new Error("Access Denied")),
    });
    const { lines, logger } = capturedLog();
    const runner = startSweeps(
      { db: handle.db, backend: unlistable, log: logger.log },
      { firstDelayMs: 10, intervalMs: 60_000 },
    );
    try {
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(1);
    } finally {
      await runner.stop();
    }
    expect(lines.map((line) => JSON.parse(line) as unknown)).toMatchObject([
      { swept: { ...NOTHING, objects: 1 } },
      { level: 40, msg: "sweep of stray uploads failed; trying again at the next run" },
    ]);
    expect(await surviving([key])).toEqual([]);
    await logger.close();
  });
});

describe("a photo kept with a drawing check", () => {
  it("stays however old, for as long as its check: the check and the data export still serve it", async () => {
    const t = await createTestApp();
    try {
      const learner = await createSignedInUser(t);
      const dragonId = await newDragonRow(t);
      const checkId = await newCheck(t, learner, dragonId);
      const photo = await checkedUpload(t, learner, await illustrationPng(200, 150));
      const kept = await testClient(t.app).call("PUT /api/checks/:dragonId/:checkId/photo", {
        params: { dragonId, checkId },
        cookies: learner.cookies,
        body: { objectPath: photo },
      });
      expect(kept.statusCode).toBe(200);
      await t.database.db.update(storedObjects).set({ createdAt: ago(OLD) });

      expect(await sweepOnce(t.database.db, t.app.storage.backend)).toEqual(NOTHING);
      const exported = JSON.parse(
        (await testClient(t.app).call("GET /api/account/export", { cookies: learner.cookies })).body,
      ) as {
        drawingChecks: { photoUrl: string | null }[];
      };
      expect(exported.drawingChecks.map((check) => check.photoUrl)).toEqual([photo]);
      expect((await t.app.inject({ method: "GET", url: photo, cookies: learner.cookies })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
