import { i18n, type Messages } from "@lingui/core";
import { isLocale, LOCALE_COOKIE, splitLocalePath, type Locale } from "../../shared/i18n/locales";
import type { CatalogGroup } from "./catalogs";

// The browser's messages (decision 056). Each language has two catalogs: "public" (the frame and
// the public pages), which the server sends inside every page, and "members" (every other screen
// and panel), loaded with the first screen or panel that needs it. Both are compiled from
// src/web/locales/{locale}/*.po by Lingui's Vite plugin. Loading them, and changing the language,
// is lib/catalogs.ts, which comes with the first catalog asked for (decision 058).

/** The language whose public catalog the server sent inside the page. */
let sentLocale: Locale | undefined;
/** Whether a screen or panel has asked for the members' catalog: a language change then loads it too. */
let membersWanted = false;

const catalogs = () =>
  import("./catalogs").then((module) => {
    if (sentLocale) module.catalogHere(sentLocale, "public");
    return module;
  });

/** Load a catalog of a language into the browser's messages (once; a failed download may be tried again). */
export function loadCatalog(locale: Locale, group: CatalogGroup): Promise<void> {
  return catalogs().then((module) => module.loadCatalog(locale, group));
}

/**
 * A loader of code whose screens or panels read the members' catalog: it resolves once both the
 * code and the catalog of the language now shown are here, so nothing renders without its words.
 */
export function withMembersMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    membersWanted = true;
    return Promise.all([load(), loadCatalog(currentLocale(), "members")]).then(([loaded]) => loaded);
  };
}

/** The language this device chose (its cookie), if any. */
export function chosenLocale(): Locale | null {
  const value = document.cookie
    .split("; ")
    .find((cookie) => cookie.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(value) ? value : null;
}

/** The language of the page now shown (its address's prefix). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : splitLocalePath(window.location.pathname).locale;
}

/**
 * Show the app in another language without reloading it (a drawing in progress stays as it is):
 * its catalogs first, then the address moves to the language's prefix and every message changes in
 * the same step, with the page's `lang` and `dir`. The choice is kept in a cookie for the next visit.
 */
export function changeLanguage(locale: Locale): Promise<void> {
  return catalogs().then((module) => module.changeLanguage(locale, membersWanted));
}

/** The language picker's choice (lib/catalogs.ts's chooseLanguage). */
export function chooseLanguage(locale: Locale, signedIn: boolean, failed: string): Promise<void> {
  return catalogs().then((module) => module.chooseLanguage(locale, membersWanted, signedIn, failed));
}

/** Start in the page's language, with the messages the server sent or, without them, fetched. */
export async function startLocale(pathname: string, sent: Messages | null): Promise<Locale> {
  const { locale } = splitLocalePath(pathname);
  if (sent) {
    i18n.load(locale, sent);
    sentLocale = locale;
  } else await loadCatalog(locale, "public");
  i18n.activate(locale);
  return locale;
}
