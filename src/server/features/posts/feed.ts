import crypto from "node:crypto";
import type { ObjectStorage } from "../../storage/object-storage";
import type { SessionUser } from "../../http/request-user";
import { HttpError } from "../../http/errors";
import { KeyedRateLimiter, type RateCounters } from "../../http/rate-limiter";
import { FEED_PAGE_SIZE, MY_POSTS_PAGE_SIZE, maskEmail, type FeedCursor } from "../../../shared/posts";
import type { LikeState, Post, PostComment, PostPerson } from "../../../shared/posts/responses";
import { ownCheckedImageKey, readUpload, readUploadHead } from "../../storage/own-upload";
import { postImageKeys, preparePostPhoto } from "./images";
import { localChannel, type NoticeChannel } from "../../db/change-notices";
import { createFeedPages, type FeedPage, type PageReader } from "./feed-pages";
import type { NewPostImage, PostAccess, PostsRepository } from "./repository";
import type { BlockSets } from "../../auth/block-sets";
import type { FastifyBaseLogger } from "fastify";
import type { ImageJobs } from "../../jobs/image-jobs";

/** What the server accepts of posts and comments (the Community feed issue). */
const POSTS_PER_HOUR = 10;
const COMMENTS_PER_MINUTE = 30;
// What a photo's header takes, as JPEGs and PNGs put it first (a phone's EXIF included).
const PHOTO_HEAD_BYTES = 64 * 1024;

type Viewer = Pick<SessionUser, "id" | "isAdmin">;

/** A person with the e-mail masked, unless the viewer may see it (admins, or the person themself). */
function forViewer(person: PostPerson, viewer: Viewer, ownFull: boolean): PostPerson {
  if (viewer.isAdmin || (ownFull && person.id === viewer.id)) return person;
  return { ...person, email: maskEmail(person.email) };
}

/** The posts as `viewer` may read them: another user's full e-mail never reaches a non-admin. */
export function postsForViewer(list: Post[], viewer: Viewer, options: { ownFull: boolean }): Post[] {
  if (viewer.isAdmin) return list;
  return list.map((post) => ({
    ...post,
    user: forViewer(post.user, viewer, options.ownFull),
    comments: post.comments.map((comment) => ({ ...comment, user: forViewer(comment.user, viewer, options.ownFull) })),
  }));
}

/** Whoever reads the shared non-admin page: every e-mail masked, their own included. */
const NON_ADMIN: Viewer = { id: "", isAdmin: false };

/** Comments in the order the database lists them (repository.ts: by the millisecond, then by id). */
const byTimeThenId = (a: PostComment, b: PostComment) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1;

/**
 * May `viewer` see this post at all? Approved ones that are not hidden: everyone signed in;
 * pending, rejected or hidden ones: their author and admins.
 */
const canSee = (post: PostAccess, viewer: Viewer) =>
  (post.approved && !post.hidden) || viewer.isAdmin || post.userId === viewer.id;

/**
 * The posts without anything of the people in `hidden` (blockSets.hiddenFrom: for a member, a
 * block either way; for an admin, only the admin's own blocks): their posts, their comments and
 * their likes. The moderation queue shows everything.
 */
function withoutUsers(list: Post[], hidden: ReadonlySet<string>): Post[] {
  if (hidden.size === 0) return list;
  return list
    .filter((post) => !hidden.has(post.user.id))
    .map((post) => ({
      ...post,
      likes: post.likes.filter((like) => !hidden.has(like.userId)),
      comments: post.comments.filter((comment) => !hidden.has(comment.user.id)),
    }));
}

/** How many kept pages a reader with blocks may skip through to find one with a post they can see. */
const BLOCKED_PAGES_SKIPPED = 5;

/** What the feed tells people (notifications/notifier.ts); optional, so a feed can be tested alone. */
export interface FeedNotifications {
  postApproved(postId: string): Promise<void>;
  commented(postId: string, commentId: string, commenterId: string): Promise<void>;
  liked(postId: string, likerId: string): Promise<void>;
  /** Before a post or comment is deleted: its notifications go with it, and the unread counts must follow. */
  postRemoved(postId: string): Promise<void>;
  commentRemoved(commentId: string): Promise<void>;
}

/**
 * A change to the feed, as every server process applies it to the pages it keeps: the frequent
 * ones (likes, comments) patch the pages that hold the post; the rare ones (a post added, approved
 * or deleted, a changed profile) drop every kept page.
 */
