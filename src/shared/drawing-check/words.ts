// What the check says about a cell, in the grid's own language: "C4: lines about 3 mm low and to the right".
// Each sentence is one whole message, marked for the catalogs (`/*i18n*/`, decision 056): the web
// passes its translation (`(id, values) => i18n._(id, values)`); English by default.
import { english, type TranslateMessage } from "../i18n/translate";
import type { CellCheck } from "./cell-check";

/** A direction is named when it is at least this many millimetres and a fair share of the error. */
const NAMED_MM = 1;

type Vertical = "low" | "high" | null;
type Horizontal = "right" | "left" | null;

/** "Lines about {mm} mm" and where to, for each direction and pair of directions. */
function moved(
  vertical: Vertical,
  horizontal: Horizontal,
  translate: TranslateMessage,
  values: { label: string; mm: number },
) {
  if (vertical === "low") {
    if (horizontal === "right") return translate(/*i18n*/ "{label}: lines about {mm} mm low and to the right", values);
    if (horizontal === "left") return translate(/*i18n*/ "{label}: lines about {mm} mm low and to the left", values);
    return translate(/*i18n*/ "{label}: lines about {mm} mm low", values);
  }
  if (vertical === "high") {
    if (horizontal === "right") return translate(/*i18n*/ "{label}: lines about {mm} mm high and to the right", values);
    if (horizontal === "left") return translate(/*i18n*/ "{label}: lines about {mm} mm high and to the left", values);
    return translate(/*i18n*/ "{label}: lines about {mm} mm high", values);
  }
  return horizontal === "right"
    ? translate(/*i18n*/ "{label}: lines about {mm} mm to the right", values)
    : translate(/*i18n*/ "{label}: lines about {mm} mm to the left", values);
}

export function describeCell(check: CellCheck, translate: TranslateMessage = english): string {
  const { label } = check;
  switch (check.status) {
    case "not-drawn":
      return translate(/*i18n*/ "{label}: not drawn yet", { label });
    case "empty":
      return translate(/*i18n*/ "{label}: nothing to draw here", { label });
    case "partial":
      return translate(/*i18n*/ "{label}: partly drawn, what is there is close", { label });
    case "close":
      return translate(/*i18n*/ "{label}: matches (within 1.5 mm)", { label });
    default:
      break;
  }
  const { x, y } = check.offsetMm;
  const size = Math.hypot(x, y);
  const mm = Math.max(1, Math.round(check.errorMm));
  const vertical: Vertical = Math.abs(y) >= NAMED_MM && Math.abs(y) >= 0.4 * size ? (y > 0 ? "low" : "high") : null;
  const horizontal: Horizontal =
    Math.abs(x) >= NAMED_MM && Math.abs(x) >= 0.4 * size ? (x > 0 ? "right" : "left") : null;
  // Most of the error is the lines being moved as a whole: say where to.
  if ((vertical || horizontal) && size >= 0.6 * check.errorMm)
    return moved(vertical, horizontal, translate, { label, mm: Math.max(1, Math.round(size)) });
  return translate(/*i18n*/ "{label}: lines about {mm} mm from the template's", { label, mm });
}
