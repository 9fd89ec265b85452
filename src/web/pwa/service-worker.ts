// The service worker: the app shell precached, templates and the library data a canvas needs
// cached as they are used, so a canvas opened once opens again offline. Built by
// scripts/build-service-worker.mjs, which fills in the precache list; served as /sw.js.
import {
  precacheAndRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { isPublicResponse, OWN_PICTURES_CACHE } from "../lib/public-answer";

/** The app shell's files, written in by scripts/build-service-worker.mjs. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "activate", listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void): void;
}
const worker = self as unknown as WorkerScope;

// Caches of earlier builds that may hold a person's answers (the account, their progress).
const RETIRED_CACHES = ["dragon-grid-data"];

// A new build takes over at once: the shell is hashed files, so old and new never mix in a page.
void worker.skipWaiting();
worker.addEventListener("activate", (event) =>
  event.waitUntil(Promise.all([worker.clients.claim(), ...RETIRED_CACHES.map((name) => caches.delete(name))])),
);

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE_MANIFEST__);

// Only answers the server marked public to everyone are kept (decision 013): a shared device
// must not hand one person's pages, photos or data to the next. A 200 without `public` (a private
// original, a pending photo, an admin's page) goes to the page and nowhere else.
const publicOnly = [
  {
    cacheWillUpdate: async ({ response }: { response: Response }) =>
      response.status === 200 && isPublicResponse(response) ? response : null,
  },
];

// A member's own picture (decision 031) answers `private`: its owner's alone, never kept with the
// answers above. So that their canvas reopens offline all the same, its answer and files are kept
// in a cache of their own and given back only when the network cannot be reached at all (not on
// a slow answer, so online the server always decides who may see it). Signing out, or someone
// else signing in, deletes every answer that is not public (lib/forget-this-person).
const ownPicture = /^\/(api\/dragons\/[^/]+|objects\/pictures\/.+)$/;
const keepOwn = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (
      response.status === 200 &&
      /(^|,)\s*private\s*(,|$)/i.test(cacheControl) &&
      ownPicture.test(new URL(request.url).pathname)
    ) {
      await (await caches.open(OWN_PICTURES_CACHE)).put(request, response.clone());
    }
    return response;
  },
  handlerDidError: async ({ request }: { request: Request }) => (await caches.open(OWN_PICTURES_CACHE)).match(request),
};

// Pages: the network first (fresh head tags, fresh code); offline, the page as last seen, or the
// precached shell, which routes any path in the browser.
const pages = new NetworkFirst({ cacheName: "dragon-grid-pages", networkTimeoutSeconds: 4, plugins: publicOnly });
const shell = createHandlerBoundToURL("/");
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await pages.handle(options);
        if (response) return response;
      } catch {
        // Neither network nor a copy of this page: fall back to the shell.
      }
      return shell(options);
    },
    { denylist: [/^\/(api|objects)\//] },
  ),
);

// What a canvas reads of the library: the network first, so a learner online always sees the
// truth; the last answer offline. A person's own answers (their account, their progress) are never
// kept here: the page keeps those while they are signed in (lib/on-this-device).
registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === location.origin && /^\/api\/dragons\/[^/]+$/.test(url.pathname),
  new NetworkFirst({ cacheName: "dragon-grid-library", networkTimeoutSeconds: 4, plugins: [...publicOnly, keepOwn] }),
);

// Templates and pictures a learner has opened: from the cache at once (offline too), refreshed
// behind the learner in case an admin replaced one under the same key.
registerRoute(
  ({ request, url }) =>
    request.method === "GET" &&
    url.origin === location.origin &&
    (url.pathname.startsWith("/objects/") || request.destination === "image"),
  new StaleWhileRevalidate({ cacheName: "dragon-grid-templates", plugins: [...publicOnly, keepOwn] }),
);

// Code not in the shell (the PDF maker, other screens): hashed names never change, so once used
// it is kept and works offline too.
registerRoute(
  ({ request, url }) =>
    request.method === "GET" && url.origin === location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "dragon-grid-code", plugins: publicOnly }),
);
