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

export function createBlockSets(db: Database, changes: NoticeChannel<BlockChange> = localChannel()) {
  const kept = new Map<string, Promise<ReadonlySet<string>>>();

  changes.on((change) => {
    if (!change) return kept.clear();
    kept.delete(change.a);
    kept.delete(change.b);
  });

  async function read(userId: string): Promise<ReadonlySet<string>> {
    const rows = await db.execute<{ id: string }>(sql`
      select ${blocks.blockedId} as "id" from ${blocks} where ${blocks.blockerId} = ${userId}
      union
      select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${userId}`);
    return new Set((rows as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
  }

  return {
    /** Everyone `userId` blocked or was blocked by. */
    pairedWith(userId: string): Promise<ReadonlySet<string>> {
      let set = kept.get(userId);
      if (!set) {
        if (kept.size >= MAX_KEPT) kept.clear();
        set = read(userId);
        kept.set(userId, set);
        set.catch(() => kept.delete(userId));
      }
      return set;
    },

    /** Have these two people blocked each other, either way? */
    async between(a: string, b: string): Promise<boolean> {
      return a !== b && (await this.pairedWith(a)).has(b);
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
      return db.select({ userId: blocks.blockedId, createdAt: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, blockerId)).orderBy(sql`${blocks.createdAt} desc`);
    },
  };
}

export type BlockSets = ReturnType<typeof createBlockSets>;
