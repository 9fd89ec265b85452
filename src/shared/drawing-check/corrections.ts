// The one to three corrections a teacher would say first (issue 45), from the learner's grid
// (grid-check.ts: not square, or one line ruled off), the whole drawing's fit (whole-drawing.ts:
// its size, its turn, its place, its width for its height), a part out of proportion with the rest
// (proportion.ts) and an area shaded too dark or too light (tone.ts). Each is said only when it is
// large enough to matter on paper and the fit explains the lines better for it; the drawing's
// largest first, measured as how far it moves the drawing's far edge. Each sentence is one whole
// message for the catalogs (decision 056); English by default.
import { english, type TranslateMessage } from "../i18n/translate";
import type { LeaningGrid, UnevenGrid } from "./grid-check";
import type { PartOff } from "./proportion";
import type { ToneOff } from "./tone";
import type { PointMm, WholeDrawing } from "./whole-drawing";

/** Smaller than these, a teacher would not mention it (and a photo cannot tell it surely). */
const SIZE_AT_LEAST = 0.03;
const TURN_AT_LEAST_DEG = 1.5;
const SHIFT_AT_LEAST_MM = 2;
const STRETCH_AT_LEAST = 0.03;
/** Taking the whole-drawing error out must bring the lines at least this much closer (mm, mean). */
const EXPLAINS_AT_LEAST_MM = 0.3;
/** And the stretch alone, this much closer than the best fit without it: a faithful copy's is noise. */
const STRETCH_EXPLAINS_AT_LEAST_MM = 0.1;

/** The template's lines' extent on the paper (mm): what a correction of the whole drawing points at. */
type Extent = WholeDrawing["extentMm"];

export type Correction =
  | ({ kind: "lean" } & LeaningGrid)
  | ({ kind: "grid" } & UnevenGrid)
  | { kind: "size"; percent: number; larger: boolean; towards: Towards | null; atEdgeMm: number; extentMm: Extent }
  | { kind: "turn"; degrees: number; clockwise: boolean; atEdgeMm: number; extentMm: Extent }
  | { kind: "shift"; mm: number; towards: Towards; atEdgeMm: number; extentMm: Extent }
  | { kind: "stretch"; percent: number; wider: boolean; atEdgeMm: number; extentMm: Extent }
  | { kind: "part"; percent: number; larger: boolean; from: string; to: string; atEdgeMm: number }
  | { kind: "tone"; darker: boolean; from: string; to: string };

/** Where on the drawing: one of the eight sides and corners. */
export type Towards = "top" | "bottom" | "left" | "right" | "top-left" | "top-right" | "bottom-left" | "bottom-right";

/** The side or corner of the extent that `point` is in (thirds); null in its middle. */
function sideOf(point: PointMm, extent: Extent): Towards | null {
  const fx = (point.x - extent.left) / Math.max(1, extent.right - extent.left);
  const fy = (point.y - extent.top) / Math.max(1, extent.bottom - extent.top);
  const h = fx < 1 / 3 ? "left" : fx > 2 / 3 ? "right" : "";
  const v = fy < 1 / 3 ? "top" : fy > 2 / 3 ? "bottom" : "";
  return ((v && h ? `${v}-${h}` : v || h) || null) as Towards | null;
}

/**
 * Whether a point is near enough to the drawing to be where the learner began: on it, or within
 * half its size around it (a learner may start from a square beside the picture's edge).
 */
function nearDrawing(point: PointMm, extent: Extent): boolean {
  const marginX = (extent.right - extent.left) / 2;
  const marginY = (extent.bottom - extent.top) / 2;
  return (
    point.x >= extent.left - marginX &&
    point.x <= extent.right + marginX &&
    point.y >= extent.top - marginY &&
    point.y <= extent.bottom + marginY
  );
}

const OPPOSITE: Record<Towards, Towards> = {
  top: "bottom",
  bottom: "top",
  left: "right",
  right: "left",
  "top-left": "bottom-right",
  "top-right": "bottom-left",
  "bottom-left": "top-right",
  "bottom-right": "top-left",
};

/** The direction a shift of (x, y) mm goes, naming an axis only when it is a fair share of it. */
function directionOf({ x, y }: PointMm): Towards {
  const size = Math.hypot(x, y);
  const h = Math.abs(x) >= 0.4 * size ? (x > 0 ? "right" : "left") : "";
  const v = Math.abs(y) >= 0.4 * size ? (y > 0 ? "bottom" : "top") : "";
  return (v && h ? `${v}-${h}` : v || h) as Towards;
}

