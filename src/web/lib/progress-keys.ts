// The keys of a learner's progress on this device (a visitor's canvas copy; a signed-in learner's
// progress and offline outbox), and when an outbox entry is covered by a save: pure, apart from
// lib/on-this-device-keys.ts so that only the canvas, 'Your drawings' and signing out load them.
import type { SavedProgress } from "../../shared/progress/responses";
import { PERSON_PREFIX } from "./on-this-device-keys";

/** A visitor's canvas is kept in this browser only, under this prefix and the dragon's id: there is no account to save it to. */
export const VISITOR_COPY_PREFIX = "dragon-grid:wip:";
export const visitorCopyKey = (dragonId: string) => `${VISITOR_COPY_PREFIX}${dragonId}`;

export const progressKey = (userId: string, dragonId: string) => `${PERSON_PREFIX}progress:${userId}:${dragonId}`;
export const outboxKey = (userId: string, dragonId: string) => `${PERSON_PREFIX}outbox:${userId}:${dragonId}`;

/** This person's outbox entries among `keys`, with the dragon each is for. */
export function outboxesOf(keys: readonly string[], userId: string): { key: string; dragonId: string }[] {
  const mine = outboxKey(userId, "");
  return keys.filter((key) => key.startsWith(mine)).map((key) => ({ key, dragonId: key.slice(mine.length) }));
}

export interface OutboxEntry {
  /** When it was written (ms): a save sent later than this covers it. */
  at: number;
  settings: SavedProgress;
}

/** Whether the server has what the entry holds once a save sent at `sentAt` succeeded: an entry written later is newer. */
export const isCoveredBy = (entry: OutboxEntry, sentAt: number) => entry.at <= sentAt;
