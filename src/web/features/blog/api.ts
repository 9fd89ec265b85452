import { useQuery } from "@tanstack/react-query";
import type { I18n } from "@lingui/core";
import { apiQuery, apiQueryKey } from "../../lib/api-client";
// Types only: the schemas in shared/blog/index.ts (and zod with them) stay out of the public pages.
import type { BlogPost } from "../../../shared/blog/responses";
import { localeInfo } from "../../../shared/i18n/locales";

/** The published posts, newest first (everyone). */
export const BLOG_POSTS_KEY = apiQueryKey("GET /api/blog/posts");
/** Every post, drafts included (admins). */
export const ADMIN_BLOG_KEY = apiQueryKey("GET /api/admin/blog");
/** One post by its slug; a child of BLOG_POSTS_KEY, so invalidating the list refreshes it too. */
export const blogPostKey = (slug: string) => apiQueryKey("GET /api/blog/posts/:slug", { params: { slug } });

/**
 * The published posts, newest first. The blog list filters them by language itself: it has them
 * all already (the server-rendered page sends them), so a choice shows at once, with no request.
 */
export const useBlogPosts = () => useQuery(apiQuery("GET /api/blog/posts"));

/** A post for its page; a draft answers 404 except to admins. The slug comes from the address bar; the client encodes it. */
export const useBlogPost = (slug: string) => useQuery(apiQuery("GET /api/blog/posts/:slug", { params: { slug } }));

export const useAdminBlogPosts = (enabled: boolean) => useQuery({ ...apiQuery("GET /api/admin/blog"), enabled });

/** True for the "404: ..." error of a post that does not exist (or is a draft). */
export const isNotFoundError = (error: unknown) => error instanceof Error && error.message.startsWith("404:");

// In UTC: the page is rendered on the server, and its time zone must not make the date differ
// from the browser's first render (a hydration mismatch).
const DATE_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: "long", timeZone: "UTC" };

/**
 * "June 3, 2026" (in the page's language, from the I18nProvider's `i18n`): the day a post was
 * published (its creation day for a draft never published).
 */
export function blogDate(
  post: Pick<BlogPost, "publishedAt" | "createdAt">,
  i18n: Pick<I18n, "date">,
): { iso: string; label: string } {
  const iso = post.publishedAt ?? post.createdAt;
  return { iso, label: i18n.date(new Date(iso), DATE_FORMAT) };
}

/**
 * The attributes of a post's own words (title, excerpt, tags, body): its language and that
 * language's direction, so an Arabic post reads right to left on an English page and an English
 * one left to right on an Arabic page; the page around them stays in the reader's language.
 */
export const postLanguage = (post: Pick<BlogPost, "language">) => ({
  lang: post.language,
  dir: localeInfo(post.language).dir,
});
