import type { NoticeChannel } from "../../db/change-notices";
import type { Database } from "../../db/client";
import { HttpError } from "../../http/errors";
import { contractPlugin, pickEndpoints } from "../../http/contract-plugin";
import { blogEndpoints } from "../../../shared/blog/endpoints";
import { documentsEndpoints } from "../../../shared/documents/endpoints";
import { createBlog } from "./blog";
import { createBlogRepository } from "./repository";
import { buildRss, buildSitemap, robotsTxt, sitemapEntries } from "./feeds";
import { addPostPageResolvers } from "./post-pages";
import { requestTranslator } from "../../i18n/request-language";

export interface BlogPluginDeps {
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

/** The blog's API (docs/spec.md §7, blog), its feed, the sitemap and robots.txt. */
export const blogPlugin = contractPlugin(
  {
    ...blogEndpoints,
    ...pickEndpoints(documentsEndpoints, "GET /blog/rss.xml", "GET /sitemap.xml", "GET /robots.txt"),
  },
  (app, deps: BlogPluginDeps) => {
    const { origin, listDragons } = deps;
    const blog = createBlog(createBlogRepository(deps.db), deps.changes);
    addPostPageResolvers(app, blog, origin);

    return {
      // Sent as serialised once per cache refresh (and language asked for): the list carries every post's body.
      "GET /api/blog/posts": async (request, reply) => {
        const json = await blog.publishedJson(request.query.language);
        return reply.type("application/json; charset=utf-8").send(json);
      },

      // A draft or an unknown slug is a 404 for everyone but admins, who may preview drafts.
      "GET /api/blog/posts/:slug": async (request, reply, caller) => {
        const { slug } = request.params;
        const post = (await blog.getPublished(slug)) ?? (caller?.isAdmin ? await blog.getDraftOrPublished(slug) : null);
        if (!post) throw new HttpError(404, /*i18n*/ "Blog post not found");
        if (!post.published) reply.header("cache-control", "no-store");
        return post;
      },

      "GET /api/admin/blog": async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return blog.adminList();
      },

      "POST /api/admin/blog": async (request, reply, caller) => {
        const post = await blog.create(request.body, caller.id);
        return reply.status(201).send(post);
      },

      "PUT /api/admin/blog/:id": async (request) => blog.update(request.params.id, request.body),

      "DELETE /api/admin/blog/:id": async (request) => {
        if (!(await blog.remove(request.params.id))) throw new HttpError(404, /*i18n*/ "Blog post not found");
        return { message: requestTranslator(request)(/*i18n*/ "Blog post deleted") };
      },

      "GET /blog/rss.xml": async (_request, reply) => {
        const { posts } = await blog.published();
        return reply
          .header("cache-control", FEED_CACHE)
          .type("application/rss+xml; charset=utf-8")
          .send(buildRss(posts, origin));
      },

      "GET /sitemap.xml": async (_request, reply) => {
        const [dragons, { posts }] = await Promise.all([listDragons(), blog.published()]);
        return reply
          .header("cache-control", FEED_CACHE)
          .type("application/xml; charset=utf-8")
          .send(buildSitemap(sitemapEntries(dragons, posts), origin));
      },

      // A route rather than a file in the client's public folder: it names this deployment's origin.
      "GET /robots.txt": async (_request, reply) =>
        reply.header("cache-control", FEED_CACHE).type("text/plain; charset=utf-8").send(robotsTxt(origin)),
    };
  },
);
