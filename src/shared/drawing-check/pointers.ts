// Where on the learner's paper each correction points (issue 45: "each pointing at its place on
// the photo"): the line of their grid to redraw or the line square to it, the squares of a part out
// of proportion or shaded off, or the whole drawing for its size, turn, place and stretch, with the
// side a size is furthest off on.
// In millimetres on the paper, so the result screen draws them over the straightened photo.
import { parseCellLabel, parseColumnLabel } from "../grid/grid";
import type { CellBlock } from "./proportion";
import type { Correction, Towards } from "./corrections";
import type { PaperMm } from "./paper-geometry";
import type { PointMm } from "./whole-drawing";

export interface BoxMm {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Pointer {
  /** What is outlined: a box on the paper, or one line of the learner's grid. */
  shape: { box: BoxMm } | { line: { from: PointMm; to: PointMm } };
  /** Where the correction's number sits, on the paper. */
  badge: PointMm;
}

/** Two numbers closer than this (mm) would cover each other: the later one moves along. */
const BADGE_APART_MM = 9;

/** The squares a part out of proportion names ("C2" to "E4"), as a block of column and row indices. */
export function partSquares({ from, to }: { from: string; to: string }): CellBlock | null {
  const first = parseCellLabel(from);
  const last = parseCellLabel(to);
  return first && last ? { left: first.column, top: first.row, right: last.column, bottom: last.row } : null;
}

/** The middle of the side or corner `towards` of a box. */
function sideOfBox(box: BoxMm, towards: Towards): PointMm {
  const x = towards.endsWith("left") ? box.left : towards.endsWith("right") ? box.right : (box.left + box.right) / 2;
  const y = towards.startsWith("top")
    ? box.top
    : towards.startsWith("bottom")
      ? box.bottom
      : (box.top + box.bottom) / 2;
  return { x, y };
}

function pointerOf(correction: Correction, paper: PaperMm): Pointer | null {
  const { gridMm } = paper;
  const gridRight = Math.min(paper.widthMm, paper.columns * gridMm);
  const gridBottom = Math.min(paper.heightMm, paper.rows * gridMm);
  switch (correction.kind) {
    case "grid": {
      const index = correction.axis === "column" ? parseColumnLabel(correction.label) : Number(correction.label) - 1;
      if (index === null || !Number.isFinite(index)) return null;
      const at = (index + (correction.line === "end" ? 1 : 0)) * gridMm;
      return correction.axis === "column"
        ? { shape: { line: { from: { x: at, y: 0 }, to: { x: at, y: gridBottom } } }, badge: { x: at, y: gridMm / 2 } }
        : { shape: { line: { from: { x: 0, y: at }, to: { x: gridRight, y: at } } }, badge: { x: gridMm / 2, y: at } };
    }
    case "lean": {
      // The straightened photo shows the learner's grid square, so a truly square line slants
      // across it; it starts from the corner where it runs into the grid, not off it.
      const slant = Math.tan((correction.degrees * Math.PI) / 180);
      const [from, to] =
        correction.lines === "upright"
          ? correction.clockwise
            ? [
                { x: 0, y: 0 },
                { x: slant * gridBottom, y: gridBottom },
              ]
            : [
                { x: gridRight, y: 0 },
                { x: gridRight - slant * gridBottom, y: gridBottom },
              ]
          : correction.clockwise
            ? [
                { x: 0, y: gridBottom },
                { x: gridRight, y: gridBottom - slant * gridRight },
              ]
            : [
                { x: 0, y: 0 },
                { x: gridRight, y: slant * gridRight },
              ];
      const along = gridMm / 2 / Math.hypot(to.x - from.x, to.y - from.y);
      return {
        shape: { line: { from, to } },
        badge: { x: from.x + (to.x - from.x) * along, y: from.y + (to.y - from.y) * along },
      };
    }
    case "tone":
    case "part": {
      const squares = partSquares(correction);
      if (!squares) return null;
      const box = {
        left: squares.left * gridMm,
        top: squares.top * gridMm,
        right: Math.min(gridRight, (squares.right + 1) * gridMm),
        bottom: Math.min(gridBottom, (squares.bottom + 1) * gridMm),
      };
      return { shape: { box }, badge: { x: box.left, y: box.top } };
    }
    case "size": {
      const box = correction.extentMm;
      return { shape: { box }, badge: sideOfBox(box, correction.towards ?? "top-left") };
    }
    case "turn":
    case "shift":
    case "stretch":
      return {
        shape: { box: correction.extentMm },
        badge: { x: correction.extentMm.left, y: correction.extentMm.top },
      };
  }
}

/** Each correction's pointer, in the same order (null where it has no place); numbers kept apart. */
export function pointersOf(corrections: readonly Correction[], paper: PaperMm): (Pointer | null)[] {
  const placed: PointMm[] = [];
  return corrections.map((correction) => {
    const pointer = pointerOf(correction, paper);
    if (!pointer) return null;
    const badge = { ...pointer.badge };
    while (placed.some((other) => Math.hypot(other.x - badge.x, other.y - badge.y) < BADGE_APART_MM))
      badge.x += BADGE_APART_MM;
    placed.push(badge);
    return { ...pointer, badge };
  });
}
