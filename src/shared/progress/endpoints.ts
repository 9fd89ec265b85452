import { z } from "zod";
import { text } from "../text";
import { GRID_COLORS, IMAGE_MODES } from "../grid-view";
import { PAPER_PRESETS, UNITS } from "../paper";
import { saveWipSchema } from "./index";
import { CHECK_STATUSES } from "../drawing-checks";
import { saveCheckSchema } from "../drawing-check-schema";
import { objectPathSchema } from "../uploads";
import { endpoints, message } from "../contract/endpoint";
import { messageAnswer } from "../contract/answers";

/** A learner's saved canvas for one dragon (docs/spec.md §3, and the learner tools of decision 013), every field filled in. */
export const savedWipAnswer = z.object({
  paperWidth: z.number(),
  paperHeight: z.number(),
  gridSize: z.number(),
  imageZoom: z.number(),
  imageX: z.number(),
  imageY: z.number(),
  currentCell: text().nullable(),
  paperPreset: z.enum(PAPER_PRESETS).nullable(),
  unit: z.enum(UNITS),
  doneCells: z.array(text()),
  gridColor: z.enum(GRID_COLORS),
  gridThickness: z.number(),
  gridOpacity: z.number(),
  diagonals: z.boolean(),
  imageMode: z.enum(IMAGE_MODES),
});

/** A kept drawing check: every cell's verdict and distance (decision 028). */
export const keptCheckAnswer = z.object({
  id: text(),
  createdAt: text(),
  columns: z.number(),
  rows: z.number(),
  cells: z.array(z.object({ label: text(), status: z.enum(CHECK_STATUSES), errorMm: z.number() })),
  /** The photo kept with the check, served to its owner only; null when none was kept. */
  photoUrl: text().nullable(),
});

const dragonParams = z.object({ dragonId: text().uuid("dragonId must be a dragon id") });
const checkParams = dragonParams.extend({ checkId: text().uuid("checkId must be a check id") });

export const progressEndpoints = endpoints({
  "GET /api/wip/:dragonId": {
    summary: "The signed-in learner's saved canvas for a dragon, or null when there is none",
    access: "members",
    params: z.object({ dragonId: text().uuid("dragonId must be a dragon id") }),
    answers: { 200: savedWipAnswer.nullable() },
  },
  "POST /api/wip": {
    summary: "Save the learner's canvas for a dragon (a field left out keeps what was saved)",
    access: "members",
    body: saveWipSchema,
    rateLimited: true,
    answers: { 200: messageAnswer, 404: message("Dragon not found") },
  },
  "GET /api/checks/:dragonId": {
    summary: "The signed-in learner's kept drawing checks for a dragon, oldest first (the newest 20)",
    access: "members",
    params: dragonParams,
    answers: { 200: z.array(keptCheckAnswer) },
  },
  "POST /api/checks/:dragonId": {
    summary: "Keep a drawing check with the learner's progress: each cell's verdict, never the photo",
    access: "members",
    params: dragonParams,
    body: saveCheckSchema,
    rateLimited: true,
    answers: { 201: keptCheckAnswer, 404: message("Dragon not found") },
  },
  "PUT /api/checks/:dragonId/:checkId/photo": {
    summary:
      "Keep a photo with a kept check: the member's own checked upload, claimed for it and private to them (a photo kept before is deleted)",
    access: "members",
    params: checkParams,
    body: objectPathSchema,
    rateLimited: true,
    answers: {
      200: keptCheckAnswer,
      400: message("Invalid objectPath: not an uploaded image of yours"),
      404: message("Check not found"),
    },
  },
});
