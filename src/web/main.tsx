import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { DehydratedState } from "@tanstack/react-query";
import type { Messages } from "@lingui/core";
import { App } from "./app/app";
import { preloadServerRenderedScreen } from "./app/router";
import { queryClient } from "./lib/query-client";
import { startLocale } from "./lib/i18n";
import { splitLocalePath } from "../shared/i18n/locales";
import "./styles.css";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page arrives rendered, with the data it was rendered from in a JSON script element
// (data, not code: CSP runs no inline script). The client starts from that data, so its first
// render matches the HTML and nothing is fetched again. Other pages (and `npm run dev`) arrive empty.
// The server's dehydrate() sends successful queries only; setting their data is all TanStack's
// hydrate() would do with them, without its 0.8 KB in every page's first load (decision 016b).
const state = document.getElementById("query-state");
if (state?.textContent) {
  for (const query of (JSON.parse(state.textContent) as DehydratedState).queries) {
    queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
  }
}
// The page's language: its public messages come inside the page as data too (decision 056).
const sentMessages = document.getElementById("page-messages")?.textContent;
const locale = startLocale(location.pathname, sentMessages ? (JSON.parse(sentMessages) as Messages) : null);

if (root.firstElementChild) {
  // The screen's code first (its chunk is preloaded with the HTML), so the page hydrates in one
  // pass; as a transition, so React yields to the browser every few milliseconds rather than
  // holding the main thread for the whole page (a phone's taps, and Total Blocking Time).
  void Promise.all([locale, preloadServerRenderedScreen(splitLocalePath(location.pathname).path)])
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  void locale.finally(() => createRoot(root).render(app));
}

// Installable and offline (decision 013): the service worker exists only in a build.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // A few seconds after the page has loaded: installing the worker downloads and stores the app
  // shell (~40 files), work that should not compete with the first visit's own start.
  window.addEventListener("load", () =>
    setTimeout(() => void import("./pwa/register").then((m) => m.registerServiceWorker()), 3000),
  );
}
