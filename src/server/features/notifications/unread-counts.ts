import type { NoticeChannel } from "../../db/change-notices";

/** People whose count one process remembers; the least recently asked for go first. */
export const UNREAD_CACHE_MAX = 10_000;
/**
 * How long a remembered count is trusted. Changes are told at once; this only bounds how long a
 * count can be wrong after a change nobody told (rows the database deletes by cascade when a post,
 * a comment or an account goes), at one query per person per interval.
 */
export const UNREAD_CACHE_TTL_MS = 5 * 60_000;

/**
 * Each person's unread count, remembered by this process: GET /api/auth/user carries it on every
 * page view, which must cost no query. Every change to people's notifications, made by any
 * server process, is told on `changes` with their ids, in one notice however many they are (a
 * comment may tell 50 people; null: anyone's may have changed), and the remembered counts are
 * dropped. A count being read while its person's notifications change is not remembered: it may
 * predate the change.
 */
export function createUnreadCounts(
  read: (userId: string) => Promise<number>,
  changes: NoticeChannel<string[]>,
  options: { max?: number; ttlMs?: number; now?: () => number } = {},
) {
  const { max = UNREAD_CACHE_MAX, ttlMs = UNREAD_CACHE_TTL_MS, now = Date.now } = options;
  const counts = new Map<string, { count: number; at: number }>();
  const reading = new Map<string, { promise: Promise<number>; stale: boolean }>();
  /** Counts answered from memory, and those read from the database (for /metrics). */
  const stats = { hits: 0, misses: 0 };

  changes.on((userIds) => {
    if (userIds === null) {
      counts.clear();
      for (const entry of reading.values()) entry.stale = true;
      return;
    }
    for (const userId of userIds) {
      counts.delete(userId);
      const entry = reading.get(userId);
      if (entry) entry.stale = true;
    }
  });

  function remember(userId: string, count: number, at: number) {
    counts.delete(userId);
    counts.set(userId, { count, at });
    // A Map iterates in insertion order: its first key is the one asked for least recently.
    if (counts.size > max) counts.delete(counts.keys().next().value!);
  }

  return {
    stats,
    /**
     * The person's unread count, from memory when this process has it; `fresh` reads it again
     * (where a query is made anyway: the bell's list), which also mends a count gone wrong.
     */
    async get(userId: string, options: { fresh?: boolean } = {}): Promise<number> {
      const kept = counts.get(userId);
      if (kept !== undefined && !options.fresh && now() - kept.at < ttlMs) {
        stats.hits += 1;
        remember(userId, kept.count, kept.at);
        return kept.count;
      }
      // Requests for one person while their count is read share the one query.
      const under = reading.get(userId);
      if (under && !under.stale) return under.promise;
      stats.misses += 1;
      const entry = { stale: false, promise: Promise.resolve(0) };
      const startedAt = now();
      entry.promise = read(userId)
        .then((count) => {
          if (!entry.stale) remember(userId, count, startedAt);
          return count;
        })
        .finally(() => {
          if (reading.get(userId) === entry) reading.delete(userId);
        });
      reading.set(userId, entry);
      return entry.promise;
    },
    /** Tell every process that these people's notifications changed. */
    changed(userIds: Iterable<string>) {
      const named = [...new Set(userIds)];
      if (named.length) changes.emit(named);
    },
    /** How many counts are remembered (for the tests of the bound). */
    size: () => counts.size,
  };
}

export type UnreadCounts = ReturnType<typeof createUnreadCounts>;
