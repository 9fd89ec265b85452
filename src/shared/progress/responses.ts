import { z } from "zod";
import { text } from "../text";
import { GRID_COLORS, IMAGE_MODES } from "../grid/grid-view";
import { OUTLINE_DETAILS } from "../grid/outline";
import { GRID_LINE_SETS, LADDER_STEPS } from "../grid/ladder";
import { PAPER_PRESETS, UNITS } from "../grid/paper";
import { CHECK_STATUSES } from "../drawing-check/kept-checks";
import { MILESTONES } from "./learning";

/** A learner's saved canvas for one dragon (docs/spec.md §3, and the learner tools of decision 013), every field filled in. */
export const savedWipResponse = z.object({
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
  gridLines: z.enum(GRID_LINE_SETS),
  imageMode: z.enum(IMAGE_MODES),
  outlineDetail: z.literal(OUTLINE_DETAILS),
});

/** How far the learner has come on one dragon: its cells done of its cells, its grid lines, and when it was last saved (decision 050). */
export const progressSummaryResponse = z.object({
  dragonId: text(),
  cellsDone: z.number(),
  cells: z.number(),
  /** Its grid lines (decision 074): the newest drawing's step is where a new one starts (decision 075). */
  gridLines: z.enum(GRID_LINE_SETS),
  diagonals: z.boolean(),
  updatedAt: text(),
});

/** A kept drawing check: every cell's verdict and distance (decision 028). */
const keptCellResponse = z.object({ label: text(), status: z.enum(CHECK_STATUSES), errorMm: z.number() });

export const keptCheckResponse = z.object({
  id: text(),
  createdAt: text(),
  columns: z.number(),
  rows: z.number(),
  cells: z.array(keptCellResponse),
  /** The whole drawing's size off (%), turn (degrees), shift (mm), part out of proportion and stretch (%); null for a check without them (decision 061). */
  whole: z
    .object({
      sizePercent: z.number(),
      turnDegrees: z.number(),
      shiftMm: z.number(),
      partPercent: z.number().optional(),
      stretchPercent: z.number().optional(),
    })
    .nullable(),
  /** The grid ladder's step the drawing was made at, 1–5; null for a check kept before it was recorded (decision 074). */
  ladderStep: z.literal(LADDER_STEPS).nullable(),
  /** The photo kept with the check, served to its owner only; null when none was kept. */
  photoUrl: text().nullable(),
  /** The latest photo of the practice sheet made from the check, scored cell by cell (decision 067); null before one. */
  practice: z.object({ cells: z.array(keptCellResponse), practisedAt: text() }).nullable(),
});

/** What GET /api/wip answers: every field, the learner tools' filled in (old rows get the defaults). */
export type SavedProgress = z.output<typeof savedWipResponse>;

/** One kept check on the progress page: its dragon, how far the drawn cells were and the whole drawing's figures (decision 075). */
const progressCheckResponse = z.object({
  id: text(),
  dragonId: text(),
  dragonName: text(),
  createdAt: text(),
  /** The median distance of the drawn cells, in mm; null when nothing was drawn. */
  medianMm: z.number().nullable(),
  drawn: z.number(),
  close: z.number(),
  whole: keptCheckResponse.shape.whole,
  ladderStep: keptCheckResponse.shape.ladderStep,
  practised: z.boolean(),
});

/** GET /api/progress: the learner's progress over every drawing, private to them (decision 075). */
export const learnerProgressResponse = z.object({
  started: z.number(),
  finished: z.number(),
  ladderStep: z.literal(LADDER_STEPS),
  practiceSheets: z.number(),
  week: z.object({ goal: z.number().nullable(), done: z.number(), weeksMet: z.number(), paused: z.boolean() }),
  milestones: z.array(z.object({ id: z.enum(MILESTONES), reachedAt: text().nullable() })),
  /** Their kept checks over every dragon, oldest first. */
  checks: z.array(progressCheckResponse),
  timeZone: text(),
});

export type LearnerProgress = z.output<typeof learnerProgressResponse>;
export type ProgressCheck = z.output<typeof progressCheckResponse>;
