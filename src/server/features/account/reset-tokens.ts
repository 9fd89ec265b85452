import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { passwordResetTokens, sessions, users } from "../../db/schema";

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

/** Password-reset tokens (their hashes): one live token per user, spent together with the new password. */
export function createResetTokens(db: Database) {
  return {
    /** Store a new token; the user's earlier ones stop working (asking again replaces the old link). */
    async replace(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
        await tx.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt });
      });
    },

    /** Links sent before a password change stop working. */
    async deleteFor(userId: string): Promise<void> {
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    },

    async find(tokenHash: string): Promise<ResetTokenRow | null> {
      const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Spend a token and set the new password, atomically: the e-mail counts as verified (the link
     * proved it) and every session of the user ends. False when the token was spent or expired
     * meanwhile (two tabs racing), in which case nothing changes.
     */
    async spend(tokenHash: string, passwordHash: string, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [spent] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!spent) return null;
        await tx
          .update(users)
          .set({ passwordHash, emailVerified: true, updatedAt: now })
          .where(eq(users.id, spent.userId));
        await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
        return spent.userId;
      });
    },
  };
}

export type ResetTokens = ReturnType<typeof createResetTokens>;
