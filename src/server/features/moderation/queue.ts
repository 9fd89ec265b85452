import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { comments, moderationLog, posts, reports, users } from "../../db/schema";
import type { ModeratedPosts } from "./moderated-posts";
import {
  DELETED_ACCOUNT_NAME,
  MODERATION_PAGE_SIZE,
  type QueueTab,
  type ReportReason,
} from "../../../shared/moderation";
import type { Post, PostComment } from "../../../shared/posts/responses";

// What admins read in /admin/moderation (decision 029): the tabs of the queue, their counts and
// the audit log. Admins see full addresses; nothing here reaches anyone else.

type Person = ReturnType<typeof asPerson>;
type QueueItem =
  | { type: "post"; post: Post; author: Person; reports: ReportSummary | null }
  | {
      type: "comment";
      comment: PostComment;
      postId: string;
      postDescription: string;
      author: Person;
      reports: ReportSummary;
    };

interface ReportSummary {
  count: number;
  reasons: Array<{ reason: ReportReason; count: number }>;
  notes: string[];
  latestAt: string;
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  suspendedUntil: users.suspendedUntil,
  bannedAt: users.bannedAt,
};

/**
 * What the audit log calls a person: their name, else their address; a deleted account, the
 * placeholder. The database names an entry's actor the same way when it writes it (migration 0012).
 */
const nameOf = (person: { firstName: string | null; lastName: string | null; email: string } | null) =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email : DELETED_ACCOUNT_NAME;

