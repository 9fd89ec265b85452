// The service worker (issue 13): the app shell precached, templates and the data a canvas needs
// cached as they are used, so a canvas opened once opens again offline. Built by
// scripts/build-service-worker.mjs, which fills in the precache list; served as /sw.js.
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { CacheableResponsePlugin } from "workbox-cacheable-response";

/** The app shell's files, written in by scripts/build-service-worker.mjs. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "activate", listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void): void;
}
const worker = self as unknown as WorkerScope;

// A new build takes over at once: the shell is hashed files, so old and new never mix in a page.
void worker.skipWaiting();
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE_MANIFEST__);

const ok = [new CacheableResponsePlugin({ statuses: [200] })];

// Pages: the network first (fresh head tags, fresh code); offline, the page as last seen, or the
// precached shell, which routes any path in the browser.
const pages = new NetworkFirst({ cacheName: "dragon-grid-pages", networkTimeoutSeconds: 4, plugins: ok });
const shell = createHandlerBoundToURL("/");
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      const response = await pages.handle(options);
      if (response) return response;
    } catch {
      // Neither network nor a copy of this page: fall back to the shell.
    }
    return shell(options);
  }, { denylist: [/^\/(api|objects)\//] }),
);

// What a canvas reads: the dragon, the signed-in user, saved progress. The network first, so a
// learner online always sees the truth; the last answer offline. For the account, "nobody is
// signed in" (401) is an answer too: a page that does not carry it (the canvas's, unlike the
// precached landing page) must still learn offline that its visitor is one.
const DATA_CACHE = "dragon-grid-data";
const ownGet = (url: URL, request: Request, path: RegExp) => request.method === "GET" && url.origin === location.origin && path.test(url.pathname);
registerRoute(({ url, request }) => ownGet(url, request, /^\/api\/(dragons\/[^/]+|wip\/[^/]+)$/), new NetworkFirst({ cacheName: DATA_CACHE, networkTimeoutSeconds: 4, plugins: ok }));
registerRoute(
  ({ url, request }) => ownGet(url, request, /^\/api\/auth\/user$/),
  new NetworkFirst({ cacheName: DATA_CACHE, networkTimeoutSeconds: 4, plugins: [new CacheableResponsePlugin({ statuses: [200, 401] })] }),
);

// A save the server took is the progress a canvas reopened offline must start from: the kept
// answer of GET /api/wip/{dragon} becomes it (fields a save leaves out keep their kept value, as on
// the server). Offline the save fails as before and the page keeps it in its outbox.
registerRoute(
  ({ url, request }) => request.method === "POST" && url.origin === location.origin && url.pathname === "/api/wip",
  async ({ request }) => {
    const sent = request.clone().json() as Promise<{ dragonId?: unknown } & Record<string, unknown>>;
    const response = await fetch(request);
    if (response.ok) {
      try {
        const { dragonId, ...settings } = await sent;
        if (typeof dragonId === "string") {
          const cache = await caches.open(DATA_CACHE);
          const key = new URL(`/api/wip/${encodeURIComponent(dragonId)}`, location.origin).href;
          const kept = (await (await cache.match(key))?.json().catch(() => null)) as Record<string, unknown> | null | undefined;
          await cache.put(key, new Response(JSON.stringify({ ...kept, ...settings }), { headers: { "content-type": "application/json; charset=utf-8" } }));
        }
      } catch {
        // Not the JSON a canvas sends: nothing to keep.
      }
    }
    return response;
  },
  "POST",
);

// Templates and pictures a learner has opened: from the cache at once (offline too), refreshed
// behind the learner in case an admin replaced one under the same key.
registerRoute(
  ({ request, url }) => request.method === "GET" && url.origin === location.origin && (url.pathname.startsWith("/objects/") || request.destination === "image"),
  new StaleWhileRevalidate({ cacheName: "dragon-grid-templates", plugins: ok }),
);

// Code not in the shell (the PDF maker, other screens): hashed names never change, so once used
// it is kept and works offline too.
registerRoute(({ request, url }) => request.method === "GET" && url.origin === location.origin && url.pathname.startsWith("/assets/"), new CacheFirst({ cacheName: "dragon-grid-code", plugins: ok }));
