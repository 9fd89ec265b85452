import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { DatabaseInUseError } from "../db/pglite-lock";
import { seedFeed } from "../features/posts/seed-feed";
import { LocalBlobBackend } from "../storage/local-backend";
import { ObjectStorage } from "../storage/object-storage";
import { backupDataDir, restoreDataDir } from "./archive";

// The embedded default's backup: a seeded DATA_DIR (users, sessions, posts with stored photos,
// likes, comments, signing keys) goes into one archive and comes back into an empty directory
// row for row and byte for byte.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-backup-"));
const source = path.join(tmp, "source");
const archive = path.join(tmp, "backup.tar");
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  const database = await openDatabase({ pgliteDir: path.join(source, "db") });
  try {
    await seedFeed(database.db, new ObjectStorage(new LocalBlobBackend(source), database.db), { posts: 6 });
  } finally {
    await database.close();
  }
  fs.mkdirSync(path.join(source, "outbox"), { recursive: true });
  fs.writeFileSync(path.join(source, "outbox", "welcome.eml"), "Subject: Welcome\r\n\r\nHello");
}, 120_000);

/** Every row of every table, in a stable order, as JSON. */
async function everyRow(database: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const rowsOf = async (query: ReturnType<typeof sql.raw>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = (await rowsOf(
    sql.raw(
      `select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
    ),
  )) as { table_schema: string; table_name: string }[];
  const out: Record<string, unknown[]> = {};
  for (const { table_schema, table_name } of tables) {
    const rows = await rowsOf(sql.raw(`select * from "${table_schema}"."${table_name}"`));
    out[`${table_schema}.${table_name}`] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

async function rowsOf(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db"), migrate: false });
  try {
    return await everyRow(database);
  } finally {
    await database.close();
  }
}

function filesOf(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dataDir, full);
    if (entry.isFile() && !relative.startsWith(`db${path.sep}`)) {
      out[relative] = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex");
    }
  }
  return out;
}

describe("backup and restore of DATA_DIR", () => {
  it("round-trips every row and every stored object", async () => {
    const { files } = await backupDataDir(source, archive);
    // Password hashes, addresses and signing keys: for the owner's eyes only.
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const expectedFiles = filesOf(source);
    expect(files).toBe(Object.keys(expectedFiles).length);
    expect(
      Object.keys(expectedFiles).filter((file) => file.startsWith(`objects${path.sep}`)).length,
    ).toBeGreaterThanOrEqual(6 * 3 * 2);
    expect(Object.keys(expectedFiles)).toContain(path.join("outbox", "welcome.eml"));

    const restored = path.join(tmp, "restored");
    expect((await restoreDataDir(archive, restored)).files).toBe(files);
    expect(filesOf(restored)).toEqual(expectedFiles);

    const [before, after] = [await rowsOf(source), await rowsOf(restored)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(before["public.posts"]).toHaveLength(6);
    expect(before["public.likes"]!.length).toBeGreaterThan(0);
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  }, 120_000);

  it("refuses to back up while the database is open, and to restore into a directory that is not empty", async () => {
    const database = await openDatabase({ pgliteDir: path.join(source, "db"), migrate: false });
    try {
      await expect(backupDataDir(source, path.join(tmp, "while-open.tar"))).rejects.toThrow(DatabaseInUseError);
      await expect(backupDataDir(source, path.join(tmp, "while-open.tar"))).rejects.toThrow(/Stop it, then back up/);
      // A second opener is refused the same way: two processes on one PGlite directory corrupt it.
      await expect(openDatabase({ pgliteDir: path.join(source, "db"), migrate: false })).rejects.toThrow(
        /in use by another process/,
      );
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(tmp, "while-open.tar"))).toBe(false);
    await expect(restoreDataDir(archive, source)).rejects.toThrow(/is not empty/);
    await expect(restoreDataDir(path.join(tmp, "missing.tar"), path.join(tmp, "fresh"))).rejects.toThrow(
      /There is no backup/,
    );
    fs.writeFileSync(path.join(tmp, "not-a-backup.tar"), "hello");
    await expect(restoreDataDir(path.join(tmp, "not-a-backup.tar"), path.join(tmp, "fresh2"))).rejects.toThrow();
    expect(fs.existsSync(path.join(tmp, "fresh2"))).toBe(false);
  }, 120_000);

  it("leaves DATA_DIR as it was when an archive breaks off in the middle: missing stays missing, empty stays empty", async () => {
    const whole = fs.readFileSync(archive);
    const cut = path.join(tmp, "cut-short.tar");
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const missing = path.join(tmp, "never-made");
    await expect(restoreDataDir(cut, missing)).rejects.toThrow();
    expect(fs.existsSync(missing)).toBe(false);
    const empty = path.join(tmp, "mounted-volume");
    fs.mkdirSync(empty);
    await expect(restoreDataDir(cut, empty)).rejects.toThrow();
    expect(fs.readdirSync(empty)).toEqual([]);
    // And a whole archive then restores into it.
    expect((await restoreDataDir(archive, empty)).files).toBeGreaterThan(0);
    expect(fs.readdirSync(empty)).not.toContain(".restoring");
  }, 120_000);
});
