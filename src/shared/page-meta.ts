import { SITE_NAME } from "./site";
import { english, type TranslateMessage } from "./i18n/translate";

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

/** Site title for a page: "Page · Dragon Grid", or the product name and what it does for the landing page. */
export const pageTitle = (title?: string, translate: TranslateMessage = english) =>
  title
    ? `${title} · ${SITE_NAME}`
    : `${SITE_NAME} — ${translate(/*i18n*/ "Learn to draw dragons with the grid method")}`;

export const notFoundMetaIn = (translate: TranslateMessage): PageMeta => ({
  title: pageTitle(translate(/*i18n*/ "Page Not Found")),
  description: translate(/*i18n*/ "404 Page Not Found"),
});
