import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { NoticeChannel } from "../../db/change-notices";
import type { Mailer } from "../../mail/mailer";
import {
  EMAIL_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  type EmailKind,
  type EmailSettings,
  type NotificationKind,
} from "../../../shared/notifications";
import { createNotificationsRepository, emailKindOf, type NewNotification, type NotificationRow } from "./repository";
import { createUnreadCounts } from "./unread-counts";
import { notificationHref, notificationText, packModeration, reasonOf } from "./notification-text";
import { digestEmail, unsubscribeLinks, type EmailLine } from "./notification-emails";
import {
  readUnsubscribeToken,
  signUnsubscribeToken,
  unsubscribeKey,
  unsubscribeKeysBeforeMove,
} from "./unsubscribe-token";
import { localePath, SOURCE_LOCALE } from "../../../shared/i18n/locales";
import type { TranslateMessage } from "../../../shared/i18n/translate";
import { said } from "../../i18n/said";
import { letter, type Letter } from "../../mail/letter";

/** Reply notifications one comment sends at most: the most recent earlier commenters. */
export const MAX_REPLY_RECIPIENTS = 50;
/** A notification not mailed within this time never is (the digest looks no further back). */
export const DIGEST_LOOKBACK_MS = 48 * 60 * 60_000;
/** People a digest run mails at most; the rest wait for the next run. */
export const DIGESTS_PER_RUN = 200;
/** Notifications one digest lists at most; more wait for the next hour. */
export const DIGEST_MAX_LINES = 50;

export interface NotifierDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "publicUrl" | "SECRET_KEY_BASE" | "DATA_DIR">;
  /** Whose notifications changed, told to every server process (their unread counts). */
  changes: NoticeChannel<string[]>;
  log: FastifyBaseLogger;
  /** The clock (tests move it instead of waiting an hour). */
  now?: () => number;
}

/** One notification as GET /api/notifications answers it. */
export interface NotificationItem {
  id: string;
  kind: NotificationRow["kind"];
  text: string;
  href: string;
  actor: { firstName: string | null; lastName: string | null; profileImageUrl: string | null } | null;
  postId: string | null;
  commentId: string | null;
  reason: string;
  count: number;
  createdAt: Date;
  read: boolean;
}

/**
 * The bell's notifications and their e-mails (decision 029). The event methods (postApproved,
 * commented, liked…) never throw: a notification that could not be made is logged, and the like or
 * comment that caused it stands. They resolve once the rows are stored and the unread counts told;
 * e-mails go out after that (idle() waits for them).
 */
