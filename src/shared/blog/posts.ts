import type { BlogPost } from "./responses";
import { pageTitle } from "../page-meta";
import { SITE_NAME } from "../site";

// What the public blog pages and the server both need to show a post, kept free of zod at run time so
// the pages that only read posts do not download the schemas (index.ts has those).

/** Tags shown on a card of the blog list (docs/spec.md §9). */
export const BLOG_CARD_TAGS = 3;

/** Who the author line names when the author has no name (their e-mail is never public). */
export const ANONYMOUS_AUTHOR = "Anonymous";

/** The author line of a post: the full name, else 'Anonymous'. */
export function blogAuthorName(post: Pick<BlogPost, "authorFirstName" | "authorLastName">): string {
  return (
    [post.authorFirstName, post.authorLastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(" ") || ANONYMOUS_AUTHOR
  );
}

/** The title and description a post's page shows to browsers, search engines and link previews. */
export function blogPostMeta(post: Pick<BlogPost, "title" | "metaTitle" | "metaDescription" | "excerpt">): {
  title: string;
  description: string;
} {
  return {
    title: post.metaTitle || pageTitle(post.title),
    description:
      post.metaDescription ||
      post.excerpt ||
      `${post.title}: from the ${SITE_NAME} blog of drawing tutorials and tips.`,
  };
}
