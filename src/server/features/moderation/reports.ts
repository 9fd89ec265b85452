import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comments, reports } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { KeyedRateLimiter, type RateCounters } from "../../http/rate-limiter";
import type { SessionUser } from "../../http/request-user";
import { ALREADY_REPORTED_MESSAGE, REPORTS_PER_HOUR } from "../../../shared/moderation";
import type { ModeratedPosts } from "./moderated-posts";
import type { BlockSets } from "../../auth/block-sets";

type Reporter = Pick<SessionUser, "id" | "isAdmin">;
type ReportRow = typeof reports.$inferSelect;

/** A report as its reporter reads it: pending until an admin acted or dismissed it. */
const asMine = (row: ReportRow) => ({
  id: row.id,
  postId: row.postId,
  commentId: row.commentId,
  reason: row.reason,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  status: row.resolvedAt ? ("reviewed" as const) : ("pending" as const),
});

/**
 * Members' reports (decision 029): once per person and thing, only of what they can see, and at
 * most REPORTS_PER_HOUR an hour, counted in the database so the limit holds on every process.
 */
export function createReports(
  db: Database,
  deps: { feed: Pick<ModeratedPosts, "visiblePost">; blockSets: BlockSets; counters: RateCounters },
) {
  const limiter = new KeyedRateLimiter(deps.counters, "reports per member", REPORTS_PER_HOUR, 60 * 60_000);

  return {
    async create(
      reporter: Reporter,
      input: { postId: string; commentId?: string; reason: ReportRow["reason"]; note: string },
    ) {
      await deps.feed.visiblePost(input.postId, reporter);
      if (input.commentId) {
        const [comment] = await db
          .select({ postId: comments.postId, userId: comments.userId, hidden: comments.hiddenReason })
          .from(comments)
          .where(eq(comments.id, input.commentId));
        const seen =
          comment &&
          comment.postId === input.postId &&
          (comment.hidden === null || reporter.isAdmin) &&
          !(await deps.blockSets.hides(reporter, comment.userId));
        if (!seen) throw new HttpError(404, /*i18n*/ "Comment not found");
      }
      await limiter.hit(reporter.id);
      const [row] = await db
        .insert(reports)
        .values({
          reporterId: reporter.id,
          postId: input.postId,
          commentId: input.commentId ?? null,
          reason: input.reason,
          note: input.note,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new HttpError(409, ALREADY_REPORTED_MESSAGE);
      return asMine(row);
    },

    async mine(reporterId: string) {
      const rows = await db
        .select()
        .from(reports)
        .where(eq(reports.reporterId, reporterId))
        .orderBy(desc(reports.createdAt))
        .limit(200);
      return rows.map(asMine);
    },
  };
}

/** Close the open reports of a post (its own, not its comments') or of a comment. */
export async function resolveReports(
  db: Pick<Database, "update">,
  target: { postId: string } | { commentId: string },
  resolution: "actioned" | "dismissed",
): Promise<number> {
  const which =
    "commentId" in target
      ? eq(reports.commentId, target.commentId)
      : and(eq(reports.postId, target.postId), isNull(reports.commentId));
  const closed = await db
    .update(reports)
    .set({ resolvedAt: sql`now()`, resolution })
    .where(and(which, isNull(reports.resolvedAt)))
    .returning({ id: reports.id });
  return closed.length;
}

export type Reports = ReturnType<typeof createReports>;
