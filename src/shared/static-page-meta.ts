import { DEFAULT_DESCRIPTION } from "./site";
import { PAGES, type Screen } from "./pages";
import { pageTitle, type PageMeta } from "./page-meta";
import { english, type TranslateMessage } from "./i18n/translate";

// A module of its own: a screen with data (a dragon, a blog post) loads page-meta.ts without these.
// The other screens' words are in screen-page-meta.ts, so that a public page's first load carries
// none of them (decision 058).

/** Screens' words, marked for the catalogs (explicit-id messages, decision 056) and translated when asked for. */
export type ScreenWords = Partial<Record<Screen, { title?: string; description: string }>>;

export const meta = (title: string, description: string) => ({ title, description });

// Head tags of the public pages without data of their own (shared/pages.ts); a dragon or a blog
// post gets its tags on the server from page-meta resolvers and in the browser once its data is here.
export const PUBLIC_PAGE_WORDS: ScreenWords = {
  landing: { description: DEFAULT_DESCRIPTION },
  library: meta(/*i18n*/ "Dragon Library", /*i18n*/ "Select a dragon to start your drawing journey."),
  blogList: meta(/*i18n*/ "Blog", /*i18n*/ "Drawing tutorials and tips for the grid method."),
};

/** The public pages with words here. */
export type PublicPagePath = "/" | "/home" | "/blog";

/** Head tags of a page from these words (in a language), or null when they have none for it. */
export function pageMetaFrom(
  words: ScreenWords,
  pathname: string,
  translate: TranslateMessage = english,
): PageMeta | null {
  // Each of these screens has a fixed address (no parameters): the page at a canonical address is
  // the one whose path it is, with no pattern to match (and none to download: decision 058).
  const screen = PAGES.find((page) => page.path === pathname)?.screen;
  const found = screen && words[screen];
  if (!found) return null;
  return {
    title: pageTitle(found.title && translate(found.title), translate),
    description: translate(found.description),
  };
}

/**
 * Head tags of a public page without data (in a language), or null for any other page: every
 * screen's are screen-page-meta.ts's getScreenPageMeta.
 */
export function getStaticPageMeta(pathname: string, translate: TranslateMessage = english): PageMeta | null {
  return pageMetaFrom(PUBLIC_PAGE_WORDS, pathname, translate);
}
