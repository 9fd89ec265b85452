import { sendApi } from "./api-client";
import { ownKeys, read } from "./on-this-device";
import { outboxesOf, type OutboxEntry } from "./progress-keys";
import { isPublicResponse } from "./public-answer";

// What signing out does to this device (lib/on-this-device.ts keeps what is forgotten here). A
// module of its own: the first load of every page needs the keeping, only leaving needs this.

/**
 * Before signing out: offline saves of this person's other canvases that never reached the server
 * are sent now, while the session still holds (the open canvas sends its own). A save that fails
 * is not kept: signing out forgets everything of theirs on this device.
 */
export async function sendOutbox(userId: string): Promise<void> {
  const sends = outboxesOf(ownKeys(), userId).map(({ key, dragonId }) => {
    const settings = read<OutboxEntry>(key)?.settings;
    if (!settings) return Promise.resolve();

    return sendApi("POST /api/wip", { body: { dragonId, ...settings } }).then(
      () => undefined,
      () => undefined,
    );
  });
  await Promise.all(sends);
}

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
        if (!isPublicResponse(await cache.match(request))) await cache.delete(request);
      }
    }
  } catch {
    // Cache Storage unavailable (a private window may refuse it): nothing was kept there.
  }
}
