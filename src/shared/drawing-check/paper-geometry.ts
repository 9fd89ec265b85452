// The paper the learner drew on, in millimetres: what the check measures in.
import { gridLinePlaces } from "../grid/grid";
import { linesOf, type GridLineSet } from "../grid/ladder";
import type { Unit } from "../grid/paper";

/** A rectangle on the paper, in mm from the grid's top-left corner. */
export type AreaMm = { x: number; y: number; width: number; height: number };

export interface PaperMm {
  widthMm: number;
  heightMm: number;
  gridMm: number;
  columns: number;
  rows: number;
  /** Which of the grid's lines are on the paper (the grid ladder's step, decision 074); every one when not said. */
  lines?: GridLineSet;
}

const drawnOf = new WeakMap<PaperMm, { xs: number[]; ys: number[] }>();
/**
 * The lines on the paper, in mm from its top-left corner: the columns' (x) and the rows' (y), the
 * first and last of each its border; worked out once per paper (finding a grid asks for them often).
 */
export function drawnLinesMm(paper: PaperMm): { xs: number[]; ys: number[] } {
  let drawn = drawnOf.get(paper);
  if (!drawn) {
    const set = paper.lines ?? "full";
    drawn = {
      xs: linesOf(set, gridLinePlaces(paper.columns, paper.widthMm, paper.gridMm)),
      ys: linesOf(set, gridLinePlaces(paper.rows, paper.heightMm, paper.gridMm)),
    };
    drawnOf.set(paper, drawn);
  }
  return drawn;
}

const MM_PER_UNIT: Record<Unit, number> = { in: 25.4, cm: 10 };

/**
 * `grid`: the columns and rows the canvas counts (shared/grid/grid.ts gridDimensions), passed in rather
 * than counted again from millimetres, which could round to another count.
 */
export function paperInMm(
  paper: { paperWidth: number; paperHeight: number; gridSize: number; unit: Unit },
  grid: { columns: number; rows: number },
  lines: GridLineSet = "full",
): PaperMm {
  const scale = MM_PER_UNIT[paper.unit];
  return {
    widthMm: paper.paperWidth * scale,
    heightMm: paper.paperHeight * scale,
    gridMm: paper.gridSize * scale,
    columns: grid.columns,
    rows: grid.rows,
    lines,
  };
}

/** Largest raster the check works on: enough for a poster without running a phone out of memory. */
const MAX_PIXELS = 4_000_000;
/** Pixels per millimetre: 4 (a pencil line is two pixels wide), fewer on very large paper. */
export function workingScale(paper: PaperMm): number {
  return Math.min(4, Math.sqrt(MAX_PIXELS / (paper.widthMm * paper.heightMm)));
}

/** The same paper and grid (a check's result stays meaningful only for them). */
export const samePaper = (a: PaperMm, b: PaperMm) =>
  Math.abs(a.widthMm - b.widthMm) < 0.05 &&
  Math.abs(a.heightMm - b.heightMm) < 0.05 &&
  Math.abs(a.gridMm - b.gridMm) < 0.05;
