import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dragonVisibleTo, inPublicLibrary } from "../../templates/visibility";
import { comments, dragons, likes, postImages, posts, storedObjects, users } from "../../db/schema";
import { objectUrl } from "../../storage/object-storage";
import type { FeedCursor } from "../../../shared/posts";
import type { LikeState, Post, PostComment, PostImage } from "../../../shared/posts/responses";

// A person as the feed shows them; the e-mail is the full address here, masked by the caller.
const person = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  email: users.email,
};

/** One photo of a new post: its original upload and the versions made from it. */
export interface NewPostImage {
  objectKey: string;
  displayKey: string;
  thumbKey: string;
  width: number;
  height: number;
  position: number;
}

/** What deciding who may see or change a post needs. */
export interface PostAccess {
  id: string;
  userId: string;
  approved: boolean;
  /** Hidden by an admin: seen only by its author and admins. */
  hidden: boolean;
}

// A post id no post has: `in ()` is not SQL, and an empty id list must match nothing.
const NO_POST = "00000000-0000-0000-0000-000000000000";

export interface ListOptions {
  /** Only approved posts that are not hidden, without hidden comments: what everyone but admins sees. */
  approvedOnly?: boolean;
  /** Only these posts (in feed order). */
  ids?: string[];
  /** Only this author's posts. */
  authorId?: string;
  /** Only posts older than this one (the keyset is (created_at, id)). */
  before?: FeedCursor;
  limit: number;
}

/** Why a post was not created, though its payload was valid when checked. */
export type CreateRefusal = "dragon-missing" | "images-unavailable";

/**
 * Resolves once the event loop has served the I/O that waits. PGlite runs each query on the event
 * loop (some 1–5 ms for a page's larger ones): a page read gives way before each of its queries,
 * so a request that only sends kept bytes never waits for more than one of them (decision 010).
 */
const givingWay = () => new Promise<void>((resolve) => setImmediate(resolve));

class Refused extends Error {
  constructor(readonly reason: CreateRefusal) {
    super(reason);
  }
}

