import { SITE_NAME } from "./site";

/** Something a page will fetch first: the server lists it in the HTML so the browser starts at once. */
export type PagePreload =
  | { as: "image"; href: string; srcset?: string; sizes?: string }
  | { as: "fetch"; href: string }
  | { as: "module"; href: string };

/** What a page tells browsers and link previews about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative image URL for og:image / twitter:image. */
  image?: string;
}

/**
 * Words of the head tags in another language: a catalog lookup by the English text (decision 056),
 * which is the English text itself when there is no catalog (the default).
 */
export type Translate = (english: string) => string;
const asIs: Translate = (english) => english;

/** Site title for a page: "Page · Dragon Grid", or the product name and what it does for the landing page. */
export const pageTitle = (title?: string, translate: Translate = asIs) =>
  title
    ? `${title} · ${SITE_NAME}`
    : `${SITE_NAME} — ${translate(/*i18n*/ "Learn to draw dragons with the grid method")}`;

export const notFoundMetaIn = (translate: Translate): PageMeta => ({
  title: pageTitle(translate(/*i18n*/ "Page Not Found")),
  description: translate(/*i18n*/ "404 Page Not Found"),
});
export const notFoundMeta = notFoundMetaIn(asIs);