/**
 * The shift that is the drawing's own: none when it grows, stretches or turns about a point on or
 * near it, since then it was begun in the right place and its middle moving is the size, the
 * stretch or the turn.
 */
export function ownShift(whole: WholeDrawing): PointMm {
  const grownOrTurned =
    Math.abs(whole.scale - 1) >= SIZE_AT_LEAST ||
    Math.abs(whole.stretch - 1) >= STRETCH_AT_LEAST ||
    Math.abs(whole.rotationDeg) >= TURN_AT_LEAST_DEG;
  const begunRight = grownOrTurned && whole.fixedMm !== null && nearDrawing(whole.fixedMm, whole.extentMm);
  return begunRight ? { x: 0, y: 0 } : whole.shiftMm;
}

/**
 * What to fix first: the learner's own grid when it is not square (every square leans with it) or
 * one of its lines is ruled off (every cell beside it follows it), then the whole drawing's size,
 * turn and place and a part out of proportion, the one that moves lines furthest first, then an
 * area shaded too dark or too light (shapes before tone, as a teacher would).
 */
export function corrections(
  whole: WholeDrawing | null,
  grid: UnevenGrid | null = null,
  part: PartOff | null = null,
  lean: LeaningGrid | null = null,
  tone: ToneOff | null = null,
): Correction[] {
  const first: Correction[] = [
    ...(lean ? [{ kind: "lean" as const, ...lean }] : []),
    ...(grid ? [{ kind: "grid" as const, ...grid }] : []),
  ];
  const drawing: DrawingCorrection[] = [
    ...(whole ? wholeDrawingCorrections(whole) : []),
    ...(part ? [partCorrection(part)] : []),
  ];
  const shading: Correction[] = tone ? [{ kind: "tone", ...tone }] : [];
  return [...first, ...drawing.sort((a, b) => b.atEdgeMm - a.atEdgeMm), ...shading].slice(0, 3);
}

type DrawingCorrection = Exclude<Correction, { kind: "grid" | "lean" | "tone" }>;

/** Is it about the whole drawing's size, turn, place or stretch (what the heat map can take out)? */
export const aboutTheWholeDrawing = (correction: Correction) =>
  correction.kind === "size" ||
  correction.kind === "turn" ||
  correction.kind === "shift" ||
  correction.kind === "stretch";
type WholeDrawingCorrection = Exclude<DrawingCorrection, { kind: "part" }>;

function partCorrection({ from, to, scale, reachMm }: PartOff): DrawingCorrection {
  return {
    kind: "part",
    percent: Math.round(Math.abs(scale - 1) * 100),
    larger: scale > 1,
    from,
    to,
    atEdgeMm: Math.abs(scale - 1) * reachMm,
  };
}

function wholeDrawingCorrections(whole: WholeDrawing): WholeDrawingCorrection[] {
  if (whole.beforeMm - whole.afterMm < EXPLAINS_AT_LEAST_MM) return [];
  const { extentMm: e } = whole;
  const reach = Math.hypot(e.right - e.left, e.bottom - e.top) / 2;
  const found: WholeDrawingCorrection[] = [];
  const sizeOff = whole.scale - 1;
  if (Math.abs(sizeOff) >= SIZE_AT_LEAST) {
    // It is furthest off on the side away from where it stays put (where the learner began).
    const fixedAt = whole.fixedMm ? sideOf(whole.fixedMm, e) : null;
    found.push({
      kind: "size",
      percent: Math.round(Math.abs(sizeOff) * 100),
      larger: sizeOff > 0,
      towards: fixedAt ? OPPOSITE[fixedAt] : null,
      atEdgeMm: Math.abs(sizeOff) * reach * (fixedAt ? 2 : 1),
      extentMm: e,
    });
  }
  if (Math.abs(whole.rotationDeg) >= TURN_AT_LEAST_DEG)
    found.push({
      kind: "turn",
      degrees: Math.round(Math.abs(whole.rotationDeg)),
      clockwise: whole.rotationDeg > 0,
      atEdgeMm: (Math.abs(whole.rotationDeg) * Math.PI * reach) / 180,
      extentMm: e,
    });
  const stretchOff = whole.stretch - 1;
  if (Math.abs(stretchOff) >= STRETCH_AT_LEAST && whole.unstretchedMm - whole.afterMm >= STRETCH_EXPLAINS_AT_LEAST_MM)
    found.push({
      kind: "stretch",
      percent: Math.round(Math.abs(stretchOff) * 100),
      wider: stretchOff > 0,
      // Half of it widens, half of it shortens, each measured from the middle.
      atEdgeMm: (Math.abs(stretchOff) / 2) * reach,
      extentMm: e,
    });
  const own = ownShift(whole);
  const shift = Math.hypot(own.x, own.y);
  if (shift >= SHIFT_AT_LEAST_MM)
    found.push({ kind: "shift", mm: Math.round(shift), towards: directionOf(own), atEdgeMm: shift, extentMm: e });
  return found;
}

