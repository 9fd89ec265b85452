import { COMPARED_STATUSES, medianErrorMm } from "../drawing-check/cell-errors";

// A grid that fades (decision 074): five steps from the full grid with diagonals to the paper's
// border alone, the way drawing teachers take a beginner off the grid. The canvas, the cell viewer
// and the PDF draw the step's lines; the drawing check still measures every cell.

/** Which of the grid's lines are drawn. */
export const GRID_LINE_SETS = ["full", "alternate", "centre", "border"] as const;
export type GridLineSet = (typeof GRID_LINE_SETS)[number];

export const LADDER_STEPS = [1, 2, 3, 4, 5] as const;
export type LadderStep = (typeof LADDER_STEPS)[number];
export const isLadderStep = (value: unknown): value is LadderStep => LADDER_STEPS.includes(value as LadderStep);
// Marked for the catalogs (`/*i18n*/`): the web shows them through `i18n._`.
export const LADDER_STEP_NAMES: Record<LadderStep, string> = {
  1: /*i18n*/ "Full grid with diagonals",
  2: /*i18n*/ "Full grid",
  3: /*i18n*/ "Every other line",
  4: /*i18n*/ "Border and centre lines",
  5: /*i18n*/ "Border only (freehand)",
};

/** The lines and diagonals of each step. */
const STEPS: Record<LadderStep, { gridLines: GridLineSet; diagonals: boolean }> = {
  1: { gridLines: "full", diagonals: true },
  2: { gridLines: "full", diagonals: false },
  3: { gridLines: "alternate", diagonals: false },
  4: { gridLines: "centre", diagonals: false },
  5: { gridLines: "border", diagonals: false },
};

/** The step a view is at: diagonals count only over the full grid, where they are drawn. */
export function ladderStep(view: { gridLines: GridLineSet; diagonals: boolean }): LadderStep {
  if (view.gridLines === "full") return view.diagonals ? 1 : 2;
  return view.gridLines === "alternate" ? 3 : view.gridLines === "centre" ? 4 : 5;
}

/** What a view changes to at `step`. */
export const viewAtStep = (step: LadderStep) => STEPS[step];

/**
 * The lines a set keeps of one direction's full grid `all` (its first and last are the paper's
 * border): every one; every other one from the border, and the far border; the centre line,
 * halfway across the paper, with the border; the border alone.
 */
export function linesOf(set: GridLineSet, all: readonly number[]): number[] {
  const border = [all[0]!, all.at(-1)!];
  if (set === "full") return [...all];
  if (set === "alternate") return all.filter((_, index) => index % 2 === 0 || index === all.length - 1);
  if (set === "centre") return [border[0]!, (border[0]! + border[1]!) / 2, border[1]!];
  return border;
}

/** Median error and share of cells off at or under which a check offers fewer lines (issue 46). */
const READY_MEDIAN_MM = 1.5;
const READY_OFF_SHARE = 0.1;

/**
 * Whether a check's cells are good enough to try the next step: of the cells with something drawn
 * to compare, the median error is at most 1.5 mm and at most 10 % are off.
 */
export function readyForFewerLines(cells: readonly { status: string; errorMm: number }[]): boolean {
  const median = medianErrorMm(cells);
  if (median === null) return false;
  const drawn = cells.filter((cell) => COMPARED_STATUSES.includes(cell.status));
  const off = drawn.filter((cell) => cell.status === "off").length;
  return median <= READY_MEDIAN_MM && off <= drawn.length * READY_OFF_SHARE;
}
