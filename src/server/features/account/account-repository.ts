import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  blocks,
  comments,
  dragons,
  drawingChecks,
  likes,
  notifications,
  postImages,
  posts,
  practiceDays,
  reports,
  sessions,
  storedObjects,
  users,
  waitlist,
  worksInProgress,
} from "../../db/schema";
import { objectUrl } from "../../storage/object-storage";
import { toDragon } from "../../templates/repository";
import { learnerProgress } from "../../learning/learner-progress";

/** Why an account was not deleted. */
export type DeleteRefusal = "last-admin" | "gone";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function createAccountRepository(db: Database) {
  return {
    /**
     * Everything stored about a user, for 'Download my data': the account (never the password
     * hash), sessions (never their tokens), drawing progress and kept drawing checks, posts with their photos, comments
     * and likes, the comments and likes they gave, the waitlist entry, their uploads, the reports they made, the people they blocked
     * (by name), their notifications, their own pictures (Pro) and any sanction on them. Other
     * people appear by name only, never by e-mail.
     */
    async exportData(userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return null;
      const [
        sessionRows,
        progress,
        checks,
        postRows,
        givenComments,
        givenLikes,
        waitlistRows,
        uploads,
        reportRows,
        blockRows,
        notificationRows,
        pictureRows,
        learning,
        dayRows,
      ] = await Promise.all([
        db
          .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.createdAt)),
        db
          .select({ progress: worksInProgress, dragonName: dragons.name })
          .from(worksInProgress)
          .leftJoin(dragons, eq(dragons.id, worksInProgress.dragonId))
          .where(eq(worksInProgress.userId, userId))
          .orderBy(asc(worksInProgress.updatedAt)),
        db
          .select({
            dragonId: drawingChecks.dragonId,
            dragonName: dragons.name,
            columns: drawingChecks.columns,
            rows: drawingChecks.rows,
            cells: drawingChecks.cells,
            whole: drawingChecks.whole,
            ladderStep: drawingChecks.ladderStep,
            practice: drawingChecks.practice,
            photoKey: drawingChecks.photoKey,
            createdAt: drawingChecks.createdAt,
          })
          .from(drawingChecks)
          .leftJoin(dragons, eq(dragons.id, drawingChecks.dragonId))
          .where(eq(drawingChecks.userId, userId))
          .orderBy(asc(drawingChecks.createdAt)),
        db
          .select({
            id: posts.id,
            dragonId: posts.dragonId,
            dragonName: dragons.name,
            description: posts.description,
            approved: posts.approved,
            rejectedReason: posts.rejectedReason,
            hiddenReason: posts.hiddenReason,
            createdAt: posts.createdAt,
          })
          .from(posts)
          .leftJoin(dragons, eq(dragons.id, posts.dragonId))
          .where(eq(posts.userId, userId))
          .orderBy(asc(posts.createdAt)),
        db
          .select({ id: comments.id, postId: comments.postId, text: comments.text, createdAt: comments.createdAt })
          .from(comments)
          .where(eq(comments.userId, userId))
          .orderBy(asc(comments.createdAt)),
        db
          .select({ postId: likes.postId, createdAt: likes.createdAt })
          .from(likes)
          .where(eq(likes.userId, userId))
          .orderBy(asc(likes.createdAt)),
        db
          .select({ email: waitlist.email, createdAt: waitlist.createdAt })
          .from(waitlist)
          .where(sql`lower(${waitlist.email}) = ${user.email.toLowerCase()}`),
        db
          .select({
            key: storedObjects.key,
            contentType: storedObjects.contentType,
            size: storedObjects.size,
            isPublic: storedObjects.isPublic,
            createdAt: storedObjects.createdAt,
          })
          .from(storedObjects)
          .where(eq(storedObjects.ownerId, userId))
          .orderBy(asc(storedObjects.createdAt), asc(storedObjects.key)),
        db
          .select({
            postId: reports.postId,
            commentId: reports.commentId,
            reason: reports.reason,
            note: reports.note,
            createdAt: reports.createdAt,
            resolvedAt: reports.resolvedAt,
          })
          .from(reports)
          .where(eq(reports.reporterId, userId))
          .orderBy(asc(reports.createdAt)),
        db
          .select({ firstName: users.firstName, lastName: users.lastName, createdAt: blocks.createdAt })
          .from(blocks)
          .innerJoin(users, eq(users.id, blocks.blockedId))
          .where(eq(blocks.blockerId, userId))
          .orderBy(asc(blocks.createdAt)),
        db
          .select({
            kind: notifications.kind,
            postId: notifications.postId,
            reason: notifications.reason,
            count: notifications.count,
            createdAt: notifications.createdAt,
            readAt: notifications.readAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.createdAt)),
        db.select().from(dragons).where(eq(dragons.ownerId, userId)).orderBy(asc(dragons.createdAt)),
        learnerProgress(db, userId),
        db
          .select({ day: practiceDays.day })
          .from(practiceDays)
          .where(eq(practiceDays.userId, userId))
          .orderBy(asc(practiceDays.day)),
      ]);
      const postIds = postRows.map((post) => post.id);
      const [images, postComments, postLikes] = postIds.length
        ? await Promise.all([
            db
              .select()
              .from(postImages)
              .where(inArray(postImages.postId, postIds))
              .orderBy(asc(postImages.postId), asc(postImages.position)),
            db
              .select({
                postId: comments.postId,
                text: comments.text,
                createdAt: comments.createdAt,
                firstName: users.firstName,
                lastName: users.lastName,
                own: sql<boolean>`${comments.userId} = ${userId}`,
              })
              .from(comments)
              .innerJoin(users, eq(users.id, comments.userId))
              // As the app shows them to the person: not others' hidden comments, nor those of people
              // paired with them by a block (the export must not tell them who blocked them).
              .where(
                and(
                  inArray(comments.postId, postIds),
                  sql`(${comments.userId} = ${userId} or ${comments.hiddenReason} is null)`,
                  sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${comments.userId}) or (${blocks.blockerId} = ${comments.userId} and ${blocks.blockedId} = ${userId}))`,
                ),
              )
              .orderBy(asc(comments.createdAt)),
            db
              .select({ postId: likes.postId, createdAt: likes.createdAt })
              .from(likes)
              .where(inArray(likes.postId, postIds))
              .orderBy(asc(likes.createdAt)),
          ])
        : [[], [], []];

      return {
        account: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          profileImageUrl: user.profileImageUrl,
          emailVerified: user.emailVerified,
          isAdmin: user.isAdmin,
          hasPassword: user.passwordHash !== null,
          googleLinked: user.googleSubject !== null,
          suspendedUntil: user.suspendedUntil ? iso(user.suspendedUntil) : null,
          banned: user.bannedAt !== null,
          sanctionReason: user.sanctionReason,
          emailsTurnedOff: user.mutedEmailKinds,
          language: user.language,
          createdAt: iso(user.createdAt),
          updatedAt: iso(user.updatedAt),
        },
        sessions: sessionRows.map((s) => ({
          createdAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          expiresAt: iso(s.expiresAt),
        })),
        progress: progress.map(({ progress: p, dragonName }) => ({
          dragonId: p.dragonId,
          dragonName,
          paperWidth: p.paperWidth,
          paperHeight: p.paperHeight,
          gridSize: p.gridSize,
          imageZoom: p.imageZoom,
          imageX: p.imageX,
          imageY: p.imageY,
          currentCell: p.currentCell,
          paperPreset: p.paperPreset,
          unit: p.unit,
          doneCells: p.doneCells,
          gridColor: p.gridColor,
          gridThickness: p.gridThickness,
          gridOpacity: p.gridOpacity,
          diagonals: p.diagonals,
          gridLines: p.gridLines,
          imageMode: p.imageMode,
          outlineDetail: p.outlineDetail,
          updatedAt: iso(p.updatedAt),
        })),
        // Their own pictures (decision 031), with the files they are made of (listed under uploads too).
        pictures: pictureRows.map((row) => {
          const { id, name, hiresUrl, previewUrl, pencilHiresUrl, createdAt } = toDragon(row);
          return { id, name, hiresUrl, previewUrl, pencilHiresUrl, createdAt };
        }),
        // The progress page's figures (decision 075): the weekly goal, the days practised, the
        // ladder's step and the milestones.
        learning: {
          weeklyGoal: learning.week.goal,
          timeZone: learning.timeZone,
          practiceDays: dayRows.map((row) => row.day),
          ladderStep: learning.ladderStep,
          milestones: learning.milestones,
        },
        drawingChecks: checks.map(({ photoKey, ...check }) => ({
          ...check,
          photoUrl: photoKey ? objectUrl(photoKey) : null,
          createdAt: iso(check.createdAt),
        })),
        posts: postRows.map((post) => ({
          ...post,
          createdAt: iso(post.createdAt),
          images: images
            .filter((image) => image.postId === post.id)
            .map((image) => ({
              order: image.position,
              imageUrl: objectUrl(image.displayKey),
              thumbUrl: objectUrl(image.thumbKey),
              originalUrl: objectUrl(image.objectKey),
            })),
          likes: postLikes
            .filter((like) => like.postId === post.id)
            .map((like) => ({ createdAt: iso(like.createdAt) })),
          comments: postComments
            .filter((comment) => comment.postId === post.id)
            .map((comment) => ({
              text: comment.text,
              createdAt: iso(comment.createdAt),
              byYou: comment.own,
              author: { firstName: comment.firstName, lastName: comment.lastName },
            })),
        })),
        commentsWritten: givenComments.map((comment) => ({ ...comment, createdAt: iso(comment.createdAt) })),
        likesGiven: givenLikes.map((like) => ({ ...like, createdAt: iso(like.createdAt) })),
        waitlist: waitlistRows[0] ? { email: waitlistRows[0].email, createdAt: iso(waitlistRows[0].createdAt) } : null,
        uploads: uploads.map((upload) => ({
          url: objectUrl(upload.key),
          contentType: upload.contentType,
          size: upload.size,
          isPublic: upload.isPublic,
          createdAt: iso(upload.createdAt),
        })),
        reportsMade: reportRows.map((report) => ({
          ...report,
          createdAt: iso(report.createdAt),
          resolvedAt: report.resolvedAt ? iso(report.resolvedAt) : null,
        })),
        // Whom they blocked, by name only.
        blocked: blockRows.map((block) => ({
          firstName: block.firstName,
          lastName: block.lastName,
          createdAt: iso(block.createdAt),
        })),
        notifications: notificationRows.map((row) => ({
          ...row,
          createdAt: iso(row.createdAt),
          readAt: row.readAt ? iso(row.readAt) : null,
        })),
      };
    },

    /**
     * Delete a user and what only they own, in one transaction: sessions, tokens, progress, posts
     * (photos' rows, likes and comments on them), their likes and comments (cascades), and the
     * waitlist entry of their e-mail. Answers the storage keys to delete afterwards: every object
     * they own (uploads, avatar, post photos and originals), except pictures a blog post still
     * shows (an admin's writing stays; the object's owner becomes nobody). The last admin is
     * refused: admins' rows are locked first, so two admins leaving at once cannot both go.
     */
    async deleteUser(userId: string): Promise<{ keys: string[] } | DeleteRefusal> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ email: users.email, isAdmin: users.isAdmin })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        if (!user) return "gone";
        if (user.isAdmin) {
          const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for("update");
          if (admins.length <= 1) return "last-admin";
        }
        const owned = await tx
          .select({ key: storedObjects.key })
          .from(storedObjects)
          .where(
            and(
              eq(storedObjects.ownerId, userId),
              sql`not exists (select 1 from blog_posts b where b.featured_image_url = '/objects/' || ${storedObjects.key} or position('/objects/' || ${storedObjects.key} in b.content) > 0)`,
            ),
          );
        const photos = await tx
          .select({ objectKey: postImages.objectKey, displayKey: postImages.displayKey, thumbKey: postImages.thumbKey })
          .from(postImages)
          .innerJoin(posts, eq(posts.id, postImages.postId))
          .where(eq(posts.userId, userId));
        await tx.delete(waitlist).where(sql`lower(${waitlist.email}) = ${user.email.toLowerCase()}`);
        await tx.delete(users).where(eq(users.id, userId));
        const keys = new Set([
          ...owned.map((o) => o.key),
          ...photos.flatMap((p) => [p.objectKey, p.displayKey, p.thumbKey]),
        ]);
        return { keys: [...keys] };
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
