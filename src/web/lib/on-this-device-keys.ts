// The pure part of lib/on-this-device.ts: how its localStorage keys are named, which keys hold a
// signed-in person's data, and when an outbox entry is covered by a save. No storage here, so the
// server test project checks it directly (on-this-device-keys.test.ts).
import type { SavedWip } from "../../shared/wip";

/** Every key holding a signed-in person's data starts with this; a visitor's canvas copy does not. */
export const PERSON_PREFIX = "dragon-grid:me:";
export const ACCOUNT_KEY = `${PERSON_PREFIX}account`;
export const progressKey = (userId: string, dragonId: string) => `${PERSON_PREFIX}progress:${userId}:${dragonId}`;
export const outboxKey = (userId: string, dragonId: string) => `${PERSON_PREFIX}outbox:${userId}:${dragonId}`;

/** Whether a key holds a signed-in person's data (anyone's: leaving forgets them all). */
export const isPersonKey = (key: string) => key.startsWith(PERSON_PREFIX);

/** This person's outbox entries among `keys`, with the dragon each is for. */
export function outboxesOf(keys: readonly string[], userId: string): { key: string; dragonId: string }[] {
  const mine = outboxKey(userId, "");
  return keys.filter((key) => key.startsWith(mine)).map((key) => ({ key, dragonId: key.slice(mine.length) }));
}

export interface OutboxEntry {
  /** When it was written (ms): a save sent later than this covers it. */
  at: number;
  settings: SavedWip;
}

/** Whether the server has what the entry holds once a save sent at `sentAt` succeeded: an entry written later is newer. */
export const isCoveredBy = (entry: OutboxEntry, sentAt: number) => entry.at <= sentAt;
