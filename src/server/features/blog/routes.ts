import type { NoticeChannel } from "../../db/change-notices";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../http/errors";
import { route } from "../../http/contract-route";
import { ANONYMOUS_AUTHOR, blogAuthorName, blogPostMeta } from "../../../shared/blog/posts";
import type { AdminBlogPost, BlogPost } from "../../../shared/blog/responses";
import { SITE_NAME } from "../../../shared/site";
import { requireAdmin } from "../../auth/sessions";
import type { ServerPageMeta } from "../../http/page-resolvers";
import { PAGE_NOT_FOUND } from "../../http/page-resolvers";
import type { Database } from "../../db/client";
import { createBlog } from "./blog";
import { createBlogRepository } from "./repository";
import { buildRss, buildSitemap, robotsTxt, sitemapEntries } from "./feeds";

export interface BlogRouteDeps {
  db: Database;
  /** The site's public origin, for feeds, the sitemap and link previews. */
  origin: string;
  /** The library's dragons, for the sitemap. */
  listDragons: () => Promise<{ id: string; createdAt: string }[]>;
  /** Every save and delete is told here, to this process and the others. */
  changes: NoticeChannel<null>;
}

// Feeds and the sitemap are public and change only on an admin's save; crawlers may keep them a while.
const FEED_CACHE = "public, max-age=300";

/** A post's page as crawlers and link previews see it: an article with its own title, picture and dates. */
export function articleMeta(post: BlogPost, origin: string): ServerPageMeta {
  const { title, description } = blogPostMeta(post);
  const url = `${origin}/blog/${encodeURIComponent(post.slug)}`;
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

/** The blog's API (docs/spec.md §7, blog), its feed, the sitemap and robots.txt. */
export function registerBlogRoutes(app: FastifyInstance, deps: BlogRouteDeps) {
  const { origin, listDragons } = deps;
  const blog = createBlog(createBlogRepository(deps.db), deps.changes);

  // Sent as serialised once per cache refresh: the list carries every post's body.
  route(app, "GET /api/blog/posts", {}, async (_request, reply) => {
    const { json } = await blog.published();
    return reply.type("application/json; charset=utf-8").send(json);
  });

  // A draft or an unknown slug is a 404 for everyone but admins, who may preview drafts.
  route(app, "GET /api/blog/posts/:slug", {}, async (request, reply): Promise<BlogPost> => {
    const { slug } = request.params;
    const post =
      (await blog.getPublished(slug)) ?? (request.user?.isAdmin ? await blog.getDraftOrPublished(slug) : null);
    if (!post) throw new HttpError(404, "Blog post not found");
    if (!post.published) reply.header("cache-control", "no-store");
    return post;
  });

  route(
    app,
    "GET /api/admin/blog",
    { preValidation: requireAdmin },
    async (_request, reply): Promise<AdminBlogPost[]> => {
      reply.header("cache-control", "no-store");
      return blog.adminList();
    },
  );

  route(app, "POST /api/admin/blog", { preValidation: requireAdmin }, async (request, reply) => {
    const caller = await requireAdmin(request);
    const post = await blog.create(request.body, caller.id);
    return reply.status(201).send(post);
  });

  route(app, "PUT /api/admin/blog/:id", { preValidation: requireAdmin }, async (request): Promise<AdminBlogPost> => {
    return blog.update(request.params.id, request.body);
  });

  route(app, "DELETE /api/admin/blog/:id", { preValidation: requireAdmin }, async (request) => {
    if (!(await blog.remove(request.params.id))) throw new HttpError(404, "Blog post not found");
    return { message: "Blog post deleted" };
  });

  route(app, "GET /blog/rss.xml", {}, async (_request, reply) => {
    const { posts } = await blog.published();
    return reply
      .header("cache-control", FEED_CACHE)
      .type("application/rss+xml; charset=utf-8")
      .send(buildRss(posts, origin));
  });

  route(app, "GET /sitemap.xml", {}, async (_request, reply) => {
    const [dragons, { posts }] = await Promise.all([listDragons(), blog.published()]);
    return reply
      .header("cache-control", FEED_CACHE)
      .type("application/xml; charset=utf-8")
      .send(buildSitemap(sitemapEntries(dragons, posts), origin));
  });

  // A route rather than a file in the client's public folder: it names this deployment's origin.
  route(app, "GET /robots.txt", {}, async (_request, reply) => {
    return reply.header("cache-control", FEED_CACHE).type("text/plain; charset=utf-8").send(robotsTxt(origin));
  });

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
