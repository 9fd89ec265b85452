import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { users, waitlist } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import type { Config } from "../../config";
import { proNewsEmail } from "./pro-news-email";
import { localePath, SOURCE_LOCALE, type Locale } from "../../../shared/i18n/locales";

/** Waitlist addresses claimed by one statement; a run claims batches until the waitlist is done. */
export const PRO_NEWS_BATCH = 50;

interface Claimed {
  id: string;
  email: string;
  language: Locale | null;
  toldAt: Date;
}

/**
 * Telling the Pro waitlist, once each, that Pro is theirs (decision 031). An address is claimed
 * before its e-mail goes: one statement sets `told_at` on rows where it is still null, so of any
 * number of server processes (and the grant route racing the job) exactly one sends to each
 * address. A failed send gives the claim back (`told_at` to null again, only if it is still this
 * claim's time), so the next run tries again. A process that dies between the claim and the send
 * leaves the address told without a message: at most once, never twice.
 *
 * Who is told depends on PRO: `off` nobody; `granted` the addresses of people an admin gave Pro
 * (any case); `everyone` every address on the waitlist (they may sign up and verify to have it).
 * Only confirmed addresses, either way (double opt-in, issue 41): an address anyone typed hears nothing.
 */
export function createProNews(deps: {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "PRO" | "publicUrl">;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const { db, mailer, config, log } = deps;
  const now = deps.now ?? Date.now;
  const setting = config.PRO;

  /** Addresses whose person has been given Pro by an admin. */
  const granted = sql`exists (select 1 from ${users} where lower(${users.email}) = lower(${waitlist.email}) and ${users.proGranted})`;

  /** Claim up to a batch of untold addresses matching `condition`; rows another process holds are skipped, not waited for. */
  async function claim(condition: SQL | undefined): Promise<Claimed[]> {
    const toldAt = new Date(now());
    const untold = db
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(and(isNull(waitlist.toldAt), isNotNull(waitlist.confirmedAt), condition))
      .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
      .limit(PRO_NEWS_BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(waitlist)
      .set({ toldAt })
      .where(and(inArray(waitlist.id, untold), isNull(waitlist.toldAt)))
      .returning({
        id: waitlist.id,
        email: waitlist.email,
        language: waitlist.language,
        toldAt: waitlist.toldAt,
      }) as Promise<Claimed[]>;
  }

  /** Send to each claimed address; a failure gives its claim back. Answers how many were sent and whether any failed. */
  async function send(claimed: Claimed[]): Promise<{ sent: number; failed: number }> {
    if (setting === "off") return { sent: 0, failed: 0 };
    let sent = 0;
    let failed = 0;
    for (const row of claimed) {
      try {
        const locale = row.language ?? SOURCE_LOCALE;
        // The library, in the language of the e-mail.
        const link = `${config.publicUrl}${localePath(locale, "/home")}`;
        await mailer.send(proNewsEmail(row.email, setting, link, locale));
        sent += 1;
      } catch (error) {
        failed += 1;
        // The log keeps no address: the row's id is enough to find it.
        log.warn(
          { err: error, waitlistId: row.id },
          "the Pro waitlist e-mail could not be sent; trying again at the next run",
        );
        await db
          .update(waitlist)
          .set({ toldAt: null })
          .where(and(eq(waitlist.id, row.id), eq(waitlist.toldAt, row.toldAt)))
          .catch((release: unknown) =>
            log.error({ err: release, waitlistId: row.id }, "could not give back a Pro waitlist claim"),
          );
      }
    }
    return { sent, failed };
  }

  return {
    /**
     * Tell every address due as PRO says, batch by batch; answers how many were sent. A run stops
     * after a batch with a failure (those addresses wait for the next run, not this one's next batch).
     */
    async tellWaiting(): Promise<number> {
      if (setting === "off") return 0;
      let total = 0;
      for (;;) {
        const claimed = await claim(setting === "granted" ? granted : undefined);
        const { sent, failed } = await send(claimed);
        total += sent;
        if (claimed.length < PRO_NEWS_BATCH || failed > 0) return total;
      }
    },

    /**
     * Tell one address, if it is on the waitlist and not told yet: an admin has just given its
     * person Pro. Nothing with PRO=off; with PRO=granted only while the person still has the grant.
     */
    async tellAddress(email: string): Promise<number> {
      if (setting === "off") return 0;
      const sameAddress = sql`lower(${waitlist.email}) = lower(${email})`;
      const claimed = await claim(setting === "granted" ? and(sameAddress, granted) : sameAddress);
      return (await send(claimed)).sent;
    },
  };
}

export type ProNews = ReturnType<typeof createProNews>;
