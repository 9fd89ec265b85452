import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";
import { REPORT_REASONS } from "./index";
import { postResponse, postCommentResponse } from "../posts/responses";

/** A report as its reporter sees it: pending until an admin acted on the thing or dismissed it. */
export const myReportResponse = z.object({
  id: text(),
  postId: text(),
  commentId: text().nullable(),
  reason: z.enum(REPORT_REASONS),
  note: text(),
  createdAt: isoTime(),
  status: z.enum(["pending", "reviewed"]),
});

/** The open reports of one thing, for the queue. */
export const reportSummaryResponse = z.object({
  count: z.number(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  /** The reporters' notes, newest first (not who wrote them). */
  notes: z.array(text()),
  latestAt: isoTime(),
});

/** The person a queue item is about, as admins see them. */
export const moderatedPersonResponse = z.object({
  id: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  email: text(),
  profileImageUrl: text().nullable(),
  suspendedUntil: isoTime().nullable(),
  banned: z.boolean(),
});

/** One thing in a queue tab: a post (pending or reported) or a reported comment. */
export const queueItemResponse = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("post"),
    post: postResponse,
    author: moderatedPersonResponse,
    reports: reportSummaryResponse.nullable(),
  }),
  z.object({
    type: z.literal("comment"),
    comment: postCommentResponse,
    postId: text(),
    postDescription: text(),
    author: moderatedPersonResponse,
    reports: reportSummaryResponse,
  }),
]);

export const moderationQueueResponse = z.object({ items: z.array(queueItemResponse), total: z.number() });

export const moderationCountsResponse = z.object({ pending: z.number(), reported: z.number() });

/** One entry of the audit log; a deleted account is named by the placeholder 'Deleted account'. */
export const moderationLogEntryResponse = z.object({
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
