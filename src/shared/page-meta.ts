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

/** Site title for a page: "Page · Dragon Grid", or the bare product name for the landing page. */
export const pageTitle = (title?: string) =>
  title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Learn to draw dragons with the grid method`;

export const notFoundMeta: PageMeta = {
  title: pageTitle("Page Not Found"),
  description: "404 Page Not Found",
};
