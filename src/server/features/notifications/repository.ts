import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blocks, comments, notifications, posts, users } from "../../db/schema";
import { EMAIL_KINDS, type EmailKind, type NotificationKind } from "../../../shared/notifications";
import type { ActorRow } from "./notification-text";
import type { Locale } from "../../../shared/i18n/locales";

// The notifications' SQL. Every time is passed in (the notifier's clock), never the database's
// now(), so tests move one clock for the bell, the hourly e-mail rule and the digests alike.

/** A new row of the bell. */
export interface NewNotification {
  userId: string;
  kind: Exclude<NotificationKind, "like">;
  actorId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  reason?: string;
  createdAt: Date;
}

/** A row as the bell and the e-mails read it, with the one who acted. */
export interface NotificationRow {
  id: string;
  userId: string;
  kind: NotificationKind;
  postId: string | null;
  commentId: string | null;
  reason: string;
  count: number;
  createdAt: Date;
  readAt: Date | null;
  actor: ActorRow | null;
}

/** Who an e-mail goes to (claimEmailSlots has decided that it may). */
export interface Recipient {
  id: string;
  email: string;
  firstName: string | null;
  /** The language their e-mails are written in; null: none chosen (English). */
  language: Locale | null;
}

/** The kinds of notification each e-mail switch covers: a reply is mailed under "comment". */
export const KINDS_OF_EMAIL: Record<EmailKind, NotificationKind[]> = {
  approved: ["approved"],
  rejected: ["rejected"],
  comment: ["comment", "reply"],
};
export const emailKindOf = (kind: NotificationKind): EmailKind | null =>
  kind === "reply" ? "comment" : (EMAIL_KINDS as readonly string[]).includes(kind) ? (kind as EmailKind) : null;

const ONE_HOUR_MS = 60 * 60_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const selection = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  postId: notifications.postId,
  commentId: notifications.commentId,
  reason: notifications.reason,
  count: notifications.count,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  actorEmail: users.email,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorImage: users.profileImageUrl,
};

type Selected = { [K in keyof typeof selection]: unknown } & Omit<NotificationRow, "actor">;

function toRow(row: Selected): NotificationRow {
  const { actorEmail, actorFirstName, actorLastName, actorImage, ...rest } = row as Selected & {
    actorEmail: string | null;
    actorFirstName: string | null;
    actorLastName: string | null;
    actorImage: string | null;
  };
  return {
    ...rest,
    actor:
      actorEmail === null
        ? null
        : { email: actorEmail, firstName: actorFirstName, lastName: actorLastName, profileImageUrl: actorImage },
  };
}

