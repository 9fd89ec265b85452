// Registers the service worker (decision 013). Loaded after the page has loaded, outside the first-load
// bundle. On the very first visit the page was fetched before the worker existed, so once it takes
// control the page asks again, through it, for the template and data it is showing: "after one
// visit" then really means one.
import { currentLocale, loadCatalog } from "../lib/i18n";

// Code too: a catalog of messages (decision 056) loaded before the worker took over is cached this way.
const WARM = /^\/(objects\/|api\/dragons\/[^/]+$|assets\/)/;

function warmCaches(): void {
  const seen = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name);
    if (url.origin !== location.origin || !WARM.test(url.pathname) || seen.has(url.href)) continue;
    seen.add(url.href);
    void fetch(url.href, { credentials: "include" }).catch(() => undefined);
  }
}

/**
 * The canvas works offline, so its words must too: the members' catalog of the page's language,
 * fetched through the worker (which keeps what it fetches), even by a visitor who has not opened a
 * member screen yet.
 */
const cacheMembersMessages = () => void loadCatalog(currentLocale(), "members").catch(() => undefined);

export function registerServiceWorker(): void {
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) return;
    warmCaches();
    cacheMembersMessages();
  });
  if (hadController) cacheMembersMessages();
  void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}
