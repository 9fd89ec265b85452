import { inArray, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { storedObjects } from "../db/schema";
import type { BlobBackend } from "../storage/blob-backend";
import { UPLOADS_PREFIX } from "../storage/object-storage";
import { utcDay } from "../../shared/analytics";
import { repeatJob, type RepeatPace, type SweepRunner } from "./repeat-job";

export type { SweepRunner } from "./repeat-job";

// Every age and pace of the sweeps (decision 021).
/** Between the end of one run and the start of the next. */
export const SWEEP_INTERVAL_MS = 5 * 60_000;
/** After start-up: soon, but not while the process is still warming up. */
export const FIRST_SWEEP_DELAY_MS = 30_000;
/** An upload nothing took in by then was abandoned (a closed form, a failed post). */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60_000;
/** An account whose owner never opened the verification link by then never will. */
export const UNVERIFIED_ACCOUNT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Bounds one run, which holds its transaction while deleting files; the rest waits for the next. */
export const UPLOADS_PER_RUN = 500;
/** The advisory lock key that lets one process at a time sweep ("DGsweeps" in ASCII). */
export const SWEEP_LOCK_KEY = 0x4447_7377_6565_7073n;

export interface SweepCounts {
  sessions: number;
  rateLimitCounters: number;
  analyticsSalts: number;
  verificationTokens: number;
  resetTokens: number;
  unverifiedAccounts: number;
  uploads: number;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function rowsOf<T>(tx: Transaction, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const deletedCount = async (tx: Transaction, query: SQL) => (await rowsOf<{ n: number }>(tx, sql`with gone as (${query} returning 1) select count(*)::int as n from gone`))[0]!.n;

/**
 * Uploads older than the cutoff that nothing refers to. Conservative on purpose: a key that appears
 * anywhere in a blog post, a profile image URL, or among a post's or a dragon's keys is kept, even
 * where today's features copy an upload and delete it (avatars, templates) rather than keep it.
 */
const abandonedUploads = (cutoff: Date, limit: number) => sql`
  select o.key from stored_objects o
  where o.key like ${`${UPLOADS_PREFIX}%`} and o.created_at < ${cutoff.toISOString()}
    and not exists (select 1 from post_images p where o.key in (p.object_key, p.display_key, p.thumb_key))
    and not exists (select 1 from users u where strpos(u.profile_image_url, o.key) > 0)
    and not exists (select 1 from dragons d where o.key in (d.preview_key, d.preview_small_key, d.hires_key, d.pencil_preview_key, d.pencil_hires_key))
    and not exists (select 1 from blog_posts b where strpos(b.content, o.key) > 0 or strpos(b.featured_image_url, o.key) > 0)
  order by o.created_at
  limit ${limit}`;

/**
 * One run of every sweep, inside a transaction that holds the sweep's advisory lock, so of several
 * processes only one does the work; the others get null. Every query goes through the transaction:
 * PGlite has one connection, which the transaction holds until it ends.
 */
export async function sweepOnce(db: Database, backend: BlobBackend, now = new Date()): Promise<SweepCounts | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY.toString()}::bigint) as locked`);
    if (!lock?.locked) return null;
    const at = now.toISOString();
    const sessions = await deletedCount(tx, sql`delete from sessions where expires_at < ${at}`);
    const rateLimitCounters = await deletedCount(tx, sql`delete from rate_limit_counters where resets_at < ${at}`);
    // A finished day's salt goes as soon as possible: with it goes any way to tell whose visitor hash a row holds (decision 012).
    const analyticsSalts = await deletedCount(tx, sql`delete from analytics_salts where day < ${utcDay(now)}`);
    const verificationTokens = await deletedCount(tx, sql`delete from email_verification_tokens where used_at is not null or expires_at < ${at}`);
    const resetTokens = await deletedCount(tx, sql`delete from password_reset_tokens where used_at is not null or expires_at < ${at}`);
    // Their tokens and sessions go with them (cascade); a verified or Google account never does.
    const accountCutoff = new Date(now.getTime() - UNVERIFIED_ACCOUNT_MAX_AGE_MS).toISOString();
    const unverifiedAccounts = await deletedCount(tx, sql`delete from users where email_verified = false and google_subject is null and created_at < ${accountCutoff}`);

    const candidates = await rowsOf<{ key: string }>(tx, abandonedUploads(new Date(now.getTime() - UPLOAD_MAX_AGE_MS), UPLOADS_PER_RUN));
    // The bytes first, then the row: a file that could not be deleted keeps its row and is tried again.
    const results = await Promise.allSettled(candidates.map(({ key }) => backend.delete(key)));
    const deleted = candidates.filter((_, i) => results[i]!.status === "fulfilled").map(({ key }) => key);
    if (deleted.length) await tx.delete(storedObjects).where(inArray(storedObjects.key, deleted));
    return { sessions, rateLimitCounters, analyticsSalts, verificationTokens, resetTokens, unverifiedAccounts, uploads: deleted.length };
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
      if (counts && Object.values(counts).some((n) => n > 0)) deps.log.info({ swept: counts }, "swept expired and abandoned data");
    } catch (error) {
      deps.log.warn({ err: error }, "sweep failed; trying again at the next run");
    }
  }, pace);
}
