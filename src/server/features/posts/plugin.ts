import { preferredEncoding } from "../../http/precompress";
import { contractPlugin } from "../../http/contract-plugin";
import { type FeedCursor } from "../../../shared/posts";
import { postsEndpoints } from "../../../shared/posts/endpoints";
import type { Feed } from "./feed";
import type { SessionUser } from "../../http/request-user";
import { requestTranslator } from "../../i18n/request-language";

/** The community feed's API (docs/spec.md §7, posts); signed-in only, approval by admins. */
export const postsPlugin = contractPlugin(
  postsEndpoints,
  (_app, { feed, approve }: { feed: Feed; approve: (postId: string, admin: SessionUser) => Promise<unknown> }) => ({
    // A kept page is bytes already (cached and shared), sent as they are: Brotli or gzip when the
    // client takes it (setting content-encoding keeps @fastify/compress from compressing it again).
    // A page that is not kept (a cursor this process did not hand out) is compressed as it is sent.
    "GET /api/posts": async (request, reply, caller) => {
      const page = await feed.page(caller, cursorOf(request.query));
      reply
        .header("cache-control", "no-store")
        .header("vary", "accept-encoding")
        .type("application/json; charset=utf-8");
      const { precompressed } = page;
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (precompressed && encoding === "br") return reply.header("content-encoding", "br").send(precompressed.br);
      if (precompressed && encoding === "gzip")
        return reply.header("content-encoding", "gzip").send(await precompressed.gzip());
      return reply.send(page.json);
    },

    "GET /api/posts/:id": async (request, reply, caller) => {
      reply.header("cache-control", "no-store");
      return feed.one(request.params.id, caller);
    },

    "GET /api/posts/mine": async (request, reply, caller) => {
      reply.header("cache-control", "no-store");
      return feed.mine(caller, cursorOf(request.query));
    },

    "POST /api/posts": async (request, reply, caller) => {
      const id = await feed.create(caller, request.body);
      return reply.status(201).send({ id });
    },

    "POST /api/posts/:id/like": async (request, _reply, caller) => feed.toggleLike(request.params.id, caller),

    "POST /api/posts/:id/comment": async (request, reply, caller) => {
      const comment = await feed.comment(request.params.id, caller, request.body.text);
      return reply.status(201).send(comment);
    },

    // The moderation queue's approve, kept here for the feed's Approve (docs/spec.md §7): logged alike.
    "PUT /api/posts/:id/approve": async (request, _reply, caller) => {
      await approve(request.params.id, caller);
      return { id: request.params.id, approved: true };
    },

    "DELETE /api/posts/:id": async (request, _reply, caller) => {
      await feed.remove(request.params.id, caller);
      return { message: requestTranslator(request)(/*i18n*/ "Post deleted") };
    },

    "DELETE /api/posts/:id/comments/:commentId": async (request, _reply, caller) => {
      await feed.removeComment(request.params.id, request.params.commentId, caller);
      return { message: requestTranslator(request)(/*i18n*/ "Comment deleted") };
    },
  }),
);

/** The page's cursor, if the query names one (`at` alone means nothing). */
function cursorOf(query: { before?: string; at?: string }): FeedCursor | undefined {
  return query.before ? { before: query.before, at: query.at } : undefined;
}

// What app.ts composes this plugin with (and other features are given).
export { createFeed, type FeedChange } from "./feed";
export { createPostsRepository } from "./repository";
