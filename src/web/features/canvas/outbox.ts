import type { SavedWip } from "../../../shared/wip";

// Saves a signed-in learner made offline, kept in this browser until the server has them. One
// entry per user and dragon holding the latest settings: saving progress is a replace, so only the
// newest matters. Keyed by user, so a save never reaches the server under someone else's session.
const key = (userId: string, dragonId: string) => `dragon-grid:outbox:${userId}:${dragonId}`;

interface Entry {
  /** When it was written (ms): a save sent later than this covers it. */
  at: number;
  settings: SavedWip;
}

function read(userId: string, dragonId: string): Entry | null {
  try {
    const raw = localStorage.getItem(key(userId, dragonId));
    return raw ? (JSON.parse(raw) as Entry) : null;
  } catch {
    return null;
  }
}

export const readOutbox = (userId: string, dragonId: string): SavedWip | null => read(userId, dragonId)?.settings ?? null;

export function writeOutbox(userId: string, dragonId: string, settings: SavedWip): void {
  try {
    localStorage.setItem(key(userId, dragonId), JSON.stringify({ at: Date.now(), settings } satisfies Entry));
  } catch {
    // Storage full or disabled: the save is retried from memory while the page stays open.
  }
}

/** Empties the outbox once the server has what was sent at `sentAt`; an entry written later stays. */
export function clearOutbox(userId: string, dragonId: string, sentAt: number): void {
  const entry = read(userId, dragonId);
  if (entry && entry.at <= sentAt) localStorage.removeItem(key(userId, dragonId));
}
