import { DEFAULT_DESCRIPTION, SITE_NAME } from "./site";

/** Something a page will fetch first: the server lists it in the HTML so the browser starts at once. */
export type PagePreload = { as: "image"; href: string; srcset?: string; sizes?: string } | { as: "fetch"; href: string } | { as: "module"; href: string };

/** What a page tells browsers and link previews about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative image URL for og:image / twitter:image. */
  image?: string;
}

/** Site title for a page: "Page · Dragon Grid", or the bare product name for the landing page. */
export const pageTitle = (title?: string) => (title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Learn to draw dragons with the grid method`);

// Static pages' meta, by exact path. Pages with data (a dragon, a blog post) add theirs on the
// server through page-meta resolvers and in the client once the data has loaded.
const staticMeta: Record<string, PageMeta> = {
  "/": { title: pageTitle(), description: DEFAULT_DESCRIPTION },
  "/home": { title: pageTitle("Dragon Library"), description: "Select a dragon to start your drawing journey." },
  "/blog": { title: pageTitle("Blog"), description: "Drawing tutorials and tips for the grid method." },
  "/login": { title: pageTitle("Sign In"), description: "Sign in or create a free account to save your progress." },
  "/verify-email": { title: pageTitle("Verify Email"), description: "Confirm your e-mail address." },
  "/reset-password": { title: pageTitle("Reset Password"), description: "Choose a new password for your Dragon Grid account." },
  "/feed": { title: pageTitle("Community Feed"), description: "See what other learners have drawn." },
  "/profile": { title: pageTitle("Your Profile"), description: "Your Dragon Grid profile." },
  "/upload": { title: pageTitle("Upload Your Drawing"), description: "Share a photo of your drawing." },
  "/admin/stats": { title: pageTitle("Statistics"), description: "Admin statistics dashboard." },
};

export const notFoundMeta: PageMeta = {
  title: pageTitle("Page Not Found"),
  description: "404 Page Not Found",
};

/** Meta for a path from the static table, or null when the page needs data (or does not exist). */
export function getStaticPageMeta(pathname: string): PageMeta | null {
  return staticMeta[pathname] ?? null;
}