export function createModerationQueue(db: Database, feed: Pick<ModeratedPosts, "byIds">) {
  async function people(ids: string[]) {
    if (ids.length === 0) return new Map<string, Person>();
    const rows = await db
      .select(personColumns)
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, asPerson(row)]));
  }

  /** The open reports of the given posts (their own and their comments'), summed up per thing. */
  async function summaries(postIds: string[]): Promise<Map<string, ReportSummary>> {
    const byThing = new Map<string, ReportSummary>();
    if (postIds.length === 0) return byThing;
    const rows = await db
      .select({
        postId: reports.postId,
        commentId: reports.commentId,
        reason: reports.reason,
        note: reports.note,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(and(inArray(reports.postId, postIds), isNull(reports.resolvedAt)))
      .orderBy(desc(reports.createdAt));
    for (const row of rows) {
      const key = row.commentId ?? row.postId;
      const summary = byThing.get(key) ?? { count: 0, reasons: [], notes: [], latestAt: row.createdAt.toISOString() };
      summary.count++;
      const reason = summary.reasons.find((entry) => entry.reason === row.reason);
      if (reason) reason.count++;
      else summary.reasons.push({ reason: row.reason, count: 1 });
      if (row.note) summary.notes.push(row.note);
      byThing.set(key, summary);
    }
    for (const summary of byThing.values()) summary.reasons.sort((a, b) => b.count - a.count);
    return byThing;
  }

  /** Posts waiting for approval (not rejected), oldest first: the order they came in. */
  async function pending(offset: number) {
    const waiting = and(eq(posts.approved, false), isNull(posts.rejectedReason));
    const [{ total }] = (await db
      .select({ total: sql<number>`count(*)::int` })
      .from(posts)
      .where(waiting)) as [{ total: number }];
    const ids = (
      await db
        .select({ id: posts.id })
        .from(posts)
        .where(waiting)
        .orderBy(asc(posts.createdAt), asc(posts.id))
        .offset(offset)
        .limit(MODERATION_PAGE_SIZE)
    ).map((row) => row.id);
    const list = await feed.byIds(ids);
    const order = new Map(ids.map((id, index) => [id, index]));
    list.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const [authors, reported] = await Promise.all([people(list.map((post) => post.user.id)), summaries(ids)]);
    return {
      total,
      items: list.map((post) => ({
        type: "post" as const,
        post,
        author: authors.get(post.user.id)!,
        reports: reported.get(post.id) ?? null,
      })),
    };
  }

  /** Reported posts and comments with open reports, the most reported first, then the latest. */
  async function reported(offset: number) {
    const open = isNull(reports.resolvedAt);
    const thing = sql`coalesce(${reports.commentId}, ${reports.postId})`;
    const [{ total }] = (await db
      .select({ total: sql<number>`count(distinct ${thing})::int` })
      .from(reports)
      .where(open)) as [{ total: number }];
    const groups = await db
      .select({
        postId: reports.postId,
        commentId: reports.commentId,
        count: sql<number>`count(*)::int`,
        latest: sql`max(${reports.createdAt})`,
      })
      .from(reports)
      .where(open)
      .groupBy(reports.postId, reports.commentId)
      .orderBy(desc(sql`count(*)`), desc(sql`max(${reports.createdAt})`), asc(thing))
      .offset(offset)
      .limit(MODERATION_PAGE_SIZE);
    const postIds = [...new Set(groups.map((group) => group.postId))];
    const commentIds = groups.flatMap((group) => (group.commentId ? [group.commentId] : []));
    const list = await feed.byIds(postIds);
    const postsById = new Map(list.map((post) => [post.id, post]));
    const commentsById = new Map<string, PostComment>();
    for (const post of list) for (const comment of post.comments) commentsById.set(comment.id, comment);
    const commentAuthors = commentIds.length
      ? await db
          .select({ id: comments.id, userId: comments.userId })
          .from(comments)
          .where(inArray(comments.id, commentIds))
      : [];
    const authorOfComment = new Map(commentAuthors.map((row) => [row.id, row.userId]));
    const [authors, summary] = await Promise.all([
      people([...list.map((post) => post.user.id), ...authorOfComment.values()]),
      summaries(postIds),
    ]);
    const items = groups.flatMap((group): QueueItem[] => {
      const post: Post | undefined = postsById.get(group.postId);
      if (!post) return [];
      if (!group.commentId)
        return [
          { type: "post" as const, post, author: authors.get(post.user.id)!, reports: summary.get(post.id) ?? null },
        ];
      const comment = commentsById.get(group.commentId);
      const authorId = authorOfComment.get(group.commentId);
      if (!comment || !authorId) return [];
      return [
        {
          type: "comment" as const,
          comment,
          postId: post.id,
          postDescription: post.description,
          author: authors.get(authorId)!,
          reports: summary.get(comment.id)!,
        },
      ];
    });
    return { total, items };
  }

  return {
    queue(tab: QueueTab, offset: number) {
      return tab === "pending" ? pending(offset) : reported(offset);
    },

    async counts() {
      const result = await db.execute(sql`
        select
          (select count(*)::int from ${posts} where ${posts.approved} = false and ${posts.rejectedReason} is null) as "pending",
          (select count(distinct coalesce(${reports.commentId}, ${reports.postId}))::int from ${reports} where ${reports.resolvedAt} is null) as "reported"`);
      const [row] = (result as unknown as { rows: Array<{ pending: number; reported: number }> }).rows;
      return { pending: Number(row!.pending), reported: Number(row!.reported) };
    },

    /** The audit log, newest first, a page at a time. */
    async log(before: number | undefined) {
      const target = alias(users, "target");
      const rows = await db
        .select({
          entry: moderationLog,
          target: { firstName: target.firstName, lastName: target.lastName, email: target.email },
        })
        .from(moderationLog)
        .leftJoin(target, eq(target.id, moderationLog.targetUserId))
        .where(before ? lt(moderationLog.id, before) : undefined)
        .orderBy(desc(moderationLog.id))
        .limit(MODERATION_PAGE_SIZE);
      return rows.map(({ entry, target }) => ({
        id: entry.id,
        createdAt: entry.createdAt.toISOString(),
        action: entry.action,
        // Who acted, by the name they had then (the database wrote it with the entry): it outlives their account.
        actor: { id: entry.actorId, name: entry.actorName ?? DELETED_ACCOUNT_NAME },
        // Every entry is about a person; once their account is deleted, the placeholder names them.
        target: { id: entry.targetUserId, name: nameOf(target?.email ? target : null) },
        postId: entry.postId,
        commentId: entry.commentId,
        reason: entry.reason,
        detail: entry.detail,
      }));
    },
  };
}

function asPerson(row: {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  suspendedUntil: Date | null;
  bannedAt: Date | null;
}) {
  const suspended =
    row.suspendedUntil && row.suspendedUntil.getTime() > Date.now() ? row.suspendedUntil.toISOString() : null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    suspendedUntil: suspended,
    banned: row.bannedAt !== null,
  };
}

export type ModerationQueue = ReturnType<typeof createModerationQueue>;
