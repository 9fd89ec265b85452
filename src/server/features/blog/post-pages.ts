import type { FastifyInstance } from "fastify";
import { ANONYMOUS_AUTHOR, blogAuthorName, blogPostMeta } from "../../../shared/blog/posts";
import type { BlogPost } from "../../../shared/blog/responses";
import { SITE_NAME } from "../../../shared/site";
import { PAGE_NOT_FOUND, type ServerPageMeta } from "../../http/page-resolvers";
import type { Blog } from "./blog";
import { localePath } from "../../../shared/i18n/locales";

/** A post's page as crawlers and link previews see it: an article with its own title, picture and dates. */
function articleMeta(post: BlogPost, origin: string): ServerPageMeta {
  const { title, description } = blogPostMeta(post);
  // The post's address in its own language, the canonical one.
  const url = `${origin}${localePath(post.language, `/blog/${encodeURIComponent(post.slug)}`)}`;
  const image = post.featuredImageUrl
    ? post.featuredImageUrl.startsWith("/")
      ? `${origin}${post.featuredImageUrl}`
      : post.featuredImageUrl
    : null;
  const author = blogAuthorName(post);
  return {
    title,
    description,
    ...(image ? { image } : {}),
    ogType: "article",
    language: post.language,
    article: {
      ...(post.publishedAt ? { publishedTime: post.publishedAt } : {}),
      modifiedTime: post.updatedAt,
      tags: post.tags,
    },
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: post.title,
      description,
      // The language the article is written in, whatever the language of the page around it.
      inLanguage: post.language,
      ...(image ? { image: [image] } : {}),
      ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
      dateModified: post.updatedAt,
      author:
        author === ANONYMOUS_AUTHOR
          ? { "@type": "Organization", name: SITE_NAME }
          : { "@type": "Person", name: author },
      publisher: { "@type": "Organization", name: SITE_NAME, url: origin },
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
    },
  };
}

const postPath = /^\/blog\/([^/]+)$/;

function slugOf(pathname: string): string | null {
  const match = postPath.exec(pathname);
  if (!match) return null;
  try {
    const slug = decodeURIComponent(match[1]!);
    // No slug holds a NUL, and PostgreSQL refuses one in a query parameter (a 500, not a 404).
    return slug.includes("\u0000") ? "" : slug;
  } catch {
    return "";
  }
}

/** The blog's rendered pages: a post's head tags, and the data the list and a post's page load. */
export function addPostPageResolvers(app: FastifyInstance, blog: Blog, origin: string) {
  // A post's page carries its own head tags; an unknown slug (or a draft, but for admins) is a 404 page.
  app.pageMetaResolvers.push(async (pathname, request) => {
    const slug = slugOf(pathname);
    if (slug === null) return null;
    const post = slug
      ? ((await blog.getPublished(slug)) ?? (request.user?.isAdmin ? await blog.getDraftOrPublished(slug) : null))
      : null;
    return post ? articleMeta(post, origin) : PAGE_NOT_FOUND;
  });

  // The list and a post's page start loading their data with the HTML (same URLs as the client's reads).
  app.pagePreloadResolvers.push(async (pathname) => {
    if (pathname === "/blog") return [{ as: "fetch" as const, href: "/api/blog/posts" }];
    const slug = slugOf(pathname);
    return slug ? [{ as: "fetch" as const, href: `/api/blog/posts/${encodeURIComponent(slug)}` }] : [];
  });
}
