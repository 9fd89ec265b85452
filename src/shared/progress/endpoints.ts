import { z } from "zod";
import { text } from "../text";
import { saveProgressSchema, visitorProgressBody, weeklyGoalBody } from "./index";
import { saveCheckSchema, savePracticeSchema } from "../drawing-check/kept-check-schema";
import { objectPathSchema } from "../uploads";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse } from "../contract/responses";
import { keptCheckResponse, learnerProgressResponse, progressSummaryResponse, savedWipResponse } from "./responses";

const dragonParams = z.object({ dragonId: text().uuid("dragonId must be a dragon id") });
const checkParams = dragonParams.extend({ checkId: text().uuid("checkId must be a check id") });

export const progressEndpoints = endpoints({
  "GET /api/wip": {
    summary:
      "The signed-in learner's saved progress on each dragon they may use, newest first: cells done of cells (the library's 'Your drawings')",
    access: "members",
    responses: { 200: z.array(progressSummaryResponse) },
  },
  "GET /api/wip/:dragonId": {
    summary: "The signed-in learner's saved canvas for a dragon, or null when there is none",
    access: "members",
    params: z.object({ dragonId: text().uuid("dragonId must be a dragon id") }),
    responses: { 200: savedWipResponse.nullable() },
  },
  "POST /api/wip": {
    summary: "Save the learner's canvas for a dragon (a field left out keeps what was saved)",
    access: "members",
    body: saveProgressSchema,
    rateLimited: true,
    responses: { 200: messageResponse, 404: message("Dragon not found") },
  },
  "GET /api/progress": {
    summary:
      "The signed-in learner's progress over every drawing, private to them: drawings started and finished, kept checks over time, the grid ladder's step, practice sheets, the weekly goal and milestones",
    access: "members",
    responses: { 200: learnerProgressResponse },
  },
  "PUT /api/progress/goal": {
    summary:
      "Set the learner's weekly goal (days of practice a week; null for none) and the time zone their days are counted in",
    access: "members",
    body: weeklyGoalBody,
    rateLimited: true,
    responses: { 200: learnerProgressResponse },
  },
  "POST /api/progress/visitor": {
    summary:
      "Move what a visitor's browser kept into the account they signed in to: their practice days, and their weekly goal when the account has none",
    access: "members",
    body: visitorProgressBody,
    rateLimited: true,
    responses: { 200: learnerProgressResponse },
  },
  "GET /api/checks/:dragonId": {
    summary: "The signed-in learner's kept drawing checks for a dragon, oldest first (the newest 20)",
    access: "members",
    params: dragonParams,
    responses: { 200: z.array(keptCheckResponse) },
  },
  "POST /api/checks/:dragonId": {
    summary: "Keep a drawing check with the learner's progress: each cell's verdict, never the photo",
    access: "members",
    params: dragonParams,
    body: saveCheckSchema,
    rateLimited: true,
    responses: { 201: keptCheckResponse, 404: message("Dragon not found") },
  },
  "PUT /api/checks/:dragonId/:checkId/photo": {
    summary:
      "Keep a photo with a kept check: the member's own checked upload, claimed for it and private to them (a photo kept before is deleted)",
    access: "members",
    params: checkParams,
    body: objectPathSchema,
    rateLimited: true,
    responses: {
      200: keptCheckResponse,
      400: message("Invalid objectPath: not an uploaded image of yours"),
      404: message("Check not found"),
    },
  },
  "PUT /api/checks/:dragonId/:checkId/practice": {
    summary:
      "Keep the cells of the practice sheet made from a kept check, as a photo of the sheet scored them (the latest replaces the one before)",
    access: "members",
    params: checkParams,
    body: savePracticeSchema,
    rateLimited: true,
    responses: {
      200: keptCheckResponse,
      400: message("cells must be cells of the check"),
      404: message("Check not found"),
    },
  },
});
