import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import path from "node:path";
import { lockPgliteDir } from "./pglite-lock";
import * as schema from "./schema";

/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection URL, for what needs a connection of its own (change-notices.ts). */
  url?: string;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// In the source tree migrations sit beside this file; the server build copies them beside its
// entry files, and this code may be in one of the entries or in a chunk one folder below them.
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    path.join(here, "migrations"),
    path.join(here, "..", "migrations"),
    path.join(here, "db", "migrations"),
  ]) {
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
  }
  throw new Error("Database migrations folder not found");
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; omitted means in memory. */
  pgliteDir?: string;
  /** A dumped PGlite data dir to start from (tests clone one template per file). */
  pgliteTemplate?: Blob;
  migrate?: boolean;
}

// PGlite's Postgres otherwise keeps the defaults of a shared server (shared_buffers 128 MB,
// max_connections 100), all inside one WASM heap that never shrinks; this app's data fits in a few
// MB and PGlite has a single connection. Passed at every start (a cluster made by an older version
// has 128 MB in its postgresql.conf) and to initdb, which writes them into a new cluster's file.
// Decision 009 has the measurements.
const PGLITE_SETTINGS = ["shared_buffers=16MB", "max_connections=5"].flatMap((setting) => ["-c", setting]);

/** Open PostgreSQL when a URL is given, otherwise embedded PGlite; apply migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const runMigrations = options.migrate ?? true;
  if (options.databaseUrl) {
    // node-postgres and its Drizzle driver are loaded only here: an embedded installation never
    // needs them, and loading them cost every start time and memory (decision 025).
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    if (runMigrations) await migratePg(db as never, { migrationsFolder: migrationsFolder() });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: "postgres", url: options.databaseUrl, poolStats, close: () => pool.end() };
  }
  let unlock = async () => {};
  if (options.pgliteDir) {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    unlock = await lockPgliteDir(options.pgliteDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: options.pgliteDir,
      loadDataDir: options.pgliteTemplate,
      // Trigrams for the admin list's search (migration 0010, decision 030); a 16 KB bundle.
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      initDbStartParams: PGLITE_SETTINGS,
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    if (runMigrations) await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    const close = async () => {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    };
    return { db, kind: "pglite", close, ...{ pglite: client } };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** The raw PGlite client behind a handle, for dumping a template data dir in tests. */
export function pgliteOf(handle: DatabaseHandle): PGlite | undefined {
  return (handle as DatabaseHandle & { pglite?: PGlite }).pglite;
}
