import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { appSettings, storedObjects } from "../db/schema";
import { isValidKey, type BlobBackend } from "../storage/blob-backend";
import { UPLOADS_PREFIX } from "../storage/object-storage";
import { utcDay } from "../../shared/analytics";
import { mentioned, referencedKeys } from "./object-references";
import { repeatJob, type RepeatPace, type SweepRunner } from "./repeat-job";

export type { SweepRunner } from "./repeat-job";

// Every age and pace of the sweeps (decisions 021 and 032).
/** Between the end of one run and the start of the next. */
export const SWEEP_INTERVAL_MS = 5 * 60_000;
/** After start-up: soon, but not while the process is still warming up. */
export const FIRST_SWEEP_DELAY_MS = 30_000;
/** An object nothing refers to by then never will be: an upload of a closed form, a failed save's copies. */
export const UNREFERENCED_MAX_AGE_MS = 24 * 60 * 60_000;
/** An account whose owner never opened the verification link by then never will. */
export const UNVERIFIED_ACCOUNT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Bounds one run, which holds its transaction while deleting files; the rest waits for the next. */
export const OBJECTS_PER_RUN = 500;
/**
 * Bytes under uploads/ without a row this old are strays (an upload URL replayed after its upload
 * was used or swept): every write records its row within seconds, and an upload URL lives 15 minutes.
 */
export const STRAY_MIN_AGE_MS = 60 * 60_000;
/** Keys under uploads/ one run looks at; the next goes on after the last (app_settings keeps where). */
export const STRAY_KEYS_PER_RUN = 1000;
/** The app_settings row that keeps the last key the stray sweep looked at. */
export const STRAY_CURSOR_SETTING = "sweeps.stray-uploads-after";
/** The advisory lock key that lets one process at a time sweep ("DGsweeps" in ASCII). */
export const SWEEP_LOCK_KEY = 0x4447_7377_6565_7073n;

export interface SweepCounts {
  sessions: number;
  rateLimitCounters: number;
  analyticsSalts: number;
  verificationTokens: number;
  resetTokens: number;
  unverifiedAccounts: number;
  /** Stored objects nothing refers to, rows and bytes. */
  objects: number;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function rowsOf<T>(tx: Transaction, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const deletedCount = async (tx: Transaction, query: SQL) =>
  (await rowsOf<{ n: number }>(tx, sql`with gone as (${query} returning 1) select count(*)::int as n from gone`))[0]!.n;

/**
 * Stored objects older than the cutoff that nothing refers to (object-references.ts), oldest first:
 * first every key a row names is set aside in one pass; what is left is kept still if a text column
 * mentions its key anywhere, a check that only these few need.
 */
const unreferencedObjects = (cutoff: Date, limit: number) => sql`
  with unreferenced as materialized (
    select o.key, o.created_at from stored_objects o
    where o.created_at < ${cutoff.toISOString()} and not exists (select 1 from (${referencedKeys()}) r where r.key = o.key)
  )
  select u.key from unreferenced u
  where not (${mentioned(sql`u.key`)})
  order by u.created_at
  limit ${limit}`;

/** Delete these keys' bytes; answers those deleted (a failure is tried again at the next run). */
async function deleteBytes(backend: BlobBackend, keys: string[]): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => backend.delete(key)));
  return keys.filter((_, i) => results[i]!.status === "fulfilled");
}

/**
 * Run `work` in a transaction that holds the sweep's advisory lock, so of several processes only
 * one does it; the others get null. Every query goes through the transaction: PGlite has one
 * connection, which the transaction holds until it ends.
 */
