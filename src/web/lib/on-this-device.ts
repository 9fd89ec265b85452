import type { CurrentUser } from "../../shared/auth";
import type { SavedWip } from "../../shared/wip";
import { ACCOUNT_KEY, isCoveredBy, isPersonKey, outboxKey, outboxesOf, progressKey, type OutboxEntry } from "./on-this-device-keys";

// The one place this browser keeps a signed-in person's data: their account (so a canvas opened
// once knows offline who is drawing), each dragon's last saved progress, and saves made offline
// that wait for the server (the outbox). The service worker keeps only answers that are public to
// everyone (decision 013). Signing out, 'Sign out everywhere', deleting the account and a session
// found ended all call `forgetThisPerson`, so nothing of theirs stays on a shared device. The keys
// and the outbox's rule are pure, in on-this-device-keys.ts.

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works online, it just cannot reopen offline.
  }
}

export const keepAccount = (user: CurrentUser) => write(ACCOUNT_KEY, user);
export const keptAccount = () => read<CurrentUser>(ACCOUNT_KEY);

export const keepProgress = (userId: string, dragonId: string, settings: SavedWip | null) => write(progressKey(userId, dragonId), settings);
export const keptProgress = (userId: string, dragonId: string) => read<SavedWip>(progressKey(userId, dragonId));

// One outbox entry per user and dragon holding the latest settings: saving progress is a replace,
// so only the newest matters. Keyed by user, so a save never reaches the server under someone
// else's session.
export const readOutbox = (userId: string, dragonId: string): SavedWip | null => read<OutboxEntry>(outboxKey(userId, dragonId))?.settings ?? null;

export const writeOutbox = (userId: string, dragonId: string, settings: SavedWip) => write(outboxKey(userId, dragonId), { at: Date.now(), settings } satisfies OutboxEntry);

/** Empties the outbox once the server has what was sent at `sentAt`; an entry written later stays. */
export function clearOutbox(userId: string, dragonId: string, sentAt: number): void {
  const entry = read<OutboxEntry>(outboxKey(userId, dragonId));
  if (entry && isCoveredBy(entry, sentAt)) localStorage.removeItem(outboxKey(userId, dragonId));
}

function ownKeys(): string[] {
  try {
    return Object.keys(localStorage).filter(isPersonKey);
  } catch {
    return [];
  }
}

/**
 * Before signing out: offline saves of this person's other canvases that never reached the server
 * are sent now, while the session still holds (the open canvas sends its own). A save that fails
 * is not kept: signing out forgets everything of theirs on this device.
 */
export async function sendOutbox(userId: string): Promise<void> {
  const sends = outboxesOf(ownKeys(), userId).map(({ key, dragonId }) => {
    const settings = read<OutboxEntry>(key)?.settings;
    if (!settings) return Promise.resolve();
    return fetch("/api/wip", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ dragonId, ...settings }),
      credentials: "include",
    }).then(
      () => undefined,
      () => undefined,
    );
  });
  await Promise.all(sends);
}

const isPublic = (response: Response | undefined) => /(^|,)\s*public\s*(,|$)/i.test(response?.headers.get("cache-control") ?? "");

/**
 * Forget everything of the signed-in person this browser holds: the kept account, progress and
 * outbox, and any answer in Cache Storage that was not public to everyone (the service worker
 * stores none; a worker from an older build may have).
 */
export async function forgetThisPerson(): Promise<void> {
  for (const key of ownKeys()) localStorage.removeItem(key);
  if (typeof caches === "undefined") return;
  try {
    // The precache is the app shell, built from public files; an entry taken from it would break
    // the offline shell until the next build.
    for (const name of (await caches.keys()).filter((name) => !name.startsWith("workbox-precache"))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!isPublic(await cache.match(request))) await cache.delete(request);
      }
    }
  } catch {
    // Cache Storage unavailable (a private window may refuse it): nothing was kept there.
  }
}

/** Whether this browser holds anything of a signed-in person (cheap: one look at localStorage). */
export const holdsSomeone = () => ownKeys().length > 0;
