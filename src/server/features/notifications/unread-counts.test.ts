import { describe, expect, it } from "vitest";
import { localChannel } from "../../db/change-notices";
import { createUnreadCounts } from "./unread-counts";

/** A count source that says how often it was asked, and can be held while a change happens. */
function source(initial: Record<string, number>) {
  const counts = { ...initial };
  let reads = 0;
  let hold: Promise<void> | null = null;
  return {
    counts,
    reads: () => reads,
    holdNext(until: Promise<void>) {
      hold = until;
    },
    async read(userId: string) {
      reads += 1;
      const value = counts[userId] ?? 0;
      if (hold) {
        const waiting = hold;
        hold = null;
        await waiting;
      }
      return value;
    },
  };
}

describe("unread counts", () => {
  it("are read once, then from memory until the person's notifications change (in any process)", async () => {
    const db = source({ ana: 2, bo: 5 });
    const changes = localChannel<string[]>();
    const unread = createUnreadCounts(db.read, changes);
    expect(await unread.get("ana")).toBe(2);
    expect(await unread.get("ana")).toBe(2);
    expect(await unread.get("bo")).toBe(5);
    expect(db.reads()).toBe(2);

    db.counts.ana = 3;
    // Another process's change arrives as a notice with the id.
    changes.emit(["ana"]);
    expect(await unread.get("ana")).toBe(3);
    expect(await unread.get("bo")).toBe(5);
    expect(db.reads()).toBe(3);

    // One notice names everyone a change touched (a comment tells up to 50 people).
    db.counts.ana = 4;
    db.counts.bo = 7;
    changes.emit(["ana", "bo"]);
    expect(await unread.get("ana")).toBe(4);
    expect(await unread.get("bo")).toBe(7);
    expect(db.reads()).toBe(5);

    // null: notices may have been missed, nothing kept is trusted.
    db.counts.bo = 6;
    changes.emit(null as unknown as string[]);
    expect(await unread.get("bo")).toBe(6);
    expect(unread.stats).toEqual({ hits: 2, misses: 6 });
  });

  it("share one read among callers, and do not keep a count read before a change", async () => {
    const db = source({ ana: 1 });
    const changes = localChannel<string[]>();
    const unread = createUnreadCounts(db.read, changes);
    let release!: () => void;
    db.holdNext(new Promise<void>((resolve) => (release = resolve)));
    const first = unread.get("ana");
    const second = unread.get("ana");
    // A notification arrives while the count is being read.
    db.counts.ana = 2;
    unread.changed(["ana"]);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(db.reads()).toBe(1);
    expect(await unread.get("ana")).toBe(2);
  });

  it("keep at most `max` people, dropping the one asked for least recently", async () => {
    const db = source({});
    const unread = createUnreadCounts(db.read, localChannel<string[]>(), { max: 3 });
    for (const id of ["a", "b", "c"]) await unread.get(id);
    await unread.get("a");
    await unread.get("d");
    expect(unread.size()).toBe(3);
    const before = db.reads();
    await unread.get("a");
    await unread.get("c");
    await unread.get("d");
    expect(db.reads()).toBe(before);
    await unread.get("b");
    expect(db.reads()).toBe(before + 1);
  });

  it("read a count again once it is older than the TTL, or when asked fresh", async () => {
    const db = source({ ana: 1 });
    let clock = 0;
    const unread = createUnreadCounts(db.read, localChannel<string[]>(), { ttlMs: 1000, now: () => clock });
    expect(await unread.get("ana")).toBe(1);
    db.counts.ana = 0; // rows gone without a notice (a cascade)
    clock = 999;
    expect(await unread.get("ana")).toBe(1);
    clock = 1000;
    expect(await unread.get("ana")).toBe(0);
    db.counts.ana = 4;
    expect(await unread.get("ana", { fresh: true })).toBe(4);
    expect(db.reads()).toBe(3);
  });
});
