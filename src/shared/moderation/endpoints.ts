import { z } from "zod";
import { text } from "../text";
import {
  ALREADY_REPORTED_MESSAGE,
  REPORT_REASONS,
  moderationActionSchema,
  moderationLogQuery,
  moderationQueueQuery,
  reportSchema,
} from "./index";
import { endpoints, message } from "../contract/endpoint";
import { isoTime, messageAnswer } from "../contract/answers";
import { postAnswer, postCommentAnswer } from "../posts/endpoints";

/** A report as its reporter sees it: pending until an admin acted on the thing or dismissed it. */
export const myReportAnswer = z.object({
  id: text(),
  postId: text(),
  commentId: text().nullable(),
  reason: z.enum(REPORT_REASONS),
  note: text(),
  createdAt: isoTime(),
  status: z.enum(["pending", "reviewed"]),
});

/** The open reports of one thing, for the queue. */
export const reportSummaryAnswer = z.object({
  count: z.number(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  /** The reporters' notes, newest first (not who wrote them). */
  notes: z.array(text()),
  latestAt: isoTime(),
});

/** The person a queue item is about, as admins see them. */
export const moderatedPersonAnswer = z.object({
  id: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  email: text(),
  profileImageUrl: text().nullable(),
  suspendedUntil: isoTime().nullable(),
  banned: z.boolean(),
});

/** One thing in a queue tab: a post (pending or reported) or a reported comment. */
export const queueItemAnswer = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("post"),
    post: postAnswer,
    author: moderatedPersonAnswer,
    reports: reportSummaryAnswer.nullable(),
  }),
  z.object({
    type: z.literal("comment"),
    comment: postCommentAnswer,
    postId: text(),
    postDescription: text(),
    author: moderatedPersonAnswer,
    reports: reportSummaryAnswer,
  }),
]);

export const moderationQueueAnswer = z.object({ items: z.array(queueItemAnswer), total: z.number() });
export const moderationCountsAnswer = z.object({ pending: z.number(), reported: z.number() });

/** One entry of the audit log; a deleted account is named by the placeholder 'Deleted account'. */
export const moderationLogEntryAnswer = z.object({
  id: z.number(),
  createdAt: isoTime(),
  action: text(),
  actor: z.object({ id: text().nullable(), name: text() }),
  target: z.object({ id: text().nullable(), name: text() }).nullable(),
  postId: text().nullable(),
  commentId: text().nullable(),
  reason: text(),
  detail: text(),
});

const NOT_FOUND = message("Post not found", "Comment not found", "User not found");

export const moderationEndpoints = endpoints({
  "POST /api/reports": {
    summary: "Report a post or a comment, once; admins see it in the moderation queue",
    access: "members",
    body: reportSchema,
    rateLimited: true,
    sanctioned: true,
    answers: {
      201: myReportAnswer,
      404: message("Post not found", "Comment not found"),
      409: message(ALREADY_REPORTED_MESSAGE),
    },
  },
  "GET /api/reports/mine": {
    summary: "The caller's reports, newest first, with whether they are still pending",
    access: "members",
    answers: { 200: z.array(myReportAnswer) },
  },
  "GET /api/admin/moderation/queue": {
    summary:
      "A tab of the moderation queue: posts waiting for approval (oldest first), or reported posts and comments (most reports first)",
    access: "admins",
    query: moderationQueueQuery,
    answers: { 200: moderationQueueAnswer },
  },
  "GET /api/admin/moderation/counts": {
    summary: "How many posts wait for approval and how many reported things wait for a decision",
    access: "admins",
    answers: { 200: moderationCountsAnswer },
  },
  "GET /api/admin/moderation/log": {
    summary: "The audit log, newest first, 20 a page (`before` an entry's id for older ones)",
    access: "admins",
    query: moderationLogQuery,
    answers: { 200: z.array(moderationLogEntryAnswer) },
  },
  "POST /api/admin/moderation/actions": {
    summary:
      "Approve, reject, hide, restore, delete or dismiss reports of a post or comment; warn, suspend, ban or lift a sanction on a person",
    access: "admins",
    body: moderationActionSchema,
    answers: { 200: messageAnswer, 400: message("Admins cannot be suspended or banned"), 404: NOT_FOUND },
  },
});
