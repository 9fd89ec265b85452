// What the check says about a cell, in the grid's own language: "C4: lines about 3 mm low and to the right".
import type { CellCheck } from "./cell-check";

/** A direction is named when it is at least this many millimetres and a fair share of the error. */
const NAMED_MM = 1;

export function describeCell(check: CellCheck): string {
  switch (check.status) {
    case "not-drawn":
      return `${check.label}: not drawn yet`;
    case "empty":
      return `${check.label}: nothing to draw here`;
    case "partial":
      return `${check.label}: partly drawn, what is there is close`;
    case "close":
      return `${check.label}: matches (within 1.5 mm)`;
    default:
      break;
  }
  const { x, y } = check.offsetMm;
  const size = Math.hypot(x, y);
  const mm = Math.max(1, Math.round(check.errorMm));
  const parts: string[] = [];
  if (Math.abs(y) >= NAMED_MM && Math.abs(y) >= 0.4 * size) parts.push(y > 0 ? "low" : "high");
  if (Math.abs(x) >= NAMED_MM && Math.abs(x) >= 0.4 * size) parts.push(x > 0 ? "to the right" : "to the left");
  // Most of the error is the lines being moved as a whole: say where to.
  if (parts.length && size >= 0.6 * check.errorMm)
    return `${check.label}: lines about ${Math.max(1, Math.round(size))} mm ${parts.join(" and ")}`;
  return `${check.label}: lines about ${mm} mm from the template's`;
}