/** "It is furthest off towards the bottom right." */
function furthest(towards: Towards, translate: TranslateMessage): string {
  switch (towards) {
    case "top":
      return translate(/*i18n*/ "It is furthest off at the top.");
    case "bottom":
      return translate(/*i18n*/ "It is furthest off at the bottom.");
    case "left":
      return translate(/*i18n*/ "It is furthest off on the left.");
    case "right":
      return translate(/*i18n*/ "It is furthest off on the right.");
    case "top-left":
      return translate(/*i18n*/ "It is furthest off towards the top left.");
    case "top-right":
      return translate(/*i18n*/ "It is furthest off towards the top right.");
    case "bottom-left":
      return translate(/*i18n*/ "It is furthest off towards the bottom left.");
    case "bottom-right":
      return translate(/*i18n*/ "It is furthest off towards the bottom right.");
  }
}

/** "Your whole drawing sits about 4 mm to the right." */
function shifted(towards: Towards, mm: number, translate: TranslateMessage): string {
  switch (towards) {
    case "top":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too high.", { mm });
    case "bottom":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too low.", { mm });
    case "left":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too far left.", { mm });
    case "right":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too far right.", { mm });
    case "top-left":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too high and to the left.", { mm });
    case "top-right":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too high and to the right.", { mm });
    case "bottom-left":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too low and to the left.", { mm });
    case "bottom-right":
      return translate(/*i18n*/ "Your whole drawing sits about {mm} mm too low and to the right.", { mm });
  }
}

/** "Your grid's column E is about 3 mm narrower than the others: redraw the line on its right." */
function unevenWords(grid: UnevenGrid, translate: TranslateMessage): string {
  const values = { label: grid.label, mm: Math.max(1, Math.round(grid.mm)) };
  if (grid.axis === "column") {
    if (grid.narrower)
      return grid.line === "end"
        ? translate(
            /*i18n*/ "Your grid's column {label} is about {mm} mm narrower than the others: redraw the line on its right.",
            values,
          )
        : translate(
            /*i18n*/ "Your grid's column {label} is about {mm} mm narrower than the others: redraw the line on its left.",
            values,
          );
    return grid.line === "end"
      ? translate(
          /*i18n*/ "Your grid's column {label} is about {mm} mm wider than the others: redraw the line on its right.",
          values,
        )
      : translate(
          /*i18n*/ "Your grid's column {label} is about {mm} mm wider than the others: redraw the line on its left.",
          values,
        );
  }
  if (grid.narrower)
    return grid.line === "end"
      ? translate(
          /*i18n*/ "Your grid's row {label} is about {mm} mm shorter than the others: redraw the line below it.",
          values,
        )
      : translate(
          /*i18n*/ "Your grid's row {label} is about {mm} mm shorter than the others: redraw the line above it.",
          values,
        );
  return grid.line === "end"
    ? translate(
        /*i18n*/ "Your grid's row {label} is about {mm} mm taller than the others: redraw the line below it.",
        values,
      )
    : translate(
        /*i18n*/ "Your grid's row {label} is about {mm} mm taller than the others: redraw the line above it.",
        values,
      );
}

