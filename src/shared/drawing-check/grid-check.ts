// The learner's own grid, checked (issue 45): a line ruled a few millimetres off makes one column
// (or row) narrower and its neighbour wider, and every cell beside it is copied off with it: the
// grid method's most common error. The lines' offsets are those the grid fit found (grid-lines.ts).
// A grid not square leans every square with it; only the sheet's own edges show it (decision 068).
import { columnLabel } from "../grid/grid";
import type { GridFit } from "./grid-lines";
import { apply, homography } from "./homography";
import type { PaperMm } from "./paper-geometry";
import type { Corners, Point } from "./straighten";

/** A column or row off by this much is worth redrawing (a printed grid is within a few tenths). */
const UNEVEN_MM = 1.5;

export interface UnevenGrid {
  axis: "column" | "row";
  /** The column's letter or the row's number, as on the paper. */
  label: string;
  /** How much narrower (shorter) or wider (taller) than it should be, in mm. */
  mm: number;
  narrower: boolean;
  /** Which of its two lines to redraw: the left (top) one, or the right (bottom) one. */
  line: "start" | "end";
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The most uneven column or row of the learner's grid, when one is off by 1.5 mm or more. */
export function unevenGrid(lines: GridFit["lineOffsetsMm"]): UnevenGrid | null {
  const worst = (offsets: (number | null)[], axis: UnevenGrid["axis"]): UnevenGrid | null => {
    const known = offsets.filter((offset): offset is number => offset !== null);
    if (known.length < 3) return null;
    // Most lines sit where the corners put them: the one furthest from the rest is the one to redraw.
    const typical = median(known);
    let found: UnevenGrid | null = null;
    for (let i = 0; i + 1 < offsets.length; i++) {
      const start = offsets[i];
      const end = offsets[i + 1];
      if (start == null || end == null) continue;
      const change = end - start;
      if (Math.abs(change) < UNEVEN_MM || (found && Math.abs(change) <= found.mm)) continue;
      found = {
        axis,
        label: axis === "column" ? columnLabel(i) : String(i + 1),
        mm: Math.abs(change),
        narrower: change < 0,
        line: Math.abs(end - typical) >= Math.abs(start - typical) ? "end" : "start",
      };
    }
    return found;
  };
  const column = worst(lines.vertical, "column");
  const row = worst(lines.horizontal, "row");
  if (column && row) return column.mm >= row.mm ? column : row;
  return column ?? row;
}

/** A grid this far from square is worth ruling again: over a sheet's height, 1° puts its far side about 4 mm off. */
const LEAN_AT_LEAST_DEG = 1;
/** The grid's corners may lie this far (a share of the sheet) outside the sheet found: else that was not its sheet. */
const OUTSIDE_SHEET = 0.03;

export interface LeaningGrid {
  /** The lines that lean: those further from the sheet's own edges. */
  lines: "upright" | "level";
  /** How far from square to the other lines, in degrees. */
  degrees: number;
  /** Turned clockwise from square: upright lines' tops to the right, level lines down to the right. */
  clockwise: boolean;
}

const angleOf = ({ x, y }: Point) => (Math.atan2(y, x) * 180) / Math.PI;
/** An angle folded to within 45° of the nearest of the sheet's edges. */
const fromEdges = (degrees: number) => ((((degrees + 45) % 90) + 90) % 90) - 45;

/**
 * Whether the learner's grid is square, against the sheet it is ruled on (sheet-edges.ts). Both are
 * seen in the same perspective; the sheet's corners are square, so mapping the sheet to a rectangle
 * undoes the perspective up to how wide that rectangle is for its height, which the grid's own
 * width for its height settles (a square grid stays square however long it is made; a leaning one
 * does not straighten). Null when square to within 1°, or when the grid does not lie on that sheet.
 */
export function leaningGrid(sheet: Corners, grid: Corners, paper: PaperMm): LeaningGrid | null {
  const unit: Corners = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ];
  const toSheet = homography(sheet, unit);
  if (!toSheet) return null;
  const [tl, tr, br, bl] = grid.map((corner) => apply(toSheet, corner.x, corner.y)) as Corners;
  if ([tl, tr, br, bl].some(({ x, y }) => Math.min(x, y) < -OUTSIDE_SHEET || Math.max(x, y) > 1 + OUTSIDE_SHEET))
    return null;
  // The grid's level and upright sides, each the mean of its two.
  const level = { x: (tr.x - tl.x + br.x - bl.x) / 2, y: (tr.y - tl.y + br.y - bl.y) / 2 };
  const upright = { x: (bl.x - tl.x + br.x - tr.x) / 2, y: (bl.y - tl.y + br.y - tr.y) / 2 };
  // The sheet's width for its height, r: the grid's sides, the sheet's first axis stretched by r, are as long as the paper says.
  const aspect = paper.widthMm / paper.heightMm;
  const r2 = (aspect ** 2 * upright.y ** 2 - level.y ** 2) / (level.x ** 2 - aspect ** 2 * upright.x ** 2);
  if (!(r2 > 0) || !Number.isFinite(r2)) return null;
  const r = Math.sqrt(r2);
  const levelAngle = angleOf({ x: r * level.x, y: level.y });
  const uprightAngle = angleOf({ x: r * upright.x, y: upright.y });
  // On screen (y down) an upright side is its level side turned 90° clockwise.
  const offSquare = ((uprightAngle - levelAngle - 90 + 540) % 360) - 180;
  if (Math.abs(offSquare) < LEAN_AT_LEAST_DEG) return null;
  const uprightLeans = Math.abs(fromEdges(uprightAngle)) > Math.abs(fromEdges(levelAngle));
  return {
    lines: uprightLeans ? "upright" : "level",
    degrees: Math.abs(offSquare),
    // Upright lines turned clockwise open the corner between them; level lines turned clockwise close it.
    clockwise: uprightLeans ? offSquare > 0 : offSquare < 0,
  };
}
