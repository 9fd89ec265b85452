import type { SavedProgress } from "../../../shared/progress/responses";
import { read, write } from "../../lib/on-this-device";
import { isCoveredBy, outboxKey, progressKey, type OutboxEntry } from "../../lib/progress-keys";

// A signed-in learner's progress on this device (lib/on-this-device.ts, which forgets it when they
// leave): the last saved progress of each dragon, for reopening offline, and the outbox of saves
// made offline.

export const keepProgress = (userId: string, dragonId: string, settings: SavedProgress | null) =>
  write(progressKey(userId, dragonId), settings);
export const keptProgress = (userId: string, dragonId: string) => read<SavedProgress>(progressKey(userId, dragonId));

// One outbox entry per user and dragon holding the latest settings: saving progress is a replace,
// so only the newest matters. Keyed by user, so a save never reaches the server under someone
// else's session.
export const readOutbox = (userId: string, dragonId: string): SavedProgress | null =>
  read<OutboxEntry>(outboxKey(userId, dragonId))?.settings ?? null;

export const writeOutbox = (userId: string, dragonId: string, settings: SavedProgress) =>
  write(outboxKey(userId, dragonId), { at: Date.now(), settings } satisfies OutboxEntry);

/** Empties the outbox once the server has what was sent at `sentAt`; an entry written later stays. */
export function clearOutbox(userId: string, dragonId: string, sentAt: number): void {
  const entry = read<OutboxEntry>(outboxKey(userId, dragonId));
  if (entry && isCoveredBy(entry, sentAt)) localStorage.removeItem(outboxKey(userId, dragonId));
}
