import { preferredEncoding } from "../../http/precompress";
import { route } from "../../http/contract-route";
import type { FastifyInstance } from "fastify";
import { type FeedCursor } from "../../../shared/posts";
import type { LikeState, Post, PostComment } from "../../../shared/posts/responses";
import { requireAdmin, requireUser } from "../../auth/sessions";
import type { Feed } from "./feed";
import type { SessionUser } from "../../http/request-user";

/**
 * The community feed's API (docs/spec.md §7, posts); signed-in only, approval by admins. Who
 * may call is checked before the payload (preValidation): a visitor gets 401 and a non-admin 403
 * whatever they send, never a 400 about a field.
 */
export function registerPostRoutes(
  app: FastifyInstance,
  feed: Feed,
  approve: (postId: string, admin: SessionUser) => Promise<unknown>,
) {
  // A kept page is bytes already (cached and shared), sent as they are: Brotli or gzip when the
  // client takes it (setting content-encoding keeps @fastify/compress from compressing it again).
  // A page that is not kept (a cursor this process did not hand out) is compressed as it is sent.
  route(app, "GET /api/posts", { preValidation: requireUser }, async (request, reply) => {
    const caller = await requireUser(request);
    const page = await feed.page(caller, cursorOf(request.query));
    reply.header("cache-control", "no-store").header("vary", "accept-encoding").type("application/json; charset=utf-8");
    const { precompressed } = page;
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (precompressed && encoding === "br") return reply.header("content-encoding", "br").send(precompressed.br);
    if (precompressed && encoding === "gzip")
      return reply.header("content-encoding", "gzip").send(await precompressed.gzip());
    return reply.send(page.json);
  });

  route(app, "GET /api/posts/:id", { preValidation: requireUser }, async (request, reply): Promise<Post> => {
    const caller = await requireUser(request);
    reply.header("cache-control", "no-store");
    return feed.one(request.params.id, caller);
  });

  route(app, "GET /api/posts/mine", { preValidation: requireUser }, async (request, reply): Promise<Post[]> => {
    const caller = await requireUser(request);
    reply.header("cache-control", "no-store");
    return feed.mine(caller, cursorOf(request.query));
  });

  route(app, "POST /api/posts", { preValidation: requireUser }, async (request, reply) => {
    const caller = await requireUser(request);
    const id = await feed.create(caller, request.body);
    return reply.status(201).send({ id });
  });

  route(app, "POST /api/posts/:id/like", { preValidation: requireUser }, async (request): Promise<LikeState> => {
    const caller = await requireUser(request);
    return feed.toggleLike(request.params.id, caller);
  });

  route(app, "POST /api/posts/:id/comment", { preValidation: requireUser }, async (request, reply) => {
    const caller = await requireUser(request);
    const comment: PostComment = await feed.comment(request.params.id, caller, request.body.text);
    return reply.status(201).send(comment);
  });

  // The moderation queue's approve, kept here for the feed's Approve (docs/spec.md §7): logged alike.
  route(app, "PUT /api/posts/:id/approve", { preValidation: requireAdmin }, async (request) => {
    await approve(request.params.id, await requireAdmin(request));
    return { id: request.params.id, approved: true };
  });

  route(app, "DELETE /api/posts/:id", { preValidation: requireUser }, async (request) => {
    const caller = await requireUser(request);
    await feed.remove(request.params.id, caller);
    return { message: "Post deleted" };
  });

  route(app, "DELETE /api/posts/:id/comments/:commentId", { preValidation: requireUser }, async (request) => {
    const caller = await requireUser(request);
    await feed.removeComment(request.params.id, request.params.commentId, caller);
    return { message: "Comment deleted" };
  });
}

/** The page's cursor, if the query names one (`at` alone means nothing). */
function cursorOf(query: { before?: string; at?: string }): FeedCursor | undefined {
  return query.before ? { before: query.before, at: query.at } : undefined;
}
