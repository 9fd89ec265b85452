import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { blocks } from "../db/schema";
import { localChannel, type NoticeChannel } from "../db/change-notices";

// Whom each member must not see in the feed: the people they blocked and the people who blocked
// them (a block hides both ways). Read on every feed page a member asks for, so each member's set
// is kept in memory; a block made or undone through any server process drops the two people's
// sets everywhere (the "blocks" notice), so the next page already leaves the other out.

/** Kept sets; past this, all are dropped (each costs one small query to read again). */
const MAX_KEPT = 10_000;

/** A block between two people changed (null: a notice was missed, nothing kept is trusted). */
export interface BlockChange {
  a: string;
  b: string;
}

/** One member's blocks: the people they blocked, and everyone paired with them by a block either way. */
interface MemberBlocks {
  own: ReadonlySet<string>;
  paired: ReadonlySet<string>;
}

export function createBlockSets(db: Database, changes: NoticeChannel<BlockChange> = localChannel()) {
  const kept = new Map<string, Promise<MemberBlocks>>();

  changes.on((change) => {
    if (!change) return kept.clear();
    kept.delete(change.a);
    kept.delete(change.b);
  });

  async function read(userId: string): Promise<MemberBlocks> {
    const result = await db.execute(sql`
      select ${blocks.blockedId} as "id", true as "own" from ${blocks} where ${blocks.blockerId} = ${userId}
      union all
      select ${blocks.blockerId}, false from ${blocks} where ${blocks.blockedId} = ${userId}`);
    const rows = (result as unknown as { rows: Array<{ id: string; own: boolean }> }).rows;
    return {
      own: new Set(rows.filter((row) => row.own).map((row) => row.id)),
      paired: new Set(rows.map((row) => row.id)),
    };
  }

  function blocksOf(userId: string): Promise<MemberBlocks> {
    let entry = kept.get(userId);
    if (!entry) {
      if (kept.size >= MAX_KEPT) kept.clear();
      entry = read(userId);
      kept.set(userId, entry);
      entry.catch(() => kept.delete(userId));
    }
    return entry;
  }

  return {
    /**
     * Whom `viewer` must not see: for a member, everyone they blocked or were blocked by; for an
     * admin, only the people they blocked themselves (a member's block cannot hide their posts
     * from the admins who moderate them).
     */
    async hiddenFrom(viewer: { id: string; isAdmin: boolean }): Promise<ReadonlySet<string>> {
      const entry = await blocksOf(viewer.id);
      return viewer.isAdmin ? entry.own : entry.paired;
    },

    /** Is `other` hidden from `viewer` (see hiddenFrom)? */
    async hides(viewer: { id: string; isAdmin: boolean }, other: string): Promise<boolean> {
      return viewer.id !== other && (await this.hiddenFrom(viewer)).has(other);
    },

    async block(blockerId: string, blockedId: string): Promise<void> {
      await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
      changes.emit({ a: blockerId, b: blockedId });
    },

    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db.delete(blocks).where(sql`${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${blockedId}`);
      changes.emit({ a: blockerId, b: blockedId });
    },

    /** The people `blockerId` blocked, newest first. */
    listedBy(blockerId: string) {
      return db
        .select({ userId: blocks.blockedId, createdAt: blocks.createdAt })
        .from(blocks)
        .where(eq(blocks.blockerId, blockerId))
        .orderBy(sql`${blocks.createdAt} desc`);
    },
  };
}

export type BlockSets = ReturnType<typeof createBlockSets>;
