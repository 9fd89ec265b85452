import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsSalts } from "../../db/schema";
import { utcDay } from "../../../shared/analytics";

/**
 * Visitor hashes counted without cookies (decision 012): HMAC-SHA-256 of the address and the user
 * agent, keyed with a random salt of the UTC day. Every process on one database uses the same
 * salt (the first to need it stores it, keyed by day), so one person is one visitor whichever
 * process answers. Once the day is over its salt is deleted (by the next day's first hash here, or
 * the sweeps), and with it any way to tell whose
 * hash a row holds: the address and user agent themselves are never stored anywhere.
 */
export function createVisitorHasher(db: Database) {
  let current: { day: string; salt: Promise<string> } | null = null;

  async function loadSalt(day: string): Promise<string> {
    await db
      .insert(analyticsSalts)
      .values({ day, salt: crypto.randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, day));
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    return row!.salt;
  }

  function saltFor(day: string): Promise<string> {
    if (current?.day !== day) {
      const salt = loadSalt(day);
      current = { day, salt };
      // A failed load is not kept: the next view tries again.
      salt.catch(() => {
        if (current?.salt === salt) current = null;
      });
    }
    return current.salt;
  }

  return {
    /** The visitor hash of this address and user agent on `moment`'s UTC day. */
    async hash(address: string, userAgent: string, moment: Date): Promise<string> {
      const salt = await saltFor(utcDay(moment));
      return crypto.createHmac("sha256", salt).update(`${address}\n${userAgent}`).digest("base64url").slice(0, 22);
    },
  };
}

export type VisitorHasher = ReturnType<typeof createVisitorHasher>;