export function createNotifier(deps: NotifierDeps) {
  const { db, mailer, config, log } = deps;
  const clock = deps.now ?? Date.now;
  const at = () => new Date(clock());
  const repository = createNotificationsRepository(db);
  const unread = createUnreadCounts(repository.countUnread, deps.changes, { now: clock });
  const key = unsubscribeKey(config);
  // The keys of an installation this one was moved from, read once, when a token is not signed with ours.
  let keysBeforeMove: Promise<Buffer[]> | undefined;
  async function readToken(token: string) {
    const read = readUnsubscribeToken([key], token);
    if (read) return read;
    keysBeforeMove ??= unsubscribeKeysBeforeMove(db).catch((error: unknown) => {
      keysBeforeMove = undefined;
      throw error;
    });
    return readUnsubscribeToken(await keysBeforeMove, token);
  }

  const item = (row: NotificationRow, t: TranslateMessage): NotificationItem => ({
    id: row.id,
    kind: row.kind,
    text: said(t, notificationText(row)),
    href: notificationHref(row),
    // The actor as the feed shows people, without any e-mail.
    actor: row.actor
      ? { firstName: row.actor.firstName, lastName: row.actor.lastName, profileImageUrl: row.actor.profileImageUrl }
      : null,
    postId: row.postId,
    commentId: row.commentId,
    reason: reasonOf(row),
    count: row.count,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  });
  // An e-mail's line: its sentence, and its link to the page in the e-mail's language.
  const line = (row: NotificationRow, words: Letter): EmailLine => ({
    text: said(words.t, notificationText(row)),
    link: `${config.publicUrl}${localePath(words.locale, notificationHref(row))}`,
  });

  // E-mails still being sent: an event resolves once its rows are stored and counts told, so a
  // like or a comment never waits for the mail server (a comment may mail 50 people).
  const mailing = new Set<Promise<void>>();

  /** Stores the rows, then tells of them. */
  async function create(rows: NewNotification[]): Promise<void> {
    await repository.insert(rows);
    told(rows);
  }

  /**
   * Tells stored rows' people's counts, and starts mailing what may be mailed now: the hours of
   * everyone told of one kind are claimed at once (a comment may tell 50 people, most of whom had
   * their e-mail this hour), and only those claimed are read and mailed.
   */
  function told(rows: Array<{ userId: string; kind: NotificationKind }>): void {
    unread.changed(rows.map((row) => row.userId));
    const mailable = new Map<EmailKind, Set<string>>();
    for (const row of rows) {
      const kind = emailKindOf(row.kind);
      if (kind) mailable.set(kind, (mailable.get(kind) ?? new Set()).add(row.userId));
    }
    if (!mailable.size) return;
    const job = (async () => {
      for (const [kind, userIds] of mailable) {
        try {
          const now = at();
          for (const userId of await repository.claimEmailSlots([...userIds], kind, now)) {
            try {
              await sendClaimed(userId, kind, now);
            } catch (error) {
              log.warn({ err: error }, `could not e-mail a ${kind} notification; the digest tries again`);
            }
          }
        } catch (error) {
          log.warn({ err: error }, `could not e-mail ${kind} notifications; the digest tries again`);
        }
      }
    })().finally(() => mailing.delete(job));
    mailing.add(job);
  }

  /**
   * Mails the person's unread notifications of one e-mail kind that have not gone out, if their
   * hour is over: the hour is claimed first, in one atomic statement (email_sends), so however
   * many processes try at once, one sends. Answers whether a message went out.
   */
  async function deliver(userId: string, kind: EmailKind, now: Date): Promise<boolean> {
    const [claimed] = await repository.claimEmailSlots([userId], kind, now);
    return claimed ? sendClaimed(userId, kind, now) : false;
  }

  /**
   * Sends the message of an hour claimed for the person: one notification goes as itself, several
   * as a digest. A message that fails, or has nothing to say, gives its hour back and leaves its
   * notifications for the next digest run.
   */
  async function sendClaimed(userId: string, kind: EmailKind, now: Date): Promise<boolean> {
    let rows: NotificationRow[];
    try {
      const person = await repository.recipient(userId);
      rows = person
        ? await repository.unsent(userId, kind, new Date(now.getTime() - DIGEST_LOOKBACK_MS), DIGEST_MAX_LINES)
        : [];
      if (!person || !rows.length) {
        // Read or mailed meanwhile: the hour claimed is given back unused.
        await repository.releaseEmailSlot(userId, kind, now);
        return false;
      }
      // In the recipient's language: the one their account keeps, else English.
      const words = letter(person.language ?? SOURCE_LOCALE, person.firstName);
      const links = unsubscribeLinks(config.publicUrl, words.locale, signUnsubscribeToken(key, userId, kind));
      await mailer.send(
        digestEmail(
          person.email,
          words,
          kind,
          rows.map((row) => line(row, words)),
          links,
        ),
      );
    } catch (error) {
      await repository.releaseEmailSlot(userId, kind, now);
      throw error;
    }
    await repository.markEmailed(
      rows.map((row) => row.id),
      now,
    );
    return true;
  }

  /** Runs an event's work; its failure is logged, never thrown at the feature that called. */
  async function safely(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, `could not make the ${what} notification`);
    }
  }

  return {
    /** The post's author is told it is in the feed (and mailed, if they want). */
    postApproved(postId: string): Promise<void> {
      return safely("approved", async () => {
        const author = await repository.postAuthor(postId);
        if (author) await create([{ userId: author, kind: "approved", postId, createdAt: at() }]);
      });
    },

    /** The post's author is told it was not approved, and why. */
    postRejected(postId: string, reason: string): Promise<void> {
      return safely("rejected", async () => {
        const author = await repository.postAuthor(postId);
        if (author) await create([{ userId: author, kind: "rejected", postId, reason, createdAt: at() }]);
      });
    },

    /**
     * A new comment: "comment" for the post's author, "reply" for the others who commented on it
     * before (at most MAX_REPLY_RECIPIENTS). Nobody is told of their own comment, nor of one by
     * someone they blocked or who blocked them.
     */
    commented(postId: string, commentId: string, commenterId: string): Promise<void> {
      return safely("comment", async () => {
        told(await repository.insertForComment(postId, commentId, commenterId, at(), MAX_REPLY_RECIPIENTS));
      });
    },

    /** A like: grouped with the post's other unread likes into one notification for its author. */
    liked(postId: string, likerId: string): Promise<void> {
      return safely("like", async () => {
        const author = await repository.upsertLike(postId, likerId, at());
        if (author) unread.changed([author]);
      });
    },

    /**
     * A moderation decision about a person: `text` is the sentence they read ("Your comment was
     * hidden"), `reason` the admin's why. Never e-mailed.
     */
    moderation(
      userId: string,
      reason: string,
      about: { postId?: string | null; commentId?: string | null; text: string },
    ): Promise<void> {
      return safely("moderation", async () => {
        await create([
          {
            userId,
            kind: "moderation",
            postId: about.postId ?? null,
            commentId: about.commentId ?? null,
            reason: packModeration(about.text, reason),
            createdAt: at(),
          },
        ]);
      });
    },

    /**
     * Call before deleting a post or a comment: its notifications go now, and their people's unread
     * counts are told (the database's cascade would delete them without telling anyone).
     */
    postRemoved(postId: string): Promise<void> {
      return safely("removal", async () => {
        unread.changed(await repository.deleteAbout({ postId }));
      });
    },

    /** As postRemoved, for a comment. */
    commentRemoved(commentId: string): Promise<void> {
      return safely("removal", async () => {
        unread.changed(await repository.deleteAbout({ commentId }));
      });
    },

    /** Resolves once every e-mail started by now has been sent or has failed (tests; closing). */
    async idle(): Promise<void> {
      while (mailing.size) await Promise.allSettled([...mailing]);
    },

    /** The person's unread count: from this process's memory when it has it (no query). */
    unreadCount: (userId: string): Promise<number> => unread.get(userId),
    /** Hits and misses of the unread counts, for /metrics. */
    cacheStats: unread.stats,

    /**
     * A page of the person's notifications, newest first (`before` one of theirs for older ones),
     * with the unread count read again: opening the bell mends a count that went wrong.
     */
    /** A page of the person's notifications, their sentences in `t`'s language (the request's). */
    async list(
      userId: string,
      before: string | undefined,
      t: TranslateMessage,
    ): Promise<{ items: NotificationItem[]; unread: number }> {
      const [rows, count] = await Promise.all([
        repository.page(userId, before, NOTIFICATIONS_PAGE_SIZE),
        unread.get(userId, { fresh: true }),
      ]);
      return { items: rows.map((row) => item(row, t)), unread: count };
    },

    /** False when the person has no such notification. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const found = await repository.markRead(userId, id, at());
      if (found) unread.changed([userId]);
      return found;
    },

    async markAllRead(userId: string): Promise<void> {
      await repository.markAllRead(userId, at());
      unread.changed([userId]);
    },

    async emailSettings(userId: string): Promise<EmailSettings> {
      const muted = (await repository.mutedKinds(userId)) ?? [];
      return {
        approved: !muted.includes("approved"),
        rejected: !muted.includes("rejected"),
        comment: !muted.includes("comment"),
      };
    },

    async setEmailSettings(userId: string, settings: EmailSettings): Promise<EmailSettings> {
      await repository.setMutedKinds(
        userId,
        EMAIL_KINDS.filter((kind) => !settings[kind]),
      );
      return { approved: settings.approved, rejected: settings.rejected, comment: settings.comment };
    },

    /** The kind an unsubscribe token turns off, or null when it is invalid or its account is gone. */
    async unsubscribeKind(token: string): Promise<EmailKind | null> {
      const read = await readToken(token);
      if (!read || !(await repository.mutedKinds(read.userId))) return null;
      return read.kind;
    },

    /** Turns the token's kind off; null when the token is invalid or its account is gone. */
    async unsubscribe(token: string): Promise<EmailKind | null> {
      const read = await readToken(token);
      if (!read || !(await repository.mute(read.userId, read.kind))) return null;
      return read.kind;
    },

    /** An unsubscribe token (what the e-mails carry), for tests and the web page's checks. */
    unsubscribeToken: (userId: string, kind: EmailKind) => signUnsubscribeToken(key, userId, kind),

    /**
     * The hourly digests: for each person and e-mail kind whose hour is over and who has unread
     * notifications that waited, one message listing them. Safe in several processes at once: each
     * digest is sent only by the process that claims its hour. Answers how many went out.
     */
    async sendDueDigests(): Promise<number> {
      const now = at();
      let sent = 0;
      for (const { userId, kind } of await repository.dueDigests(
        now,
        new Date(now.getTime() - DIGEST_LOOKBACK_MS),
        DIGESTS_PER_RUN,
      )) {
        try {
          if (await deliver(userId, kind, now)) sent += 1;
        } catch (error) {
          log.warn({ err: error }, "could not send a notification digest; the next run tries again");
        }
      }
      return sent;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

declare module "fastify" {
  interface FastifyInstance {
    /** The bell's notifier (app.ts): the feed and moderation tell it what happened. */
    notifier: Notifier;
  }
}
