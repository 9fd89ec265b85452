// The server's way into the app (built by `vite build --ssr` to dist/ssr, loaded by
// src/server/features/pages/server-render.ts): a public page rendered to HTML with the data the
// server read for it, and that data dehydrated for the browser to start from.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { Router } from "wouter";
import { setupI18n, type Messages } from "@lingui/core";
import type { Locale } from "../shared/i18n/locales";
import type { TranslateMessage } from "../shared/i18n/translate";
import { App } from "./app/app";
import { queryClientOptions } from "./lib/query-client";
import { AUTH_USER_KEY } from "./lib/auth";

// Every language's public catalog, compiled in: a page is rendered with these messages only, the
// ones the browser gets inside the page, so what hydrates is what the server rendered.
const PUBLIC_CATALOGS = import.meta.glob<{ messages: Messages }>("./locales/*/public.po", { eager: true });

/** The public catalog of a language: the server sends it inside every page (decision 056). */
export function pageMessages(locale: Locale): Messages {
  const catalog = PUBLIC_CATALOGS[`./locales/${locale}/public.po`];
  if (!catalog) throw new Error(`No public catalog for ${locale}: run npm run i18n:extract`);
  return catalog.messages;
}

/** The head tags' words in a language (shared/i18n/translate.ts), from its public catalog. */
export function translator(locale: Locale): TranslateMessage {
  const i18n = setupI18n({ locale, messages: { [locale]: pageMessages(locale) } });
  return (id, values) => i18n._(id, values);
}

export interface RenderInput {
  /** The address with its language's prefix, as the browser has it. */
  pathname: string;
  locale: Locale;
  /** The first screen's data, by query key (see shared/pages.ts). */
  queries: { queryKey: string[]; data: unknown }[];
  /** Rendered for someone with no session: signed out, and the browser is told so. */
  visitor: boolean;
}

export interface RenderResult {
  html: string;
  state: DehydratedState;
}

/** Render a page to HTML, waiting for its lazy screen (prerender waits for every Suspense boundary). */
export async function render({ pathname, locale, queries, visitor }: RenderInput): Promise<RenderResult> {
  // One client per render: nothing read for one page can reach another.
  const client = new QueryClient(queryClientOptions);
  for (const { queryKey, data } of queries) client.setQueryData(queryKey, data);
  if (visitor) client.setQueryData(AUTH_USER_KEY, null);
  const i18n = setupI18n({ locale, messages: { [locale]: pageMessages(locale) } });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={pathname} ssrSearch="">
        <App client={client} i18n={i18n} />
      </Router>
    </StrictMode>,
    // Every boundary inline, however large: React would otherwise send a big one after the rest
    // with an inline <script> to move it into place, and CSP runs no inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
  return { html, state: dehydrate(client) };
}
