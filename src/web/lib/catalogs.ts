import { i18n, type Messages } from "@lingui/core";
import { localeInfo, localePath, LOCALE_COOKIE, splitLocalePath, type Locale } from "../../shared/i18n/locales";
import { callApi } from "./api-client";
import { AUTH_USER_KEY } from "./auth";
import { queryClient } from "./query-client";

/**
 * The catalogs' files and the language change (decision 056), loaded with the first catalog a page
 * asks for rather than with every page (decision 058): a page starts from the public catalog the
 * server sent inside it, and most visits never load another. Reached through lib/i18n.ts.
 */

/** "public" (the frame and the public pages, sent inside every page) or "members" (every other screen and panel). */
export type CatalogGroup = "public" | "members";

const CATALOGS = import.meta.glob<{ messages: Messages }>("../locales/*/*.po");
const loading = new Map<string, Promise<void>>();

/** A catalog that is here already (the public one the server sent inside the page). */
export function catalogHere(locale: Locale, group: CatalogGroup) {
  if (!loading.has(`${locale}/${group}`)) loading.set(`${locale}/${group}`, Promise.resolve());
}

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

/** lib/i18n.ts's changeLanguage, with whether a screen or panel has asked for the members' catalog. */
export async function changeLanguage(locale: Locale, withMembers: boolean): Promise<void> {
  const attributes = ["path=/", "max-age=31536000", "samesite=lax"];
  if (window.location.protocol === "https:") attributes.push("secure");
  document.cookie = [`${LOCALE_COOKIE}=${locale}`, ...attributes].join("; ");
  await Promise.all([loadCatalog(locale, "public"), withMembers ? loadCatalog(locale, "members") : undefined]);
  const { path } = splitLocalePath(window.location.pathname);
  const address = `${localePath(locale, path)}${window.location.search}${window.location.hash}`;
  window.history.replaceState(window.history.state, "", address);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = localeInfo(locale).dir;
}

/**
 * A person's choice in the language picker: the app changes language, and a signed-in person's
 * choice is kept on their account (so it follows them to every device); when that fails they are
 * told, in the words `failed` (the picker's, said before the change).
 */
export function chooseLanguage(locale: Locale, withMembers: boolean, signedIn: boolean, failed: string) {
  void changeLanguage(locale, withMembers);
  if (!signedIn) return;
  callApi("PUT /api/account/language", { body: { language: locale } }).then(
    (user) => queryClient.setQueryData(AUTH_USER_KEY, user),
    () =>
      void import("../components/ui/use-toast").then(({ toast }) => toast({ title: failed, variant: "destructive" })),
  );
}
