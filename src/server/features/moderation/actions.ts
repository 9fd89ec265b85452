import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comments, moderationLog, posts, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { SessionUser } from "../../http/request-user";
import type { Sessions } from "../../auth/sessions";
import { suspensionEnd, type ModerationAction } from "../../../shared/moderation";
import { resolveReports } from "./reports";
import type { ModeratedPosts } from "./moderated-posts";

/** What moderation tells the people it concerns (notifications/notifier.ts). */
export interface ModerationNotifications {
  postRejected(postId: string, reason: string): Promise<void>;
  moderation(
    userId: string,
    reason: string,
    about: { postId?: string; commentId?: string; text: string },
  ): Promise<void>;
}

type Admin = Pick<SessionUser, "id" | "isAdmin">;

export const ADMIN_SANCTION_MESSAGE = /*i18n*/ "Admins cannot be suspended or banned";
export const ONLY_PENDING_MESSAGE = /*i18n*/ "Only posts waiting for approval can be rejected";

/** The first words of a deleted thing, kept in the audit log's entry. */
const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/**
 * Every moderation action (decision 029): each changes the thing or the person, closes the reports
 * it answers, writes one audit-log entry (who, what, to whom, why) and tells the person concerned.
 * Changes to what the feed shows drop every server process's kept feed pages at once.
 */
