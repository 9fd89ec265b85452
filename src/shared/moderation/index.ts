import { z } from "zod";
import { idText, text } from "../text";

// Reports, the moderation queue, sanctions and the audit log (decision 029).

export const REPORT_REASONS = ["spam", "offensive", "not-a-drawing", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
// How the report dialog names each reason: marked for the catalogs (`/*i18n*/`), shown through `i18n._`.
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: /*i18n*/ "Spam",
  offensive: /*i18n*/ "Offensive",
  "not-a-drawing": /*i18n*/ "Not a drawing",
  other: /*i18n*/ "Something else",
};
export const REPORT_NOTE_MAX = 500;
export const MODERATION_REASON_MAX = 500;
/** The lengths a suspension may have. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;
/** Reports a member may send per hour. */
export const REPORTS_PER_HOUR = 20;
/** Items per page of the queue's tabs and of the audit log. */
export const MODERATION_PAGE_SIZE = 20;

export const ALREADY_REPORTED_MESSAGE = /*i18n*/ "You have already reported this";
export const CANNOT_BLOCK_SELF_MESSAGE = /*i18n*/ "You cannot block yourself";
/** What a deleted account is called where an entry of the audit log names it. */
export const DELETED_ACCOUNT_NAME = "Deleted account";

/** POST /api/reports: a post, or one of its comments. */
export const reportSchema = z
  .object({
    postId: idText("Post not found"),
    commentId: idText("Comment not found").optional(),
    reason: z.enum(REPORT_REASONS, { message: /*i18n*/ "Please choose a reason" }),
    note: text()
      .trim()
      .max(REPORT_NOTE_MAX, `Notes can be at most ${REPORT_NOTE_MAX} characters`)
      .optional()
      .transform((value) => value ?? ""),
  })
  .refine((report) => report.reason !== "other" || report.note.length > 0, {
    message: /*i18n*/ "Please say what is wrong",
    path: ["note"],
  });

const reason = () =>
  text().trim().max(MODERATION_REASON_MAX, `Reasons can be at most ${MODERATION_REASON_MAX} characters`);
const requiredReason = () => reason().min(1, "Please give a reason");
const postId = () => idText("Post not found");
const commentId = () => idText("Comment not found");
const userId = () => idText("User not found");

/**
 * POST /api/admin/moderation/actions: one action on a post, a comment or a person. Approve,
 * restore and dismiss take an optional reason; the others need one (the person sees it).
 */
export const moderationActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve"), postId: postId(), reason: reason().optional() }),
  z.object({ action: z.literal("reject"), postId: postId(), reason: requiredReason() }),
  z.object({ action: z.literal("hide-post"), postId: postId(), reason: requiredReason() }),
  z.object({ action: z.literal("restore-post"), postId: postId(), reason: reason().optional() }),
  z.object({ action: z.literal("delete-post"), postId: postId(), reason: requiredReason() }),
  z.object({ action: z.literal("dismiss-post"), postId: postId(), reason: reason().optional() }),
  z.object({ action: z.literal("hide-comment"), commentId: commentId(), reason: requiredReason() }),
  z.object({ action: z.literal("restore-comment"), commentId: commentId(), reason: reason().optional() }),
  z.object({ action: z.literal("delete-comment"), commentId: commentId(), reason: requiredReason() }),
  z.object({ action: z.literal("dismiss-comment"), commentId: commentId(), reason: reason().optional() }),
  z.object({ action: z.literal("warn"), userId: userId(), reason: requiredReason() }),
  z.object({
    action: z.literal("suspend"),
    userId: userId(),
    days: z.union([z.literal(1), z.literal(7), z.literal(30)], {
      message: /*i18n*/ "Suspensions last 1, 7 or 30 days",
    }),
    reason: requiredReason(),
  }),
  z.object({ action: z.literal("ban"), userId: userId(), reason: requiredReason() }),
  z.object({ action: z.literal("lift"), userId: userId(), reason: reason().optional() }),
]);
export type ModerationAction = z.output<typeof moderationActionSchema>;
export type ModerationActionName = ModerationAction["action"];

/** The queue's tabs that list things. */
export const QUEUE_TABS = ["pending", "reported"] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

/** A whole number written in decimal digits, in a query, up to `max`. */
const wholeNumber = (max: number) =>
  text()
    .refine((value) => /^\d{1,9}$/.test(value) && Number(value) <= max, `must be a whole number up to ${max}`)
    .transform(Number);

export const moderationQueueQuery = z.object({
  tab: z.enum(QUEUE_TABS, { error: "must be pending or reported" }).default("pending"),
  /** How many items of the tab to skip: the queue changes as it is worked, so it pages by offset. */
  offset: wholeNumber(100_000).default(0),
});
/** The audit log's next page: entries older than the entry `before` (an id). */
export const moderationLogQuery = z.object({ before: wholeNumber(999_999_999).optional() });

/** When a suspension ends, as the server writes it (it does not know the reader's time zone): "Thu, 03 Dec 2026 16:10 UTC". */
export function suspensionEnd(iso: string): string {
  return new Date(iso).toUTCString().replace(/:\d\d GMT$/, " UTC");
}