export function createNotificationsRepository(db: Database) {
  return {
    async postAuthor(postId: string): Promise<string | null> {
      const [row] = await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId));
      return row?.userId ?? null;
    },

    /**
     * A new comment's notifications, in one statement (a comment's answer waits for it): "comment"
     * for the post's author, "reply" for the people who commented on it before, most recent first,
     * at most `limit`. Nobody is told of their own comment, nor of one by someone they blocked or
     * who blocked them; no replies while the post is pending, rejected or hidden (those who
     * commented may no longer see it), nor to the author (told by their "comment"). A deleted
     * comment has no time: nobody. Answers who was told of what.
     */
    async insertForComment(
      postId: string,
      commentId: string,
      commenterId: string,
      at: Date,
      limit: number,
    ): Promise<Array<{ userId: string; kind: "comment" | "reply" }>> {
      const result = await db.execute(sql`
        with post as (
          select p.user_id as author, p.approved and p.hidden_reason is null as shown from ${posts} p where p.id = ${postId}
        ), recipients as (
          select author as user_id, 'comment' as kind from post
          where author <> ${commenterId}
            and not exists (
              select 1 from ${blocks} b
              where (b.blocker_id = author and b.blocked_id = ${commenterId}) or (b.blocker_id = ${commenterId} and b.blocked_id = author))
          union all
          (select c.user_id, 'reply' from ${comments} c, post
          where post.shown and c.post_id = ${postId} and c.id <> ${commentId}
            and c.created_at <= (select created_at from ${comments} where id = ${commentId})
            and c.user_id <> ${commenterId} and c.user_id <> post.author
            and not exists (
              select 1 from ${blocks} b
              where (b.blocker_id = c.user_id and b.blocked_id = ${commenterId}) or (b.blocker_id = ${commenterId} and b.blocked_id = c.user_id))
          group by c.user_id
          order by max(c.created_at) desc
          limit ${limit})
        )
        insert into ${notifications} (user_id, kind, actor_id, post_id, comment_id, reason, created_at)
        select user_id, kind, ${commenterId}, ${postId}, ${commentId}, '', ${at.toISOString()} from recipients
        returning user_id as "userId", kind`);
      return rowsOf<{ userId: string; kind: "comment" | "reply" }>(result);
    },

    async insert(rows: NewNotification[]): Promise<string[]> {
      if (!rows.length) return [];
      const inserted = await db
        .insert(notifications)
        .values(
          rows.map((row) => ({
            userId: row.userId,
            kind: row.kind,
            actorId: row.actorId ?? null,
            postId: row.postId ?? null,
            commentId: row.commentId ?? null,
            reason: row.reason ?? "",
            createdAt: row.createdAt,
          })),
        )
        .returning({ id: notifications.id });
      return inserted.map((row) => row.id);
    },

    /**
     * A like, grouped with the post's other unread likes for its author into one row (the partial
     * unique index notifications_unread_like_key): one more, the liker the latest, and the row's
     * time the like's, so it comes to the top again. The same person liking again (after taking
     * their like back) while they are still the latest counts once. Nothing for one's own post,
     * nor between two people of whom one blocked the other. One statement, as a like's answer
     * waits for it. Answers the author whose row changed, else null.
     */
    async upsertLike(postId: string, likerId: string, at: Date): Promise<string | null> {
      const result = await db.execute(sql`
        insert into ${notifications} (user_id, kind, actor_id, post_id, count, created_at)
        select p.user_id, 'like', ${likerId}, p.id, 1, ${at.toISOString()} from ${posts} p
        where p.id = ${postId} and p.user_id <> ${likerId}
          and not exists (
            select 1 from ${blocks} b
            where (b.blocker_id = p.user_id and b.blocked_id = ${likerId}) or (b.blocker_id = ${likerId} and b.blocked_id = p.user_id))
        on conflict (user_id, post_id) where kind = 'like' and read_at is null
        do update set count = ${notifications}.count + 1, actor_id = excluded.actor_id, created_at = excluded.created_at
          where ${notifications}.actor_id is distinct from excluded.actor_id
        returning user_id as "userId"`);
      return rowsOf<{ userId: string }>(result)[0]?.userId ?? null;
    },

    /** A page of a person's notifications, newest first; `before` a notification of theirs (else an empty page). */
    async page(userId: string, before: string | undefined, limit: number): Promise<NotificationRow[]> {
      const conditions: SQL[] = [eq(notifications.userId, userId)];
      if (before) {
        // The keyset is (created_at, id), compared in the database: its times have microseconds.
        conditions.push(
          sql`(${notifications.createdAt}, ${notifications.id}) < (select "cursor"."created_at", "cursor"."id" from ${notifications} as "cursor" where "cursor"."id" = ${before} and "cursor"."user_id" = ${userId})`,
        );
      }
      const rows = await db
        .select(selection)
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(and(...conditions))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
      return rows.map((row) => toRow(row as Selected));
    },

    async countUnread(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    /** False when the person has no such notification. */
    async markRead(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(userId: string, at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },

    /** Deletes the notifications about a post or a comment; answers whose they were. */
    async deleteAbout(about: { postId: string } | { commentId: string }): Promise<string[]> {
      const rows = await db
        .delete(notifications)
        .where(
          "postId" in about ? eq(notifications.postId, about.postId) : eq(notifications.commentId, about.commentId),
        )
        .returning({ userId: notifications.userId });
      return [...new Set(rows.map((row) => row.userId))];
    },

    async recipient(userId: string): Promise<Recipient | null> {
      const [row] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async mutedKinds(userId: string): Promise<string[] | null> {
      const [row] = await db.select({ muted: users.mutedEmailKinds }).from(users).where(eq(users.id, userId));
      return row?.muted ?? null;
    },

    async setMutedKinds(userId: string, muted: EmailKind[]): Promise<void> {
      await db.update(users).set({ mutedEmailKinds: muted }).where(eq(users.id, userId));
    },

    /** Switch one kind off (once, however often the link is used); false when the account is gone. */
    async mute(userId: string, kind: EmailKind): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({
          mutedEmailKinds: sql`case when ${kind} = any(${users.mutedEmailKinds}) then ${users.mutedEmailKinds} else array_append(${users.mutedEmailKinds}, ${kind}::text) end`,
        })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Claims this hour's e-mail of `kind` for those of `userIds` who may get it (verified, the kind
     * not switched off, their hour over) and answers who they are: one statement for everyone a
     * comment tells, atomic in PostgreSQL (each row is locked by the insert or the update), so of
     * two processes claiming one person at once one gets them and the other does not. Rows are
     * claimed in id order, so two claims of overlapping people cannot deadlock.
     */
    async claimEmailSlots(userIds: readonly string[], kind: EmailKind, at: Date): Promise<string[]> {
      if (!userIds.length) return [];
      const result = await db.execute(sql`
        insert into email_sends (user_id, kind, last_sent_at)
        select u.id, ${kind}, ${at.toISOString()}::timestamptz from users u
        where u.id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and u.email_verified and not (${kind}::text = any(u.muted_email_kinds))
        order by u.id
        on conflict (user_id, kind) do update set last_sent_at = excluded.last_sent_at
          where email_sends.last_sent_at <= ${new Date(at.getTime() - ONE_HOUR_MS).toISOString()}::timestamptz
        returning user_id as "userId"`);
      return rowsOf<{ userId: string }>(result).map((row) => row.userId);
    },

    /** A claimed slot whose message could not go out is given back, so the digest can try again. */
    async releaseEmailSlot(userId: string, kind: EmailKind, claimedAt: Date): Promise<void> {
      await db.execute(sql`
        update email_sends set last_sent_at = ${new Date(claimedAt.getTime() - ONE_HOUR_MS).toISOString()}
        where user_id = ${userId} and kind = ${kind} and last_sent_at = ${claimedAt.toISOString()}`);
    },

    async markEmailed(ids: string[], at: Date): Promise<void> {
      if (ids.length) await db.update(notifications).set({ emailedAt: at }).where(inArray(notifications.id, ids));
    },

    /**
     * People and e-mail kinds with unread notifications not yet mailed (made since `since`),
     * whose hour is over, who may be mailed: verified, that kind not switched off.
     */
    async dueDigests(at: Date, since: Date, limit: number): Promise<{ userId: string; kind: EmailKind }[]> {
      const hourAgo = new Date(at.getTime() - ONE_HOUR_MS).toISOString();
      const result = await db.execute(sql`
        select n.user_id as "userId", e.kind as "kind"
        from ${notifications} n
        cross join lateral (select case when n.kind = 'reply' then 'comment' else n.kind end as kind) e
        join ${users} u on u.id = n.user_id
        left join email_sends s on s.user_id = n.user_id and s.kind = e.kind
        where n.emailed_at is null and n.read_at is null
          and n.kind in ('approved', 'rejected', 'comment', 'reply')
          and n.created_at > ${since.toISOString()}
          and u.email_verified and not (e.kind = any(u.muted_email_kinds))
          and (s.last_sent_at is null or s.last_sent_at <= ${hourAgo}::timestamptz)
        group by n.user_id, e.kind
        limit ${limit}`);
      return rowsOf<{ userId: string; kind: EmailKind }>(result);
    },

    /** A person's unread, not yet mailed notifications of one e-mail kind, oldest first. */
    async unsent(userId: string, kind: EmailKind, since: Date, limit: number): Promise<NotificationRow[]> {
      const rows = await db
        .select(selection)
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(
          and(
            eq(notifications.userId, userId),
            inArray(notifications.kind, KINDS_OF_EMAIL[kind]),
            isNull(notifications.emailedAt),
            isNull(notifications.readAt),
            sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(notifications.createdAt, notifications.id)
        .limit(limit);
      return rows.map((row) => toRow(row as Selected));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
