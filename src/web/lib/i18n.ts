import { i18n, type Messages } from "@lingui/core";
import {
  isLocale,
  LOCALE_COOKIE,
  localeInfo,
  localePath,
  splitLocalePath,
  type Locale,
} from "../../shared/i18n/locales";

/**
 * The browser's messages (decision 056). Each language has two catalogs: "public" (the frame and
 * the public pages), which the server sends inside every page, and "members" (every other screen
 * and panel), loaded with the first screen or panel that needs it. Both are compiled from
 * src/web/locales/{locale}/*.po by Lingui's Vite plugin.
 */
export type CatalogGroup = "public" | "members";

const CATALOGS = import.meta.glob<{ messages: Messages }>("../locales/*/*.po");
const loading = new Map<string, Promise<void>>();
/** Whether a screen or panel has asked for the members' catalog: a language change then loads it too. */
let membersWanted = false;

/** Load a catalog of a language into the browser's messages (once; a failed download may be tried again). */
export function loadCatalog(locale: Locale, group: CatalogGroup): Promise<void> {
  const key = `${locale}/${group}`;
  let loaded = loading.get(key);
  if (!loaded) {
    const load = CATALOGS[`../locales/${locale}/${group}.po`];
    if (!load) return Promise.reject(new Error(`No ${group} catalog for ${locale}`));
    loaded = load().then(
      ({ messages }) => i18n.load(locale, messages),
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, loaded);
  }
  return loaded;
}

/** Messages the server sent inside the page: the public catalog, already loaded. */
function takePageMessages(locale: Locale, messages: Messages) {
  i18n.load(locale, messages);
  loading.set(`${locale}/public`, Promise.resolve());
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
export async function changeLanguage(locale: Locale): Promise<void> {
  const attributes = ["path=/", "max-age=31536000", "samesite=lax"];
  if (window.location.protocol === "https:") attributes.push("secure");
  document.cookie = [`${LOCALE_COOKIE}=${locale}`, ...attributes].join("; ");
  await Promise.all([loadCatalog(locale, "public"), membersWanted ? loadCatalog(locale, "members") : undefined]);
  const { path } = splitLocalePath(window.location.pathname);
  const address = `${localePath(locale, path)}${window.location.search}${window.location.hash}`;
  window.history.replaceState(window.history.state, "", address);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = localeInfo(locale).dir;
}

/** Start in the page's language, with the messages the server sent or, without them, fetched. */
export async function startLocale(pathname: string, sent: Messages | null): Promise<Locale> {
  const { locale } = splitLocalePath(pathname);
  if (sent) takePageMessages(locale, sent);
  else await loadCatalog(locale, "public");
  i18n.activate(locale);
  return locale;
}
