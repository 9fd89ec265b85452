import { HttpError } from "../http/errors";
import { suspensionEnd } from "../../shared/moderation";
import { SOURCE_LOCALE } from "../../shared/i18n/locales";
import { said, type Said } from "../i18n/said";
import { serverTranslator } from "../i18n/server-catalogs";

/** A ban, or a suspension still running, as the person under it is told (decision 029). */
export interface Sanction {
  banned: boolean;
  /** When a suspension ends (ISO time); null for a ban. */
  until: string | null;
  reason: string;
}

/** The sanction the account's columns describe now, if any: a suspension ends by itself. */
export function sanctionOf(
  row: { bannedAt: Date | null; suspendedUntil: Date | null; sanctionReason: string | null },
  now = Date.now(),
): Sanction | null {
  if (row.bannedAt) return { banned: true, until: null, reason: row.sanctionReason ?? "" };
  if (row.suspendedUntil && row.suspendedUntil.getTime() > now)
    return { banned: false, until: row.suspendedUntil.toISOString(), reason: row.sanctionReason ?? "" };
  return null;
}

const withReason = (sentence: Said, reason: string): Said =>
  reason ? { id: /*i18n*/ "{sentence} Reason: {reason}", values: { sentence, reason } } : sentence;

/** What a person under a sanction is told when they try to post, comment, like or report. */
export function sanctionSaid(sanction: Sanction): Said {
  const sentence: Said = sanction.banned
    ? { id: /*i18n*/ "Your account has been banned from posting, commenting, liking and reporting." }
    : {
        id: /*i18n*/ "Your account is suspended until {until}: you cannot post, comment, like or report until then.",
        values: { until: suspensionEnd(sanction.until ?? "") },
      };
  return withReason(sentence, sanction.reason);
}

/** The refusal of a new name or picture under a sanction: what the member already shows stays, nothing new goes up. */
export function profileSanctionSaid(sanction: Sanction): Said {
  const sentence: Said = sanction.banned
    ? { id: /*i18n*/ "Your account has been banned from changing your name or picture." }
    : {
        id: /*i18n*/ "Your account is suspended until {until}: you cannot change your name or picture until then.",
        values: { until: suspensionEnd(sanction.until ?? "") },
      };
  return withReason(sentence, sanction.reason);
}

/** `sanctionSaid` in English (the API's documentation, tests). */
export const sanctionMessage = (sanction: Sanction): string =>
  said(serverTranslator(SOURCE_LOCALE), sanctionSaid(sanction));

/**
 * Refuse a member under a ban or a running suspension: they may not post, comment, like or report,
 * nor change the name and picture shown beside what they already posted (`describe` words that refusal).
 */
export function refuseSanctioned(
  user: { sanction?: Sanction | null },
  now = Date.now(),
  describe: (sanction: Sanction) => Said = sanctionSaid,
): void {
  const sanction = user.sanction;
  if (!sanction) return;
  if (!sanction.banned && Date.parse(sanction.until ?? "") <= now) return;
  throw new HttpError(403, describe(sanction));
}
