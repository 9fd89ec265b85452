import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { waitlist } from "../../db/schema";
import { hashToken, randomToken } from "../../auth/tokens";
import { WAITLIST_CONFIRM_DAYS } from "../../../shared/waitlist";
import type { Locale } from "../../../shared/i18n/locales";

/**
 * The waitlist's double opt-in (issue 41), in the database so every server process keeps the same
 * promises: an address is told about Pro only once confirmed, gets at most one confirmation link a
 * day, and a link works for WAITLIST_CONFIRM_DAYS days (the newest one only). Times are the
 * database's, so processes with drifting clocks agree.
 */
export function createWaitlistConfirmations(db: Database) {
  const sameAddress = (email: string) => sql`lower(${waitlist.email}) = lower(${email})`;

  return {
    /** Put the address on the waitlist, once: unconfirmed, told nothing yet, in the language it was given in. */
    async join(email: string, language: Locale): Promise<void> {
      await db.insert(waitlist).values({ email, language }).onConflictDoNothing();
    },

    /** Mark a waiting address its owner has proven (a signed-in member's own) as confirmed now. */
    async confirmOwn(email: string): Promise<void> {
      await db
        .update(waitlist)
        .set({ confirmedAt: sql`now()` })
        .where(and(sameAddress(email), isNull(waitlist.confirmedAt)));
    },

    /**
     * The token of a new confirmation link for a waiting address, when one is due: the address is
     * not confirmed and none went in the last day. One conditional statement claims it, so of
     * several processes asked at once exactly one sends. The new link replaces any earlier one.
     */
    async claimLink(email: string): Promise<{ token: string; tokenHash: string } | null> {
      const token = randomToken();
      const tokenHash = hashToken(token);
      const claimed = await db
        .update(waitlist)
        .set({ confirmTokenHash: tokenHash, confirmSentAt: sql`now()` })
        .where(
          and(
            sameAddress(email),
            isNull(waitlist.confirmedAt),
            or(isNull(waitlist.confirmSentAt), sql`${waitlist.confirmSentAt} < now() - interval '1 day'`),
          ),
        )
        .returning({ id: waitlist.id });
      return claimed.length > 0 ? { token, tokenHash } : null;
    },

    /** A link whose message could not be sent: the next join may send another at once. */
    async release(tokenHash: string): Promise<void> {
      await db
        .update(waitlist)
        .set({ confirmSentAt: null })
        .where(and(eq(waitlist.confirmTokenHash, tokenHash), isNull(waitlist.confirmedAt)));
    },

    /** Confirm the address a link names; true when it is (or already was) confirmed by it. */
    async confirm(token: string): Promise<boolean> {
      const rows = await db
        .update(waitlist)
        .set({ confirmedAt: sql`coalesce(${waitlist.confirmedAt}, now())` })
        .where(
          and(
            eq(waitlist.confirmTokenHash, hashToken(token)),
            or(
              isNotNull(waitlist.confirmedAt),
              sql`${waitlist.confirmSentAt} > now() - make_interval(days => ${WAITLIST_CONFIRM_DAYS})`,
            ),
          ),
        )
        .returning({ id: waitlist.id });
      return rows.length > 0;
    },
  };
}
