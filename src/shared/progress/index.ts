import { z } from "zod";
import { text } from "../text";
import { PAPER_MAX, ZOOM_MAX, ZOOM_MIN, gridDimensions, parseCellLabel } from "../grid/grid";
import { PAPER_PRESETS, UNITS, detectPreset } from "../grid/paper";
import { GRID_COLORS, GRID_OPACITY, GRID_THICKNESS, IMAGE_MODES } from "../grid/grid-view";
import { isCellInGrid } from "../grid/done-cells";
import { OUTLINE_DETAILS } from "../grid/outline";
import { GRID_LINE_SETS } from "../grid/ladder";
import { WEEKLY_GOAL_MAX, WEEKLY_GOAL_MIN, isDay } from "./learning";

// Offsets are in paper units; an image dragged further than a few paper widths away is lost.
const OFFSET_LIMIT = PAPER_MAX * 4;
/** Most cells a grid can have (200 × 200 at grid size 1): the longest doneCells list. */
export const DONE_CELLS_MAX = PAPER_MAX * PAPER_MAX;

const positive = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .finite()
    .positive(`${name} must be positive`)
    .max(max, `${name} can be at most ${max}`);
const between = (name: string, range: { min: number; max: number }) =>
  z
    .number({ error: `${name} must be a number` })
    .finite()
    .min(range.min, `${name} must be between ${range.min} and ${range.max}`)
    .max(range.max, `${name} must be between ${range.min} and ${range.max}`);
const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(", ")}` });

/**
 * The learner tools' fields (decision 013). Each is optional: a client that predates them sends none,
 * a saved row keeps what it had, and a new row takes the table's defaults.
 */
const learnerToolsShape = {
  paperPreset: oneOf("paperPreset", PAPER_PRESETS).nullable().optional(),
  unit: oneOf("unit", UNITS).optional(),
  doneCells: z
    .array(text().max(16), { error: "doneCells must be a list of cell labels" })
    .max(DONE_CELLS_MAX, `doneCells can hold at most ${DONE_CELLS_MAX} cells`)
    .refine((labels) => new Set(labels).size === labels.length, "doneCells must not repeat a cell")
    .optional(),
  gridColor: oneOf("gridColor", GRID_COLORS).optional(),
  gridThickness: between("gridThickness", GRID_THICKNESS).optional(),
  gridOpacity: between("gridOpacity", GRID_OPACITY).optional(),
  diagonals: z.boolean({ error: "diagonals must be true or false" }).optional(),
  gridLines: oneOf("gridLines", GRID_LINE_SETS).optional(),
  imageMode: oneOf("imageMode", IMAGE_MODES).optional(),
  outlineDetail: z
    .literal(OUTLINE_DETAILS, { error: `outlineDetail must be one of ${OUTLINE_DETAILS.join(", ")}` })
    .optional(),
};

/** A work in progress: one learner's canvas settings for one dragon (docs/spec.md §3, plus the learner tools of decision 013). */
export const progressStateSchema = z
  .object({
    paperWidth: positive("paperWidth", PAPER_MAX),
    paperHeight: positive("paperHeight", PAPER_MAX),
    gridSize: z.number().finite().min(1, "gridSize must be at least 1").max(PAPER_MAX),
    imageZoom: z
      .number()
      .finite()
      .min(ZOOM_MIN, `imageZoom must be between ${ZOOM_MIN} and ${ZOOM_MAX}`)
      .max(ZOOM_MAX, `imageZoom must be between ${ZOOM_MIN} and ${ZOOM_MAX}`),
    imageX: z.number().finite().min(-OFFSET_LIMIT).max(OFFSET_LIMIT),
    imageY: z.number().finite().min(-OFFSET_LIMIT).max(OFFSET_LIMIT),
    currentCell: text()
      .max(16)
      .refine((label) => parseCellLabel(label) !== null, "currentCell must be a cell label like B3")
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    ...learnerToolsShape,
  })
  .refine((s) => s.gridSize <= Math.max(s.paperWidth, s.paperHeight), {
    message: "gridSize cannot be larger than the paper",
    path: ["gridSize"],
  })
  .refine((s) => !s.paperPreset || detectPreset(s.paperWidth, s.paperHeight, s.unit ?? "in") === s.paperPreset, {
    message: "paperPreset does not match paperWidth and paperHeight",
    path: ["paperPreset"],
  })
  .refine((s) => !s.doneCells || s.doneCells.every((label) => parseCellLabel(label) !== null), {
    message: "doneCells must be cell labels like B3",
    path: ["doneCells"],
  })
  // A mark on a cell the grid does not have is dropped, not refused: a save made before the grid
  // changed (an offline outbox, a client counting cells by an older rule) still goes through.
  .transform((s) => {
    if (!s.doneCells) return s;
    const grid = gridDimensions(s.paperWidth, s.paperHeight, s.gridSize);
    return { ...s, doneCells: s.doneCells.filter((label) => isCellInGrid(label, grid)) };
  });

export const saveProgressSchema = z
  .object({ dragonId: text().uuid("dragonId must be a dragon id") })
  .and(progressStateSchema);

export type ProgressState = z.infer<typeof progressStateSchema>;

/** Whether a time zone is one this runtime knows (an IANA name such as Europe/Paris). */
const knownTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const timeZoneSchema = text()
  .max(64, "timeZone can be at most 64 characters")
  .refine(knownTimeZone, "timeZone must be a time zone like Europe/Paris");
const weeklyGoalSchema = z
  .number({ error: "weeklyGoal must be a number" })
  .int("weeklyGoal must be a whole number")
  .min(WEEKLY_GOAL_MIN, `weeklyGoal must be between ${WEEKLY_GOAL_MIN} and ${WEEKLY_GOAL_MAX}`)
  .max(WEEKLY_GOAL_MAX, `weeklyGoal must be between ${WEEKLY_GOAL_MIN} and ${WEEKLY_GOAL_MAX}`)
  .nullable();

/** PUT /api/progress/goal: days of practice a week (null: no goal) and the time zone the days are counted in. */
export const weeklyGoalBody = z.object({ weeklyGoal: weeklyGoalSchema, timeZone: timeZoneSchema }).strict();

/** Practice days a visitor's browser may hand over: about a year's. */
export const VISITOR_DAYS_MAX = 400;

/** POST /api/progress/visitor: what a visitor's browser kept, moved into the account they signed up with. */
export const visitorProgressBody = z
  .object({
    practiceDays: z
      .array(text().refine(isDay, "practiceDays must be dates like 2026-11-30"))
      .max(VISITOR_DAYS_MAX, `practiceDays can hold at most ${VISITOR_DAYS_MAX} days`),
    weeklyGoal: weeklyGoalSchema,
    timeZone: timeZoneSchema,
  })
  .strict();
