// A cell's verdict, as the check gives it and the screen, the lists and the kept checks read it.
import type { CheckStatus } from "./kept-checks";

/** The bands, in millimetres on the paper. */
export const CLOSE_MM = 1.5;
export const NEAR_MM = 4;

/** close: within 1.5 mm; near: within 4 mm; off: further; partial: close but half its lines missing; not-drawn; empty: nothing to draw. */
export type CellStatus = CheckStatus;

export interface CellCheck {
  label: string;
  column: number;
  row: number;
  status: CellStatus;
  /** How far the lines are from the template's, in mm (0 for cells not drawn). */
  errorMm: number;
  /** Where the learner's lines sit against the template's, in mm (x to the right, y down). */
  offsetMm: { x: number; y: number };
  /** Share of the template's outlines in the cell that the learner has drawn. */
  coverage: number;
}

/** Cells the check found matching: drawn within tolerance, or with nothing to draw on a drawn page. */
export const matchingCells = (cells: readonly CellCheck[]) =>
  cells.filter((cell) => cell.status === "close" || cell.status === "empty").map((cell) => cell.label);
