import { z } from "zod";
import {
  ALREADY_REPORTED_MESSAGE,
  moderationActionSchema,
  moderationLogQuery,
  moderationQueueQuery,
  reportSchema,
} from "./index";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse } from "../contract/responses";
import {
  moderationCountsResponse,
  moderationLogEntryResponse,
  moderationQueueResponse,
  myReportResponse,
} from "./responses";

const NOT_FOUND = message("Post not found", "Comment not found", "User not found");

export const moderationEndpoints = endpoints({
  "POST /api/reports": {
    summary: "Report a post or a comment, once; admins see it in the moderation queue",
    access: "members",
    body: reportSchema,
    rateLimited: true,
    sanctioned: true,
    responses: {
      201: myReportResponse,
      404: message("Post not found", "Comment not found"),
      409: message(ALREADY_REPORTED_MESSAGE),
    },
  },
  "GET /api/reports/mine": {
    summary: "The caller's reports, newest first, with whether they are still pending",
    access: "members",
    responses: { 200: z.array(myReportResponse) },
  },
  "GET /api/admin/moderation/queue": {
    summary:
      "A tab of the moderation queue: posts waiting for approval (oldest first), or reported posts and comments (most reports first)",
    access: "admins",
    query: moderationQueueQuery,
    responses: { 200: moderationQueueResponse },
  },
  "GET /api/admin/moderation/counts": {
    summary: "How many posts wait for approval and how many reported things wait for a decision",
    access: "admins",
    responses: { 200: moderationCountsResponse },
  },
  "GET /api/admin/moderation/log": {
    summary: "The audit log, newest first, 20 a page (`before` an entry's id for older ones)",
    access: "admins",
    query: moderationLogQuery,
    responses: { 200: z.array(moderationLogEntryResponse) },
  },
  "POST /api/admin/moderation/actions": {
    summary:
      "Approve, reject, hide, restore, delete or dismiss reports of a post or comment; warn, suspend, ban or lift a sanction on a person",
    access: "admins",
    body: moderationActionSchema,
    responses: { 200: messageResponse, 400: message("Admins cannot be suspended or banned"), 404: NOT_FOUND },
  },
});