async function underSweepLock<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY.toString()}::bigint) as locked`,
    );
    return lock?.locked ? work(tx) : null;
  });
}

/** One run of every sweep of the database, and of the objects nothing refers to. */
export async function sweepOnce(db: Database, backend: BlobBackend, now = new Date()): Promise<SweepCounts | null> {
  return underSweepLock(db, async (tx) => {
    const at = now.toISOString();
    const sessions = await deletedCount(tx, sql`delete from sessions where expires_at < ${at}`);
    const rateLimitCounters = await deletedCount(tx, sql`delete from rate_limit_counters where resets_at < ${at}`);
    // A finished day's salt goes as soon as possible: with it goes any way to tell whose visitor hash a row holds (decision 012).
    const analyticsSalts = await deletedCount(tx, sql`delete from analytics_salts where day < ${utcDay(now)}`);
    const verificationTokens = await deletedCount(
      tx,
      sql`delete from email_verification_tokens where used_at is not null or expires_at < ${at}`,
    );
    const resetTokens = await deletedCount(
      tx,
      sql`delete from password_reset_tokens where used_at is not null or expires_at < ${at}`,
    );
    // Their tokens and sessions go with them (cascade); a verified or Google account never does.
    const accountCutoff = new Date(now.getTime() - UNVERIFIED_ACCOUNT_MAX_AGE_MS).toISOString();
    const unverifiedAccounts = await deletedCount(
      tx,
      sql`delete from users where email_verified = false and google_subject is null and created_at < ${accountCutoff}`,
    );

    const candidates = await rowsOf<{ key: string }>(
      tx,
      unreferencedObjects(new Date(now.getTime() - UNREFERENCED_MAX_AGE_MS), OBJECTS_PER_RUN),
    );
    // The bytes first, then the row: a file that could not be deleted keeps its row and is tried again.
    const deleted = await deleteBytes(
      backend,
      candidates.map(({ key }) => key),
    );
    if (deleted.length) await tx.delete(storedObjects).where(inArray(storedObjects.key, deleted));
    return {
      sessions,
      rateLimitCounters,
      analyticsSalts,
      verificationTokens,
      resetTokens,
      unverifiedAccounts,
      objects: deleted.length,
    };
  });
}

/**
 * Bytes under uploads/ that no stored_objects row records, older than STRAY_MIN_AGE_MS: no quota
 * counts them and nothing serves them. One page of keys a run, on from where the last run stopped.
 * Answers how many went, or null when another process holds the sweep's lock.
 */
export async function sweepStrayUploads(db: Database, backend: BlobBackend, now = new Date()): Promise<number | null> {
  // Listed before the lock's transaction: a walk of uploads/ takes its time (a second for 150,000
  // files on disk), and on PGlite the transaction holds the one connection every request needs.
  // Only bytes an hour old are looked at, so no row can be recorded for them meanwhile.
  const [cursor] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, STRAY_CURSOR_SETTING));
  const listed = await backend.list(UPLOADS_PREFIX, {
    ...(cursor ? { after: cursor.value } : {}),
    limit: STRAY_KEYS_PER_RUN,
  });
  return underSweepLock(db, async (tx) => {
    // Another process walked this page while this one listed it: the next run goes on from there.
    const [walked] = await tx
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, STRAY_CURSOR_SETTING));
    if (walked?.value !== cursor?.value) return 0;
    const old = listed
      .filter((blob) => blob.lastModified.getTime() < now.getTime() - STRAY_MIN_AGE_MS && isValidKey(blob.key))
      .map((blob) => blob.key);
    const rows = old.length
      ? await tx.select({ key: storedObjects.key }).from(storedObjects).where(inArray(storedObjects.key, old))
      : [];
    const recorded = new Set(rows.map((row) => row.key));
    const deleted = await deleteBytes(
      backend,
      old.filter((key) => !recorded.has(key)),
    );
    // An empty page is the end of uploads/: the next run starts again from the beginning.
    const last = listed.at(-1)?.key;
    if (last)
      await tx
        .insert(appSettings)
        .values({ key: STRAY_CURSOR_SETTING, value: last })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: last, updatedAt: now } });
    else await tx.delete(appSettings).where(eq(appSettings.key, STRAY_CURSOR_SETTING));
    return deleted.length;
  });
}

/** Sweep shortly after start, then again an interval after each run ends. Logs counts only. */
export function startSweeps(
  deps: { db: Database; backend: BlobBackend; log: FastifyBaseLogger },
  pace: RepeatPace = { firstDelayMs: FIRST_SWEEP_DELAY_MS, intervalMs: SWEEP_INTERVAL_MS },
): SweepRunner {
  return repeatJob(async () => {
    try {
      const counts = await sweepOnce(deps.db, deps.backend);
      if (counts && Object.values(counts).some((n) => n > 0))
        deps.log.info({ swept: counts }, "swept expired and abandoned data");
    } catch (error) {
      deps.log.warn({ err: error }, "sweep failed; trying again at the next run");
    }
    // Apart, so a store that cannot be listed (a bucket policy without s3:ListBucket) stops this sweep only.
    try {
      const strayUploads = await sweepStrayUploads(deps.db, deps.backend);
      if (strayUploads) deps.log.info({ swept: { strayUploads } }, "swept stray uploads");
    } catch (error) {
      deps.log.warn({ err: error }, "sweep of stray uploads failed; trying again at the next run");
    }
  }, pace);
}