/** "Your grid is not square: its upright lines lean about 2° to the right." */
function leaningWords({ lines, degrees, clockwise }: LeaningGrid, translate: TranslateMessage): string {
  const values = { degrees: Math.max(1, Math.round(degrees)) };
  if (lines === "upright")
    return clockwise
      ? translate(/*i18n*/ "Your grid is not square: its upright lines lean about {degrees}° to the right.", values)
      : translate(/*i18n*/ "Your grid is not square: its upright lines lean about {degrees}° to the left.", values);
  return clockwise
    ? translate(/*i18n*/ "Your grid is not square: its level lines slope about {degrees}° down to the right.", values)
    : translate(/*i18n*/ "Your grid is not square: its level lines slope about {degrees}° up to the right.", values);
}

/** "Your shading in squares C2 to E4 is darker than the template's." */
function toneWords({ darker, from, to }: ToneOff, translate: TranslateMessage) {
  if (from === to)
    return darker
      ? translate(/*i18n*/ "Your shading in square {label} is darker than the template's.", { label: from })
      : translate(/*i18n*/ "Your shading in square {label} is lighter than the template's.", { label: from });
  return darker
    ? translate(/*i18n*/ "Your shading in squares {from} to {to} is darker than the template's.", { from, to })
    : translate(/*i18n*/ "Your shading in squares {from} to {to} is lighter than the template's.", { from, to });
}

/** A correction in plain words: what is off, where, and what to do about it. */
export function describeCorrection(
  correction: Correction,
  translate: TranslateMessage = english,
): { what: string; where: string | null; todo: string } {
  switch (correction.kind) {
    case "lean":
      return {
        what: leaningWords(correction, translate),
        where: null,
        todo: translate(
          /*i18n*/ "Your drawing leans with it. The line on your photo runs square. Rule your next grid from a square corner (a set square or the corner of a book) and measure each line from its two sides.",
        ),
      };
    case "grid":
      return {
        what: unevenWords(correction, translate),
        where: null,
        todo: translate(/*i18n*/ "The squares beside it are copied off with it: check them again once it is redrawn."),
      };
    case "size":
      return {
        what: correction.larger
          ? translate(/*i18n*/ "Your whole drawing is about {percent} % too large.", { percent: correction.percent })
          : translate(/*i18n*/ "Your whole drawing is about {percent} % too small.", { percent: correction.percent }),
        where: correction.towards ? furthest(correction.towards, translate) : null,
        todo: translate(/*i18n*/ "Check each square against the grid, not the last line you drew."),
      };
    case "turn":
      return {
        what: correction.clockwise
          ? translate(/*i18n*/ "Your drawing is turned about {degrees}° clockwise.", { degrees: correction.degrees })
          : translate(/*i18n*/ "Your drawing is turned about {degrees}° anticlockwise.", {
              degrees: correction.degrees,
            }),
        where: null,
        todo: translate(/*i18n*/ "Compare the slant of each line with the grid's lines around it."),
      };
    case "shift":
      return {
        what: shifted(correction.towards, correction.mm, translate),
        where: null,
        todo: translate(/*i18n*/ "Start each part where the grid says, counting the squares from the edge."),
      };
    case "stretch":
      return {
        what: correction.wider
          ? translate(/*i18n*/ "Your drawing is about {percent} % too wide for its height.", {
              percent: correction.percent,
            })
          : translate(/*i18n*/ "Your drawing is about {percent} % too tall for its width.", {
              percent: correction.percent,
            }),
        where: null,
        todo: translate(
          /*i18n*/ "Count the squares each part spans across and down on the template, and match both counts.",
        ),
      };
    case "tone":
      return {
        what: toneWords(correction, translate),
        where: null,
        todo: correction.darker
          ? translate(
              /*i18n*/ "Compare it with the areas beside it on the template: shade in light layers, and stop where the template is lighter.",
            )
          : translate(
              /*i18n*/ "Compare it with the areas beside it on the template, and add light layers of shading until it matches them.",
            ),
      };
    case "part": {
      const values = { percent: correction.percent, from: correction.from, to: correction.to };
      return {
        what: correction.larger
          ? translate(
              /*i18n*/ "The part in squares {from} to {to} is about {percent} % too large for the rest.",
              values,
            )
          : translate(
              /*i18n*/ "The part in squares {from} to {to} is about {percent} % too small for the rest.",
              values,
            ),
        where: null,
        todo: translate(
          /*i18n*/ "Mark where its lines cross the grid's lines, as on the template, then join the marks.",
        ),
      };
    }
  }
}