export function createModerationActions(
  db: Database,
  deps: { feed: ModeratedPosts; sessions: Pick<Sessions, "forget">; notifications?: ModerationNotifications },
) {
  const { feed, sessions, notifications } = deps;

  async function record(
    admin: Admin,
    action: string,
    entry: {
      targetUserId?: string | null;
      postId?: string | null;
      commentId?: string | null;
      reason?: string;
      detail?: string;
    },
  ) {
    await db.insert(moderationLog).values({
      actorId: admin.id,
      action,
      targetUserId: entry.targetUserId ?? null,
      postId: entry.postId ?? null,
      commentId: entry.commentId ?? null,
      reason: entry.reason ?? "",
      detail: entry.detail ?? "",
    });
  }

  async function postOf(postId: string) {
    const [post] = await db
      .select({
        userId: posts.userId,
        approved: posts.approved,
        hidden: posts.hiddenReason,
        description: posts.description,
      })
      .from(posts)
      .where(eq(posts.id, postId));
    if (!post) throw new HttpError(404, /*i18n*/ "Post not found");
    return post;
  }

  async function commentOf(commentId: string) {
    const [comment] = await db
      .select({ postId: comments.postId, userId: comments.userId, text: comments.text })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!comment) throw new HttpError(404, /*i18n*/ "Comment not found");
    return comment;
  }

  async function personOf(userId: string) {
    const [person] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
    if (!person) throw new HttpError(404, /*i18n*/ "User not found");
    return person;
  }

  const tell = (what: Promise<void> | undefined) => what?.catch(() => undefined);

  /** A sanction given or lifted: the person's sessions are read afresh in every process. */
  async function sanction(userId: string, values: Partial<typeof users.$inferInsert>) {
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId));
    sessions.forget(userId);
  }

  return {
    /** Does the action; answers what was done, as a message id of the server's catalog. */
    async act(admin: Admin, action: ModerationAction): Promise<string> {
      const reason = action.reason ?? "";
      switch (action.action) {
        case "approve": {
          const post = await postOf(action.postId);
          await feed.approve(action.postId);
          await resolveReports(db, { postId: action.postId }, "dismissed");
          await record(admin, "approve", { targetUserId: post.userId, postId: action.postId, reason });
          return /*i18n*/ "Post approved successfully!";
        }
        case "reject": {
          const post = await postOf(action.postId);
          if (!(await feed.reject(action.postId, reason))) throw new HttpError(400, ONLY_PENDING_MESSAGE);
          await resolveReports(db, { postId: action.postId }, "actioned");
          await record(admin, "reject", { targetUserId: post.userId, postId: action.postId, reason });
          await tell(notifications?.postRejected(action.postId, reason));
          return /*i18n*/ "Post rejected";
        }
        case "hide-post": {
          const post = await postOf(action.postId);
          await feed.setHidden(action.postId, reason);
          await resolveReports(db, { postId: action.postId }, "actioned");
          await record(admin, "hide-post", { targetUserId: post.userId, postId: action.postId, reason });
          await tell(
            notifications?.moderation(post.userId, reason, {
              postId: action.postId,
              text: /*i18n*/ "A moderator hid your drawing",
            }),
          );
          return /*i18n*/ "Post hidden";
        }
        case "restore-post": {
          const post = await postOf(action.postId);
          // Restoring takes back a hide and a rejection: a rejected post waits for approval again.
          await feed.setHidden(action.postId, null);
          await record(admin, "restore-post", { targetUserId: post.userId, postId: action.postId, reason });
          return /*i18n*/ "Post restored";
        }
        case "delete-post": {
          const post = await postOf(action.postId);
          await feed.remove(action.postId, admin);
          await record(admin, "delete-post", {
            targetUserId: post.userId,
            postId: action.postId,
            reason,
            detail: excerpt(post.description),
          });
          await tell(
            notifications?.moderation(post.userId, reason, { text: /*i18n*/ "A moderator removed your drawing" }),
          );
          return /*i18n*/ "Post deleted";
        }
        case "dismiss-post": {
          const post = await postOf(action.postId);
          await resolveReports(db, { postId: action.postId }, "dismissed");
          await record(admin, "dismiss-post", { targetUserId: post.userId, postId: action.postId, reason });
          return /*i18n*/ "Reports dismissed";
        }
        case "hide-comment":
        case "restore-comment": {
          const comment = await commentOf(action.commentId);
          const hiding = action.action === "hide-comment";
          await feed.setCommentHidden(action.commentId, hiding ? reason : null);
          if (hiding) await resolveReports(db, { commentId: action.commentId }, "actioned");
          await record(admin, action.action, {
            targetUserId: comment.userId,
            postId: comment.postId,
            commentId: action.commentId,
            reason,
          });
          if (hiding)
            await tell(
              notifications?.moderation(comment.userId, reason, {
                postId: comment.postId,
                commentId: action.commentId,
                text: /*i18n*/ "A moderator hid your comment",
              }),
            );
          return hiding ? "Comment hidden" : "Comment restored";
        }
        case "delete-comment": {
          const comment = await commentOf(action.commentId);
          await feed.removeComment(comment.postId, action.commentId, admin);
          await record(admin, "delete-comment", {
            targetUserId: comment.userId,
            postId: comment.postId,
            commentId: action.commentId,
            reason,
            detail: excerpt(comment.text),
          });
          await tell(
            notifications?.moderation(comment.userId, reason, {
              postId: comment.postId,
              text: /*i18n*/ "A moderator removed your comment",
            }),
          );
          return /*i18n*/ "Comment deleted";
        }
        case "dismiss-comment": {
          const comment = await commentOf(action.commentId);
          await resolveReports(db, { commentId: action.commentId }, "dismissed");
          await record(admin, "dismiss-comment", {
            targetUserId: comment.userId,
            postId: comment.postId,
            commentId: action.commentId,
            reason,
          });
          return /*i18n*/ "Reports dismissed";
        }
        case "warn": {
          await personOf(action.userId);
          await record(admin, "warn", { targetUserId: action.userId, reason });
          await tell(notifications?.moderation(action.userId, reason, { text: /*i18n*/ "A moderator warned you" }));
          return /*i18n*/ "Warning sent";
        }
        case "suspend":
        case "ban": {
          if ((await personOf(action.userId)).isAdmin) throw new HttpError(400, ADMIN_SANCTION_MESSAGE);
          if (action.action === "suspend") {
            const until = new Date(Date.now() + action.days * 24 * 60 * 60_000);
            await sanction(action.userId, { suspendedUntil: until, bannedAt: null, sanctionReason: reason });
            const days = `${action.days} day${action.days === 1 ? "" : "s"}`;
            // One sentence per length (1, 7 or 30 days): the stored sentence is its own message id.
            const suspended = {
              1: /*i18n*/ "A moderator suspended your account for 1 day",
              7: /*i18n*/ "A moderator suspended your account for 7 days",
              30: /*i18n*/ "A moderator suspended your account for 30 days",
            }[action.days];
            await record(admin, "suspend", {
              targetUserId: action.userId,
              reason,
              detail: `${days}, until ${suspensionEnd(until.toISOString())}`,
            });
            await tell(
              notifications?.moderation(action.userId, reason, {
                text: suspended,
              }),
            );
            return /*i18n*/ "Member suspended";
          }
          await sanction(action.userId, { bannedAt: new Date(), suspendedUntil: null, sanctionReason: reason });
          await record(admin, "ban", { targetUserId: action.userId, reason });
          await tell(
            notifications?.moderation(action.userId, reason, {
              text: /*i18n*/ "A moderator banned your account from posting, commenting, liking and reporting",
            }),
          );
          return /*i18n*/ "Member banned";
        }
        case "lift": {
          await personOf(action.userId);
          await sanction(action.userId, { bannedAt: null, suspendedUntil: null, sanctionReason: null });
          await record(admin, "lift", { targetUserId: action.userId, reason });
          await tell(
            notifications?.moderation(action.userId, reason, {
              text: /*i18n*/ "A moderator lifted the limits on your account",
            }),
          );
          return /*i18n*/ "Sanction lifted";
        }
      }
    },
  };
}

export type ModerationActions = ReturnType<typeof createModerationActions>;