export function createPostsRepository(db: Database) {
  return {
    /** A template of the library, or the author's own picture (decision 031). */
    async dragonExists(id: string, authorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: dragons.id })
        .from(dragons)
        .where(and(eq(dragons.id, id), dragonVisibleTo(authorId)));
      return Boolean(row);
    },

    /**
     * Store a post and its photos in one transaction. The originals are claimed as they are made
     * private and unchecked: each must still be the author's checked upload, so two posts racing
     * for one upload cannot both have it, nor a later post take it again (set-acl refuses to check
     * an upload a post holds). Answers null when created, else why not (nothing is stored).
     */
    async create(input: {
      id: string;
      userId: string;
      dragonId: string;
      description: string;
      images: NewPostImage[];
    }): Promise<CreateRefusal | null> {
      try {
        await db.transaction(async (tx) => {
          // KEY SHARE: the dragon cannot be deleted until this post exists.
          const [dragon] = await tx
            .select({ id: dragons.id })
            .from(dragons)
            .where(and(eq(dragons.id, input.dragonId), dragonVisibleTo(input.userId)))
            .for("key share");
          if (!dragon) throw new Refused("dragon-missing");
          const originals = input.images.map((image) => image.objectKey);
          const claimed = await tx
            .update(storedObjects)
            .set({ isPublic: false, checked: false })
            .where(
              and(
                inArray(storedObjects.key, originals),
                eq(storedObjects.ownerId, input.userId),
                eq(storedObjects.checked, true),
              ),
            )
            .returning({ key: storedObjects.key });
          if (claimed.length !== originals.length) throw new Refused("images-unavailable");
          await tx
            .insert(posts)
            .values({ id: input.id, userId: input.userId, dragonId: input.dragonId, description: input.description });
          await tx.insert(postImages).values(input.images.map((image) => ({ postId: input.id, ...image })));
        });
        return null;
      } catch (error) {
        if (error instanceof Refused) return error.reason;
        throw error;
      }
    },

    /**
     * A page of posts, newest first, with authors, photos, likes and comments: four queries
     * whatever the page size (the page, then the rest for its ids). E-mails are full addresses.
     */
    async list(options: ListOptions): Promise<Post[]> {
      const conditions: SQL[] = [];
      if (options.approvedOnly) conditions.push(eq(posts.approved, true), isNull(posts.hiddenReason));
      if (options.ids) conditions.push(inArray(posts.id, options.ids.length ? options.ids : [NO_POST]));
      if (options.authorId) conditions.push(eq(posts.userId, options.authorId));
      // The cursor post's own time; if it was deleted, the time the reader had for it. With
      // neither, the comparison is with NULL: no rows, an empty page.
      if (options.before) {
        const { before, at } = options.before;
        const cursorTime = sql`(select "cursor"."created_at" from ${posts} as "cursor" where "cursor"."id" = ${before})`;
        const time = at ? sql`coalesce(${cursorTime}, ${new Date(at).toISOString()}::timestamptz)` : cursorTime;
        conditions.push(sql`(${posts.createdAt}, ${posts.id}) < (${time}, ${before}::uuid)`);
      }
      await givingWay();
      const rows = await db
        .select({
          id: posts.id,
          description: posts.description,
          createdAt: posts.createdAt,
          approved: posts.approved,
          rejectedReason: posts.rejectedReason,
          hiddenReason: posts.hiddenReason,
          // A post drawn from someone's private picture names no template: feed pages are shared
          // between people, and the picture is its owner's alone (decision 031). Their own list
          // ("Your drawings", only theirs) names it.
          dragonId: dragons.id,
          dragonName: dragons.name,
          user: person,
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .leftJoin(
          dragons,
          and(eq(dragons.id, posts.dragonId), options.authorId ? dragonVisibleTo(options.authorId) : inPublicLibrary()),
        )
        .where(and(...conditions))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(options.limit);
      if (rows.length === 0) return [];

      // One after the other, each after giving way: sent together, PGlite would run all three
      // in one stretch of the event loop (on PostgreSQL that costs two round trips).
      const ids = rows.map((row) => row.id);
      await givingWay();
      const imageRows = await db
        .select({
          postId: postImages.postId,
          displayKey: postImages.displayKey,
          thumbKey: postImages.thumbKey,
          width: postImages.width,
          height: postImages.height,
          position: postImages.position,
        })
        .from(postImages)
        .where(inArray(postImages.postId, ids))
        .orderBy(asc(postImages.postId), asc(postImages.position));
      await givingWay();
      const likeRows = await db
        .select({ postId: likes.postId, userId: likes.userId })
        .from(likes)
        .where(inArray(likes.postId, ids))
        .orderBy(asc(likes.createdAt), asc(likes.userId));
      await givingWay();
      const commentRows = await db
        .select({
          id: comments.id,
          postId: comments.postId,
          text: comments.text,
          createdAt: comments.createdAt,
          hiddenReason: comments.hiddenReason,
          user: person,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(and(inArray(comments.postId, ids), options.approvedOnly ? isNull(comments.hiddenReason) : undefined))
        // To the millisecond, as the answer shows the time: comments made in the same
        // millisecond go by id, so a kept page that had a comment written in (feed-pages.ts)
        // lists them exactly as a page read afresh does.
        .orderBy(asc(sql`date_trunc('milliseconds', ${comments.createdAt})`), asc(comments.id));

      const byPost = new Map<string, Post>(
        rows.map((row) => [
          row.id,
          { ...row, createdAt: row.createdAt.toISOString(), images: [], likes: [], comments: [] },
        ]),
      );
      for (const image of imageRows) {
        byPost.get(image.postId)!.images.push(toPostImage(image));
      }
      for (const like of likeRows) byPost.get(like.postId)!.likes.push({ userId: like.userId });
      for (const { postId, ...comment } of commentRows)
        byPost.get(postId)!.comments.push({ ...comment, createdAt: comment.createdAt.toISOString() });
      return [...byPost.values()];
    },

    async getAccess(id: string): Promise<PostAccess | null> {
      const [row] = await db
        .select({
          id: posts.id,
          userId: posts.userId,
          approved: posts.approved,
          hidden: sql<boolean>`${posts.hiddenReason} is not null`,
        })
        .from(posts)
        .where(eq(posts.id, id));
      return row ?? null;
    },

    /**
     * Approve a post and make its display versions public, together (unless it is hidden); false
     * when there is no such post. A rejection is taken back by approving.
     */
    async approve(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(posts)
          .set({ approved: true, rejectedReason: null })
          .where(eq(posts.id, id))
          .returning({ hidden: posts.hiddenReason });
        if (updated.length === 0) return false;
        await setImagesPublic(tx, id, updated[0]!.hidden === null);
        return true;
      });
    },

    /** Reject a post waiting for approval, with the reason its author reads; false when it is not waiting. */
    async reject(id: string, reason: string): Promise<boolean> {
      const rejected = await db
        .update(posts)
        .set({ rejectedReason: reason })
        .where(and(eq(posts.id, id), eq(posts.approved, false)))
        .returning({ id: posts.id });
      return rejected.length > 0;
    },

    /**
     * Hide a post (a reason) or show it again (null: a rejection is taken back too, so a rejected
     * post waits for approval again). Its photos are served to others only while it is approved and
     * shown. False when there is no such post.
     */
    async setHidden(id: string, reason: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(posts)
          .set(reason === null ? { hiddenReason: null, rejectedReason: null } : { hiddenReason: reason })
          .where(eq(posts.id, id))
          .returning({ approved: posts.approved });
        if (changed.length === 0) return false;
        await setImagesPublic(tx, id, reason === null && changed[0]!.approved);
        return true;
      });
    },

    /** Hide a comment (a reason) or show it again (null); false when there is no such comment. */
    async setCommentHidden(id: string, reason: string | null): Promise<boolean> {
      const changed = await db
        .update(comments)
        .set({ hiddenReason: reason })
        .where(eq(comments.id, id))
        .returning({ id: comments.id });
      return changed.length > 0;
    },

    /** Delete a post (its photos' rows, likes and comments cascade); answers the storage keys it held. */
    async delete(id: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const images = await tx
          .select({ objectKey: postImages.objectKey, displayKey: postImages.displayKey, thumbKey: postImages.thumbKey })
          .from(postImages)
          .where(eq(postImages.postId, id));
        const deleted = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
        if (deleted.length === 0) return null;
        return images.flatMap((image) => [image.displayKey, image.thumbKey, image.objectKey]);
      });
    },

    /**
     * Like, or unlike if already liked, and count the post's likes after the change. Likers of one
     * post take turns (a row lock on the post that inserts into likes and comments do not wait
     * for), so every answer counts each like committed before it: 100 likes at once answer 1 to 100.
     */
    async toggleLike(postId: string, userId: string): Promise<LikeState | null> {
      // One statement, one round trip, one snapshot. The post is held with a key-share lock: it
      // keeps the post from being deleted under us (null when it just was) yet, unlike a row
      // lock, lets every other liker of the same post through at once.
      const result = await db.execute(sql`
        with post as (
          select ${posts.id} from ${posts} where ${posts.id} = ${postId} for key share
        ), removed as (
          delete from ${likes} where "post_id" = ${postId} and "user_id" = ${userId} and exists (select 1 from post) returning 1
        ), added as (
          insert into ${likes} ("post_id", "user_id")
          select ${postId}, ${userId} where exists (select 1 from post) and not exists (select 1 from removed)
          on conflict do nothing
          returning 1
        )
        select
          exists (select 1 from post) as "found",
          (select count(*) from removed) = 0 as "liked",
          ((select count(*) from ${likes} where "post_id" = ${postId}) - (select count(*) from removed) + (select count(*) from added))::int as "count"`);
      const [row] = (result as unknown as { rows: Array<LikeState & { found: boolean }> }).rows;
      if (!row?.found) return null;
      return { liked: Boolean(row.liked), count: Number(row.count) };
    },

    /** How many of these people like the post (what a reader with blocks does not see counted). */
    async likesBy(postId: string, userIds: string[]): Promise<number> {
      if (userIds.length === 0) return 0;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(likes)
        .where(and(eq(likes.postId, postId), inArray(likes.userId, userIds)));
      return Number(row?.count ?? 0);
    },

    /** Null when the post was deleted meanwhile. */
    async addComment(postId: string, userId: string, text: string): Promise<PostComment | null> {
      const inserted = await db
        .insert(comments)
        .values({ postId, userId, text })
        .returning({ id: comments.id, text: comments.text, createdAt: comments.createdAt })
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) return [];
          throw error;
        });
      const [row] = inserted;
      if (!row) return null;
      const [user] = await db.select(person).from(users).where(eq(users.id, userId));
      return { id: row.id, text: row.text, createdAt: row.createdAt.toISOString(), hiddenReason: null, user: user! };
    },

    async getComment(id: string): Promise<{ id: string; postId: string; userId: string } | null> {
      const [row] = await db
        .select({ id: comments.id, postId: comments.postId, userId: comments.userId })
        .from(comments)
        .where(eq(comments.id, id));
      return row ?? null;
    },

    async deleteComment(id: string): Promise<boolean> {
      const deleted = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
      return deleted.length > 0;
    },
  };
}

/**
 * Serve a post's display versions to everyone, or to nobody but their owner (a pending, rejected
 * or hidden post): the object routes read `is_public`, so a hidden post's photos stop being served
 * to others at once, on every server process.
 */
async function setImagesPublic(
  tx: Pick<Database, "select" | "update">,
  postId: string,
  isPublic: boolean,
): Promise<void> {
  const images = await tx
    .select({ displayKey: postImages.displayKey, thumbKey: postImages.thumbKey })
    .from(postImages)
    .where(eq(postImages.postId, postId));
  const keys = images.flatMap((image) => [image.displayKey, image.thumbKey]);
  if (keys.length) await tx.update(storedObjects).set({ isPublic }).where(inArray(storedObjects.key, keys));
}

/** PostgreSQL's foreign_key_violation, as the driver or Drizzle's wrapper around it reports it. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === "23503" || code((error as { cause?: unknown } | null)?.cause) === "23503";
}

function toPostImage(row: {
  displayKey: string;
  thumbKey: string;
  width: number;
  height: number;
  position: number;
}): PostImage {
  return {
    imageUrl: objectUrl(row.displayKey),
    thumbUrl: objectUrl(row.thumbKey),
    width: row.width,
    height: row.height,
    order: row.position,
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
