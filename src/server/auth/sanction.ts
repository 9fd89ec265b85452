import { HttpError } from "../http/errors";
import { sanctionMessage } from "../../shared/moderation";

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

/**
 * Refuse a member under a ban or a running suspension: they may not post, comment, like or report,
 * nor change the name and picture shown beside what they already posted (`describe` words that refusal).
 */
export function refuseSanctioned(
  user: { sanction?: Sanction | null },
  now = Date.now(),
  describe: (sanction: Sanction) => string = sanctionMessage,
): void {
  const sanction = user.sanction;
  if (!sanction) return;
  if (!sanction.banned && Date.parse(sanction.until ?? "") <= now) return;
  throw new HttpError(403, describe(sanction));
}
