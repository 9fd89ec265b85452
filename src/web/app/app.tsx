import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { i18n as browserI18n, type I18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { Router } from "wouter";
import { isLocale, localeInfo } from "../../shared/i18n/locales";
import { queryClient } from "../lib/query-client";
import { usePageViews } from "../lib/analytics";
import { AccountKnownAtRender, AUTH_USER_KEY } from "../lib/auth";
import { useToastRegionWanted } from "../components/ui/toast-region";
import { Layout } from "./layout";
import { AppRouter } from "./router";

// The toast region (Radix Toast) loads with the first toast, not with every page: its code and
// first render would otherwise run while the page is still starting. The toast waits in the store
// meanwhile and shows as soon as the region mounts.
const Toaster = lazy(() => import("../components/ui/toaster").then((m) => ({ default: m.Toaster })));

function ToasterOnFirstToast() {
  return useToastRegionWanted() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

function PageViewReporter() {
  usePageViews();
  return null;
}

/** The routes under the language's prefix (`/es/home` is Spanish `/home`): links and navigation keep it. */
function LanguageRouter({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <Router base={isLocale(i18n.locale) ? localeInfo(i18n.locale).prefix : ""}>{children}</Router>;
}

/**
 * The whole app; the server passes a query client and messages of their own for each page it
 * renders (another page may be rendering at the same time in another language).
 */
export function App({ client = queryClient, i18n = browserI18n }: { client?: QueryClient; i18n?: I18n }) {
  // Whether the page starts with the account known (a visitor's server-rendered page): fixed at
  // the first render, which is the one hydration must match.
  const [accountKnown] = useState(() => client.getQueryData(AUTH_USER_KEY) !== undefined);
  useEffect(() => {
    // The loaders of the screens that are not public pages (rare-screens.ts), once the page has settled.
    const later = setTimeout(() => void import("./rare-screens").catch(() => undefined), 2500);
    return () => clearTimeout(later);
  }, []);
  useEffect(() => {
    // Offline, the service worker answers with the page as last seen, which may be from before
    // this person signed in: once hydrated, ask again. (Online the answer is the same null, and
    // nothing renders again.)
    if (accountKnown && navigator.serviceWorker?.controller) void client.refetchQueries({ queryKey: AUTH_USER_KEY });
  }, [accountKnown, client]);
  return (
    <I18nProvider i18n={i18n}>
      <LanguageRouter>
        <QueryClientProvider client={client}>
          <AccountKnownAtRender value={accountKnown}>
            <PageViewReporter />
            <Layout>
              <AppRouter />
            </Layout>
            <ToasterOnFirstToast />
          </AccountKnownAtRender>
        </QueryClientProvider>
      </LanguageRouter>
    </I18nProvider>
  );
}
