// A drawing check as it is kept with a learner's progress (decision 028): the verdict and distance
// of every cell, never the photo. The same rules for the server's validation and the canvas's
// history chart.
import { z } from "zod";
import { isCellInGrid } from "./done-cells";
import { text } from "./text";

export const CHECK_STATUSES = ["close", "near", "off", "partial", "not-drawn", "empty"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The check answers for grids up to this many cells (50 × 50): beyond, a phone photo cannot resolve a cell. */
export const CHECK_MAX_CELLS = 2500;
/** Checks kept per learner and dragon: the newest, enough for the chart. */
export const CHECKS_KEPT = 20;
/** Distances are kept to a tenth of a millimetre, and at most this (anything further is simply "off"). */
export const CHECK_MAX_ERROR_MM = 100;

const count = (name: string) => z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(CHECK_MAX_CELLS, `${name} can be at most ${CHECK_MAX_CELLS}`);

export const keptCellSchema = z.object({
  label: text().regex(/^[A-Z]{1,3}[1-9][0-9]{0,3}$/, "label must be a cell label like C4"),
  status: z.enum(CHECK_STATUSES, { error: `status must be one of ${CHECK_STATUSES.join(", ")}` }),
  errorMm: z.number({ error: "errorMm must be a number" }).finite().min(0, "errorMm must be at least 0").max(CHECK_MAX_ERROR_MM, `errorMm can be at most ${CHECK_MAX_ERROR_MM}`),
});
export type KeptCell = z.output<typeof keptCellSchema>;

export const saveCheckSchema = z
  .object({
    columns: count("columns"),
    rows: count("rows"),
    cells: z.array(keptCellSchema, { error: "cells must be a list of cells" }).max(CHECK_MAX_CELLS, `cells can hold at most ${CHECK_MAX_CELLS} cells`),
  })
  .strict()
  .superRefine((check, context) => {
    if (check.columns * check.rows > CHECK_MAX_CELLS) context.addIssue({ code: "custom", path: ["cells"], message: `A check covers at most ${CHECK_MAX_CELLS} cells` });
    else if (check.cells.length !== check.columns * check.rows) context.addIssue({ code: "custom", path: ["cells"], message: "cells must hold every cell of the grid once" });
    const labels = new Set(check.cells.map((cell) => cell.label));
    if (labels.size !== check.cells.length) context.addIssue({ code: "custom", path: ["cells"], message: "cells must not repeat a cell" });
    if (check.cells.some((cell) => !isCellInGrid(cell.label, check))) context.addIssue({ code: "custom", path: ["cells"], message: "cells must be cells of the grid" });
  });
export type SaveCheck = z.output<typeof saveCheckSchema>;

export interface KeptCheck extends SaveCheck {
  id: string;
  createdAt: string;
  /** The photo kept with it (its owner's eyes only), or null. */
  photoUrl: string | null;
}

/** Drawn cells, those within tolerance, and their share (null before anything is drawn). */
export function checkSummary(cells: readonly { status: CheckStatus }[]): { drawn: number; close: number; accuracy: number | null } {
  const drawn = cells.filter((cell) => cell.status !== "not-drawn" && cell.status !== "empty").length;
  const close = cells.filter((cell) => cell.status === "close").length;
  return { drawn, close, accuracy: drawn ? close / drawn : null };
}
