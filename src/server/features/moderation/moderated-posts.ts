import type { SessionUser } from "../../http/request-user";
import type { Post } from "../../../shared/posts/responses";

type Viewer = Pick<SessionUser, "id" | "isAdmin">;

/**
 * What moderation needs of the feed (the posts feature's `createFeed` provides it; app.ts passes it
 * in, as features do not import each other, decision 023). Every change here drops every server
 * process's kept feed pages at once.
 */
export interface ModeratedPosts {
  /** The post if `viewer` may see it, else a 404 ("Post not found"). */
  visiblePost(postId: string, viewer: Viewer): Promise<{ userId: string }>;
  /** Posts as admins read them, comments hidden or not. */
  byIds(ids: string[]): Promise<Post[]>;
  approve(postId: string): Promise<void>;
  /** False when the post is not waiting for approval. */
  reject(postId: string, reason: string): Promise<boolean>;
  /** Hide with a reason, or show again (null, which also takes back a rejection). */
  setHidden(postId: string, reason: string | null): Promise<void>;
  setCommentHidden(commentId: string, reason: string | null): Promise<void>;
  remove(postId: string, viewer: Viewer): Promise<void>;
  removeComment(postId: string, commentId: string, viewer: Viewer): Promise<void>;
}
