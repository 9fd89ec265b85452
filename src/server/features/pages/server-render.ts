import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { pageQueries } from "../../../shared/pages";
import { splitLocalePath, type Locale } from "../../../shared/i18n/locales";
import type { TranslateMessage } from "../../../shared/i18n/translate";
import { jsonForScript } from "./head-tags";

/** What the SSR bundle (src/web/entry-server.tsx) exports; typed here, as the server cannot import web code. */
interface SsrEntry {
  pageMessages(locale: Locale): Record<string, unknown>;
  translator(locale: Locale): (english: string) => string;
  render(input: {
    pathname: string;
    locale: Locale;
    queries: { queryKey: string[]; data: unknown }[];
    visitor: boolean;
  }): Promise<{ html: string; state: { queries: unknown[] } }>;
}

/**
 * The page's public messages as a data element (not code: CSP runs no inline script), which the
 * browser starts from (decision 056).
 */
export type PageMessages = (locale: Locale) => string;

/**
 * Renders a public page's first screen into the page template: signed out for a visitor (no
 * session), and with the account left for the browser to fill in for a signed-in person. A page
 * known to name nothing (`notFound`: an unknown dragon or blog post) is rendered with its data
 * read as nothing (null), so its screen says so ('Dragon Not Found') in the HTML itself, and the
 * browser, starting from the same null, hydrates that screen without asking again.
 */
export type PageRenderer = (
  pathname: string,
  template: string,
  visitor: boolean,
  notFound?: boolean,
) => Promise<string | null>;

/** The SSR bundle built beside the client (dist/ssr beside dist/client), or null when there is none (API tests). */
export async function loadPageRenderer(
  app: FastifyInstance,
  clientDir: string,
): Promise<{ render: PageRenderer; messages: PageMessages; translate: (locale: Locale) => TranslateMessage } | null> {
  const entryFile = path.join(clientDir, "..", "ssr", "entry-server.js");
  if (!fs.existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  // Made once per language: the same few kilobytes go into every page in that language.
  const scripts = new Map<Locale, string>();
  const messages: PageMessages = (locale) => {
    let script = scripts.get(locale);
    if (script === undefined) {
      script = `<script type="application/json" id="page-messages">${jsonForScript(entry.pageMessages(locale))}</script>`;
      scripts.set(locale, script);
    }
    return script;
  };

  const render: PageRenderer = async (pathname, template, visitor, notFound = false) => {
    const { locale, path: page } = splitLocalePath(pathname);
    // The page's data, read as a visitor would (no cookie), through our own routes in process.
    const queries = [];
    for (const query of pageQueries(page)) {
      const res = await app.inject({ method: "GET", url: query.url });
      if (res.statusCode === 200) queries.push({ queryKey: query.queryKey, data: res.json() });
      // The API refuses the read (404, or 400 for an id that cannot be one) of a page that names nothing.
      else if (notFound && res.statusCode >= 400 && res.statusCode < 500)
        queries.push({ queryKey: query.queryKey, data: null });
      // Data a visitor cannot read on a page that exists (an admin's draft): the browser renders it.
      else return null;
    }
    const { html, state } = await entry.render({ pathname, locale, queries, visitor });
    const stateScript = state.queries.length
      ? `<script type="application/json" id="query-state">${jsonForScript(state)}</script>`
      : "";
    // A function, not a string: in a replacement string "$`", "$'" and "$&" would splice parts of
    // the template into people's text (a dragon named "Cash $` Dragon" broke the page's markup).
    return template.replace(`<div id="root"></div>`, () => `<div id="root">${html}</div>${stateScript}`);
  };
  const translators = new Map<Locale, TranslateMessage>();
  const translate = (locale: Locale) => {
    let translator = translators.get(locale);
    if (!translator) translators.set(locale, (translator = entry.translator(locale)));
    return translator;
  };
  return { render, messages, translate };
}
