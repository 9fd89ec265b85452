// A drawing check as it is kept with a learner's progress (decision 028): the verdict and distance
// of every cell (the photo only when the learner keeps it). Limits and the accuracy summary shared by
// the server and the canvas's chart; the request's schema is in kept-check-schema.ts, so the
// canvas does not load zod for a constant.

export const CHECK_STATUSES = ["close", "near", "off", "partial", "not-drawn", "empty"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The check answers for grids up to this many cells (50 × 50): beyond, a phone photo cannot resolve a cell. */
export const CHECK_MAX_CELLS = 2500;
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

/** POST /api/checks/{dragonId}: every cell of the grid, in reading order. */
export interface SaveCheck {
  columns: number;
  rows: number;
  cells: KeptCell[];
}

export interface KeptCheck extends SaveCheck {
  id: string;
  createdAt: string;
  /** The photo kept with it (its owner's eyes only), or null. */
  photoUrl: string | null;
}

/** Drawn cells, those within tolerance, and their share (null before anything is drawn). */
export function checkSummary(cells: readonly { status: CheckStatus }[]): {
  drawn: number;
  close: number;
  accuracy: number | null;
} {
  const drawn = cells.filter((cell) => cell.status !== "not-drawn" && cell.status !== "empty").length;
  const close = cells.filter((cell) => cell.status === "close").length;
  return { drawn, close, accuracy: drawn ? close / drawn : null };
}
