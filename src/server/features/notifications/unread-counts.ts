import type { NoticeChannel } from "../../db/change-notices";

/** People whose count one process remembers; the least recently asked for go first. */
export const UNREAD_CACHE_MAX = 10_000;

/**
 * Each person's unread count, remembered by this process: GET /api/auth/user carries it on every
 * page view, which must cost no query. Every change to a person's notifications, made by any
 * server process, is told on `changes` with their id (null: anyone's may have changed), and the
 * remembered count is dropped. A count being read while its person's notifications change is not
 * remembered: it may predate the change.
 */
export function createUnreadCounts(read: (userId: string) => Promise<number>, changes: NoticeChannel<string>, max = UNREAD_CACHE_MAX) {
  const counts = new Map<string, number>();
  const reading = new Map<string, { promise: Promise<number>; stale: boolean }>();
  /** Counts answered from memory, and those read from the database (for /metrics). */
  const stats = { hits: 0, misses: 0 };

  changes.on((userId) => {
    if (userId === null) {
      counts.clear();
      for (const entry of reading.values()) entry.stale = true;
      return;
    }
    counts.delete(userId);
    const entry = reading.get(userId);
    if (entry) entry.stale = true;
  });

  function remember(userId: string, count: number) {
    counts.delete(userId);
    counts.set(userId, count);
    // A Map iterates in insertion order: its first key is the one asked for least recently.
    if (counts.size > max) counts.delete(counts.keys().next().value!);
  }

  return {
    stats,
    /** The person's unread count, from memory when this process has it. */
    async get(userId: string): Promise<number> {
      const kept = counts.get(userId);
      if (kept !== undefined) {
        stats.hits += 1;
        remember(userId, kept);
        return kept;
      }
      // Requests for one person while their count is read share the one query.
      const under = reading.get(userId);
      if (under && !under.stale) return under.promise;
      stats.misses += 1;
      const entry = { stale: false, promise: Promise.resolve(0) };
      entry.promise = read(userId)
        .then((count) => {
          if (!entry.stale) remember(userId, count);
          return count;
        })
        .finally(() => {
          if (reading.get(userId) === entry) reading.delete(userId);
        });
      reading.set(userId, entry);
      return entry.promise;
    },
    /** Tell every process that the person's notifications changed. */
    changed(userId: string) {
      changes.emit(userId);
    },
    /** How many counts are remembered (for the tests of the bound). */
    size: () => counts.size,
  };
}

export type UnreadCounts = ReturnType<typeof createUnreadCounts>;
