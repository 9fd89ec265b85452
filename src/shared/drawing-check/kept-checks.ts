import type { LadderStep } from "../grid/ladder";

// A drawing check as it is kept with a learner's progress (decision 028): the verdict and distance
// of every cell (the photo only when the learner keeps it). Limits and the accuracy summary shared by
// the server and the canvas's chart; the request's schema is in kept-check-schema.ts, so the
// canvas does not load zod for a constant.

export const CHECK_STATUSES = ["close", "near", "off", "partial", "not-drawn", "empty"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The check answers for grids up to this many cells (50 × 50): beyond, a phone photo cannot resolve a cell. */
export const CHECK_MAX_CELLS = 2500;
/** A practice sheet holds at most this many cells (practice-sheet.ts). */
export const PRACTICE_MAX = 6;
/** Checks kept per learner and dragon: the newest, enough for the chart. */
export const CHECKS_KEPT = 20;
/** Distances are kept to a tenth of a millimetre, and at most this (anything further is simply "off"). */
export const CHECK_MAX_ERROR_MM = 100;

/** One cell of a kept check (its shape is validated by kept-check-schema.ts). */
export interface KeptCell {
  label: string;
  status: CheckStatus;
  errorMm: number;
}

/**
 * The whole drawing against the template, as a check keeps it (decisions 061, 064 and 065): its size
 * off in % (more than 0: too large), its turn in degrees (more than 0: clockwise), its shift in mm,
 * its part most out of proportion with the rest in % (0: none worth saying) and how much too wide
 * for its height it is in % (less than 0: too tall), so the progress shows each kind of error over
 * time. The last two are absent from checks kept before they were measured.
 */
export interface KeptWhole {
  sizePercent: number;
  turnDegrees: number;
  shiftMm: number;
  partPercent?: number;
  stretchPercent?: number;
}

/** The most a kept check's whole-drawing figures may say: beyond them the fit has found another drawing. */
export const CHECK_MAX_WHOLE: Required<KeptWhole> = {
  sizePercent: 50,
  turnDegrees: 45,
  shiftMm: 100,
  partPercent: 50,
  stretchPercent: 50,
};

const tenth = (value: number, bound: number) => Math.round(Math.max(-bound, Math.min(bound, value)) * 10) / 10;

/** The figures a check keeps of the whole drawing's fit (whole-drawing.ts: size, turn, shift, stretch) and of a part out of proportion (proportion.ts), to a tenth and within bounds. */
export function keptWhole(
  whole: { scale: number; rotationDeg: number; stretch: number; shiftMm: { x: number; y: number } } | null,
  part: { scale: number } | null = null,
): KeptWhole | null {
  if (!whole) return null;
  return {
    sizePercent: tenth((whole.scale - 1) * 100, CHECK_MAX_WHOLE.sizePercent),
    turnDegrees: tenth(whole.rotationDeg, CHECK_MAX_WHOLE.turnDegrees),
    shiftMm: tenth(Math.hypot(whole.shiftMm.x, whole.shiftMm.y), CHECK_MAX_WHOLE.shiftMm),
    partPercent: part ? tenth((part.scale - 1) * 100, CHECK_MAX_WHOLE.partPercent) : 0,
    stretchPercent: tenth((whole.stretch - 1) * 100, CHECK_MAX_WHOLE.stretchPercent),
  };
}

/** POST /api/checks/{dragonId}: every cell of the grid, in reading order, and the whole drawing's figures when it had some. */
export interface SaveCheck {
  columns: number;
  rows: number;
  cells: KeptCell[];
  whole: KeptWhole | null;
  /** The grid ladder's step the drawing was made at (decision 074); null when not known (checks kept before it was recorded). */
  ladderStep?: LadderStep | null;
  /** When a visitor's browser kept it, for a check moved into their new account; absent: now. */
  keptAt?: string;
}

/**
 * PUT /api/checks/{dragonId}/{checkId}/practice: the cells of the practice sheet made from a check
 * (practice-sheet.ts), as a photo of it scored them, in the sheet's order.
 */
export interface SavePractice {
  cells: KeptCell[];
}

/** The latest photo of a check's practice sheet, kept with the check: its cells after, beside the check's before. */
export interface KeptPractice extends SavePractice {
  practisedAt: string;
}

export interface KeptCheck extends SaveCheck {
  id: string;
  ladderStep: LadderStep | null;
  createdAt: string;
  /** The photo kept with it (its owner's eyes only), or null. */
  photoUrl: string | null;
  /** Its practice sheet, photographed; null before (and for checks kept before practice sheets). */
  practice: KeptPractice | null;
}

/** A cell with something drawn in it (not one still to draw, nor one with nothing to draw). */
export const isDrawn = (cell: { status: CheckStatus }) => cell.status !== "not-drawn" && cell.status !== "empty";

/** Drawn cells, those within tolerance, and their share (null before anything is drawn). */
export function checkSummary(cells: readonly { status: CheckStatus }[]): {
  drawn: number;
  close: number;
  accuracy: number | null;
} {
  const drawn = cells.filter(isDrawn).length;
  const close = cells.filter((cell) => cell.status === "close").length;
  return { drawn, close, accuracy: drawn ? close / drawn : null };
}
