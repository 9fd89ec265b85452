// Rendering a screen in the component tests as the app does (decision 045): a query client with
// the app's options, its messages (English, src/web/test/english-messages.ts), a router at the
// screen's address, and the toast region, with this browser's
// storage and session as the test sets them. The API is the real one (src/server/test/component-api.ts).
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { render } from "vitest-browser-react";
import { queryClientOptions } from "../lib/query-client";
import { Toaster } from "../components/ui/toaster";
import { dismissToast } from "../components/ui/use-toast";

/** `ui` at `address` ("/draw/id?version=color"), in a client of its own, as on a fresh page load. */
export function renderScreen(ui: ReactNode, address: string) {
  const [path, search = ""] = address.split("?");
  const { hook, searchHook } = memoryLocation({ path, searchPath: search });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient(queryClientOptions)}>
        <Router hook={hook} searchHook={searchHook}>
          {ui}
          <Toaster />
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** This browser holds `cookie` ("name=value", a session from the setup), as after signing in. */
export function signInWith(cookie: string) {
  document.cookie = `${cookie}; path=/`;
}

/** A browser with nothing kept: no session, no storage, no toast left from the test before. */
export function freshBrowser() {
  for (const cookie of document.cookie.split("; ").filter(Boolean))
    document.cookie = `${cookie.split("=")[0]}=; path=/; max-age=0`;
  localStorage.clear();
  dismissToast();
}