export type FeedChange =
  | { kind: "like"; postId: string; userId: string; liked: boolean }
  /** The comment as admins see it; each page masks it for its readers. */
  | { kind: "comment"; postId: string; comment: PostComment }
  | { kind: "comment-deleted"; postId: string; commentId: string }
  | { kind: "posts" };

/**
 * The community feed: posting (photos made into served versions, originals kept private), the
 * cached feed pages, likes, comments, approval and deletion. Every change is told on `changes`,
 * to this process's kept pages and to every other server process's.
 */
export interface FeedDeps {
  /** Who each member must not see (features/blocks). */
  blockSets: BlockSets;
  notifications?: FeedNotifications;
  log?: Pick<FastifyBaseLogger, "error">;
  /** Where post photos are made (decision 034). */
  imageJobs: ImageJobs;
}

export function createFeed(
  repository: PostsRepository,
  storage: ObjectStorage,
  counters: RateCounters,
  changes: NoticeChannel<FeedChange> = localChannel(),
  deps: FeedDeps,
) {
  const { blockSets, notifications, log, imageJobs } = deps;
  /** A notification that fails is logged; the like or comment that caused it still stands. */
  const tell = (what: Promise<void> | undefined) =>
    what?.catch((error: unknown) => log?.error({ err: error }, "notification failed"));
  const pages = createFeedPages(async (reader, before) => {
    const list = await repository.list({ approvedOnly: reader === "member", before, limit: FEED_PAGE_SIZE });
    return reader === "admin" ? list : postsForViewer(list, NON_ADMIN, { ownFull: false });
  });
  const postLimiter = new KeyedRateLimiter(counters, "posts per member", POSTS_PER_HOUR, 60 * 60_000);
  const commentLimiter = new KeyedRateLimiter(counters, "comments per member", COMMENTS_PER_MINUTE, 60_000);
  const invalidate = () => changes.emit({ kind: "posts" });

  /** One post photo's display version and thumbnail, made from its upload in a queued job and stored as the member's. */
  const storePostPhoto = imageJobs.define(
    "post-photo",
    async (input: { postId: string; position: number; objectKey: string }, ownerId: string) => {
      const notUploaded = () =>
        new HttpError(400, /*i18n*/ "Invalid images: image {number} has not been uploaded yet", {
          values: { number: input.position + 1 },
        });
      const head = await readUploadHead(storage, input.objectKey, PHOTO_HEAD_BYTES);
      if (head === "missing") throw notUploaded();
      // The whole file is read when the photo's turn to be decoded comes (images/photo.ts).
      const photo = await preparePostPhoto(head, async () => {
        const bytes = await readUpload(storage, input.objectKey);
        if (bytes === "missing") throw notUploaded();
        if (bytes === "too-large") throw new HttpError(400, /*i18n*/ "Invalid images: The image is larger than 50 MB.");
        return bytes;
      });
      const keys = postImageKeys(input.postId, input.position);
      const acl = { ownerId, isPublic: false };
      await storage.put(keys.display, photo.display, "image/webp", acl);
      await storage.put(keys.thumb, photo.thumb, "image/webp", acl);
      return { width: photo.width, height: photo.height };
    },
  );

  changes.on((change) => {
    // null: the change was not heard in full (see change-notices.ts), so nothing kept is trusted.
    if (!change || change.kind === "posts") return pages.invalidate();
    if (change.kind === "like") {
      return pages.patch(change.postId, (post) => {
        post.likes = post.likes.filter((like) => like.userId !== change.userId);
        if (change.liked) post.likes.push({ userId: change.userId });
      });
    }
    if (change.kind === "comment") {
      const { comment } = change;
      return pages.patch(change.postId, (post, reader) => {
        const shown = reader === "admin" ? comment : { ...comment, user: forViewer(comment.user, NON_ADMIN, false) };
        post.comments = [...post.comments.filter((other) => other.id !== comment.id), shown].sort(byTimeThenId);
      });
    }
    pages.patch(change.postId, (post) => {
      post.comments = post.comments.filter((other) => other.id !== change.commentId);
    });
  });

  /**
   * The post, if `viewer` may see it; a 404 otherwise, the same as for a post that does not exist
   * (a block between the viewer and the author included: the blocked person is not told).
   */
  async function visiblePost(id: string, viewer: Viewer, options: { moderating?: boolean } = {}): Promise<PostAccess> {
    const post = await repository.getAccess(id);
    if (!post || !canSee(post, viewer)) throw new HttpError(404, /*i18n*/ "Post not found");
    // An admin deleting a post or comment does so whatever their own blocks.
    const moderating = options.moderating && viewer.isAdmin;
    if (!moderating && (await blockSets.hides(viewer, post.userId)))
      throw new HttpError(404, /*i18n*/ "Post not found");
    return post;
  }

  /** Check one image reference: the caller's own upload that passed set-acl. Answers its storage key. */
  async function checkUpload(objectPath: string, index: number, userId: string): Promise<string> {
    const key = await ownCheckedImageKey(storage, objectPath, userId);
    if (!key)
      throw new HttpError(400, /*i18n*/ "Invalid images: image {number} is not an uploaded image of yours", {
        values: { number: index + 1 },
      });
    return key;
  }

  return {
    invalidate,
    cacheStats: pages.stats,
    /** The post if `viewer` may see it, else a 404 (what a report checks). */
    visiblePost,

    /**
     * GET /api/posts, ready to send: one kept answer for admins, one for everyone else, per cursor.
     * A reader with blocks gets the kept page without the people concerned; when that leaves a
     * page empty, the next kept pages are looked through, so the feed does not seem to end early.
     */
    async page(viewer: Viewer, before: FeedCursor | undefined): Promise<FeedPage> {
      const reader: PageReader = viewer.isAdmin ? "admin" : "member";
      const hidden = await blockSets.hiddenFrom(viewer);
      if (hidden.size === 0) return pages.page(reader, before);
      let cursor = before;
      for (let skipped = 0; ; skipped++) {
        const list = JSON.parse((await pages.page(reader, cursor)).json.toString("utf8")) as Post[];
        const shown = withoutUsers(list, hidden);
        const last = list.at(-1);
        if (shown.length > 0 || list.length < FEED_PAGE_SIZE || !last || skipped === BLOCKED_PAGES_SKIPPED)
          return { json: Buffer.from(JSON.stringify(shown)) };
        cursor = { before: last.id, at: last.createdAt };
      }
    },

    /** One post as the feed shows it to `viewer` (where a notification leads). */
    async one(postId: string, viewer: Viewer): Promise<Post> {
      const post = await visiblePost(postId, viewer);
      const mayReadAll = viewer.isAdmin || post.userId === viewer.id;
      const [found] = await repository.list({ ids: [postId], approvedOnly: !mayReadAll, limit: 1 });
      if (!found) throw new HttpError(404, /*i18n*/ "Post not found");
      // Its author reads every comment but those hidden from them (another's hidden comment).
      const shown = viewer.isAdmin
        ? found
        : {
            ...found,
            comments: found.comments.filter(
              (comment) => comment.hiddenReason === null || comment.user.id === viewer.id,
            ),
          };
      const [visible] = withoutUsers(
        postsForViewer([shown], viewer, { ownFull: true }),
        await blockSets.hiddenFrom(viewer),
      );
      return visible!;
    },

    /**
     * The caller's own posts, pending, rejected, hidden and approved, with the reasons; their own
     * e-mail is shown in full; others' hidden comments and the people they blocked are left out.
     */
    async mine(viewer: Viewer, before: FeedCursor | undefined): Promise<Post[]> {
      const list = await repository.list({ authorId: viewer.id, before, limit: MY_POSTS_PAGE_SIZE });
      const own = list.map((post) => ({
        ...post,
        comments: post.comments.filter((comment) => comment.hiddenReason === null || comment.user.id === viewer.id),
      }));
      return withoutUsers(postsForViewer(own, viewer, { ownFull: true }), await blockSets.hiddenFrom(viewer));
    },

    /**
     * A new pending post. Every photo gets a display version and a thumbnail, private to the
     * author until approval; the originals stay their author's alone, and cannot be used again. On
     * any failure nothing is kept.
     */
    async create(user: Viewer, payload: { dragonId: string; description: string; images: string[] }): Promise<string> {
      if (!(await repository.dragonExists(payload.dragonId, user.id)))
        throw new HttpError(400, /*i18n*/ "Invalid dragonId: Dragon not found");
      const originals: string[] = [];
      for (const [index, path] of payload.images.entries()) originals.push(await checkUpload(path, index, user.id));
      await postLimiter.hit(user.id);

      const id = crypto.randomUUID();
      const written: string[] = [];
      try {
        const images: NewPostImage[] = [];
        for (const [position, objectKey] of originals.entries()) {
          const keys = postImageKeys(id, position);
          written.push(keys.display, keys.thumb);
          const photo = await storePostPhoto(user.id, { postId: id, position, objectKey });
          images.push({
            objectKey,
            displayKey: keys.display,
            thumbKey: keys.thumb,
            width: photo.width,
            height: photo.height,
            position,
          });
        }
        const refused = await repository.create({
          id,
          userId: user.id,
          dragonId: payload.dragonId,
          description: payload.description,
          images,
        });
        if (refused === "dragon-missing") throw new HttpError(400, /*i18n*/ "Invalid dragonId: Dragon not found");
        if (refused === "images-unavailable")
          throw new HttpError(400, /*i18n*/ "Invalid images: an image is no longer an uploaded image of yours");
      } catch (error) {
        await Promise.allSettled(written.map((key) => storage.delete(key)));
        throw error;
      }
      invalidate();
      return id;
    },

    async toggleLike(postId: string, viewer: Viewer): Promise<LikeState> {
      await visiblePost(postId, viewer);
      const state = await repository.toggleLike(postId, viewer.id);
      if (!state) throw new HttpError(404, /*i18n*/ "Post not found");
      changes.emit({ kind: "like", postId, userId: viewer.id, liked: state.liked });
      if (state.liked) await tell(notifications?.liked(postId, viewer.id));
      // Counted as the reader sees the likes: without the people hidden from them by a block.
      const hidden = await blockSets.hiddenFrom(viewer);
      if (hidden.size > 0) return { ...state, count: state.count - (await repository.likesBy(postId, [...hidden])) };
      return state;
    },

    /** A comment, as the feed would show it to the one who wrote it. */
    async comment(postId: string, viewer: Viewer, text: string): Promise<PostComment> {
      await visiblePost(postId, viewer);
      await commentLimiter.hit(viewer.id);
      const comment = await repository.addComment(postId, viewer.id, text);
      if (!comment) throw new HttpError(404, /*i18n*/ "Post not found");
      changes.emit({ kind: "comment", postId, comment });
      await tell(notifications?.commented(postId, comment.id, viewer.id));
      return { ...comment, user: forViewer(comment.user, viewer, false) };
    },

    /** One way: approving an approved post changes nothing (and tells nobody again). */
    async approve(postId: string): Promise<void> {
      const before = await repository.getAccess(postId);
      if (!before || !(await repository.approve(postId))) throw new HttpError(404, /*i18n*/ "Post not found");
      invalidate();
      if (!before.approved) await tell(notifications?.postApproved(postId));
    },

    /** Posts by id as admins read them (the moderation queue), in no particular order. */
    byIds(ids: string[]): Promise<Post[]> {
      return ids.length ? repository.list({ ids, limit: ids.length }) : Promise.resolve([]);
    },

    /** An admin's rejection of a pending post; false when the post is not waiting for approval. */
    async reject(postId: string, reason: string): Promise<boolean> {
      const done = await repository.reject(postId, reason);
      if (done) invalidate();
      return done;
    },

    /** An admin hides a post (a reason) or shows it again (null); it leaves or rejoins every kept page at once. */
    async setHidden(postId: string, reason: string | null): Promise<void> {
      if (!(await repository.setHidden(postId, reason))) throw new HttpError(404, /*i18n*/ "Post not found");
      invalidate();
    },

    async setCommentHidden(commentId: string, reason: string | null): Promise<void> {
      if (!(await repository.setCommentHidden(commentId, reason)))
        throw new HttpError(404, /*i18n*/ "Comment not found");
      invalidate();
    },

    /** By its author or an admin: the post, its likes, comments and every stored image, originals included. */
    async remove(postId: string, viewer: Viewer): Promise<void> {
      const post = await visiblePost(postId, viewer, { moderating: true });
      if (post.userId !== viewer.id && !viewer.isAdmin)
        throw new HttpError(403, /*i18n*/ "You can only delete your own posts");
      await tell(notifications?.postRemoved(postId));
      const keys = await repository.delete(postId);
      if (!keys) throw new HttpError(404, /*i18n*/ "Post not found");
      invalidate();
      await Promise.all(keys.map((key) => storage.delete(key)));
    },

    /** By the comment's author or an admin. */
    async removeComment(postId: string, commentId: string, viewer: Viewer): Promise<void> {
      await visiblePost(postId, viewer, { moderating: true });
      const comment = await repository.getComment(commentId);
      if (!comment || comment.postId !== postId) throw new HttpError(404, /*i18n*/ "Comment not found");
      if (comment.userId !== viewer.id && !viewer.isAdmin)
        throw new HttpError(403, /*i18n*/ "You can only delete your own comments");
      await tell(notifications?.commentRemoved(commentId));
      if (!(await repository.deleteComment(commentId))) throw new HttpError(404, /*i18n*/ "Comment not found");
      changes.emit({ kind: "comment-deleted", postId, commentId });
    },
  };
}

export type Feed = ReturnType<typeof createFeed>;
