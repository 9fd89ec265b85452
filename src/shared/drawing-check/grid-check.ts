// The learner's own grid, checked (issue 45): a line ruled a few millimetres off makes one column
// (or row) narrower and its neighbour wider, and every cell beside it is copied off with it: the
// grid method's most common error. The lines' offsets are those the grid fit found (grid-lines.ts).
import { columnLabel } from "../grid/grid";
import type { GridFit } from "./grid-lines";

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
