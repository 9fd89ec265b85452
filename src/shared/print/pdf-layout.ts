// Where the drawing paper goes on printed sheets (decisions 013 and 047): true scale, everything
// inside the printer's margin. A paper no larger than the sheet takes one sheet, the strip the
// printer cannot reach left blank; only a larger one is split over several sheets that overlap, as
// poster-printing tools do. Pure: make-pdf draws what this decides.
import {
  POINTS_PER_UNIT,
  orientationOf,
  presetSize,
  type Orientation,
  type PaperPreset,
  type Unit,
} from "../grid/paper";
import { english, type TranslateMessage } from "../i18n/translate";
import {
  MARK_INSIDE_GAP_MM,
  MARK_QUIET_MM,
  MARK_ROOM_MM,
  insideMarksFit,
  type MarkPlacement,
} from "../drawing-check/mark-layout";

export const POINTS_PER_MM = 72 / 25.4;
/** What most home printers cannot reach (a quarter inch); the learner can change it. */
export const DEFAULT_MARGIN_MM = 6.35;
/** Largest margin accepted: beyond an inch the learner has most likely typed the wrong unit. */
export const MAX_MARGIN_MM = 25.4;
/**
 * Neighbouring sheets share this much of the drawing: room for tape and two alignment marks, and
 * wider than the widest cell label ("GR200" at 9 pt), so every label is whole on some sheet.
 */
export const OVERLAP_MM = 15;
/** Kept free inside the margin so a line's whole stroke (the thickest is 2 pt), not only its centre, stays inside. */
export const STROKE_PAD_PT = 2;
/** Cell labels are at most this size (smaller in small cells). */
export const CELL_LABEL_MAX_PT = 9;
/** The room a cell label takes in its cell's top-left corner, with its inset, in points. */
export const cellLabelBox = (textWidth: number, fontSize: number) => ({
  width: textWidth + fontSize * 0.7,
  height: fontSize * 1.5,
});
/** More sheets than this for one copy of the drawing is a mistake of size, not a print job. */
export const MAX_SHEETS = 100;
/** Room under the drawing for the sheet's label and how to join it, when the drawing spans several sheets. */
export const LABEL_BAND_PT = 20;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PrintSheet {
  /** 1-based, in reading order. */
  number: number;
  /** 1-based row and column of the sheet in the assembled drawing. */
  row: number;
  column: number;
  /** The part of the drawing paper on this sheet, in paper units. */
  region: Rect;
  /** Where the region's top-left corner lands, in points from the sheet's top-left corner. */
  x: number;
  y: number;
  /** Which sides this sheet shares with a neighbour (the overlap lies inside its region there). */
  shares: Sides;
  /** Which sides of the paper run on into the strip the printer cannot reach (left blank there). */
  trimmed: Sides;
}

export interface Sides {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
}

export interface PrintLayout {
  orientation: Orientation;
  /** Sheet size in points. */
  width: number;
  height: number;
  /** Points per paper unit: 72 an inch, so a printed grid square measures its true size. */
  scale: number;
  /** Overlap between neighbouring sheets, in paper units. */
  overlap: number;
  rows: number;
  columns: number;
  sheets: PrintSheet[];
  /** The band for a sheet's label (points from the top-left), right below the drawing; null on a single sheet. */
  labelBox: Rect | null;
}

export interface PrintRequest {
  paperWidth: number;
  paperHeight: number;
  unit: Unit;
  sheet: PaperPreset;
  /** Printable margin in millimetres. */
  marginMm: number;
}

/** A sheet's size in points. Taken from centimetres, where every preset is exact (8.5 in = 21.59 cm). */
export function sheetSize(sheet: PaperPreset, orientation: Orientation): { width: number; height: number } {
  const size = presetSize(sheet, "cm", orientation);
  return { width: size.width * POINTS_PER_UNIT.cm, height: size.height * POINTS_PER_UNIT.cm };
}

/** The sheet the print dialog offers first: the paper's own size when it is a preset, else the unit's usual sheet. */
export const defaultSheet = (preset: PaperPreset | null, unit: Unit): PaperPreset =>
  preset ?? (unit === "in" ? "letter" : "a4");

/** A margin in the dialog's unit, from millimetres and back (the field shows the learner's unit). */
export const marginToUnit = (mm: number, unit: Unit) => (unit === "in" ? mm / 25.4 : mm / 10);
export const marginFromUnit = (value: number, unit: Unit) => (unit === "in" ? value * 25.4 : value * 10);

/**
 * The margin field's text as millimetres, or the message to show under it, in the language of
 * `translate` (English by default). The largest margin is written as the field reads it (2.54).
 */
export function parseMargin(
  text: string,
  unit: Unit,
  translate: TranslateMessage = english,
): { mm: number } | { error: string } {
  const value = text.trim() === "" ? NaN : Number(text);
  const max = Math.round(marginToUnit(MAX_MARGIN_MM, unit) * 100) / 100;
  if (!Number.isFinite(value) || value < 0 || marginFromUnit(value, unit) > MAX_MARGIN_MM + 1e-9) {
    return {
      error:
        unit === "in"
          ? translate(/*i18n*/ "Enter a margin from 0 to {max} in.", { max })
          : translate(/*i18n*/ "Enter a margin from 0 to {max} cm.", { max }),
    };
  }
  return { mm: marginFromUnit(value, unit) };
}

/**
 * One side split into parts no longer than `room`, neighbours sharing `overlap`; all parts the
 * same length, so every sheet shows as much of the drawing. Lengths in points.
 */
function split(length: number, room: number, overlap: number): { start: number; size: number }[] {
  if (length <= room + 1e-6) return [{ start: 0, size: length }];
  const count = Math.ceil((length - overlap) / (room - overlap) - 1e-9);
  const size = (length + (count - 1) * overlap) / count;
  return Array.from({ length: count }, (_, i) => ({ start: i * (size - overlap), size }));
}

const NONE: Sides = { left: false, right: false, top: false, bottom: false };

/**
 * A paper no larger than the sheet but larger than its printable area: one sheet, the paper
 * centred on it (edge on edge when the two are the same size), and only the part inside the
 * printable area printed.
 */
function trimmedLayout(
  request: PrintRequest,
  orientation: Orientation,
  sheet: { width: number; height: number },
  room: Rect,
): PrintLayout {
  const scale = POINTS_PER_UNIT[request.unit];
  const paper = { width: request.paperWidth * scale, height: request.paperHeight * scale };
  const left = (sheet.width - paper.width) / 2;
  const top = (sheet.height - paper.height) / 2;
  const x = Math.max(left, room.x);
  const y = Math.max(top, room.y);
  const right = Math.min(left + paper.width, room.x + room.width);
  const bottom = Math.min(top + paper.height, room.y + room.height);
  return {
    orientation,
    ...sheet,
    scale,
    overlap: 0,
    rows: 1,
    columns: 1,
    sheets: [
      {
        number: 1,
        row: 1,
        column: 1,
        region: {
          x: (x - left) / scale,
          y: (y - top) / scale,
          width: (right - x) / scale,
          height: (bottom - y) / scale,
        },
        x,
        y,
        shares: NONE,
        // Half a point (a fifth of a millimetre) is rounding, not a strip left blank.
        trimmed: {
          left: x > left + 0.5,
          right: right < left + paper.width - 0.5,
          top: y > top + 0.5,
          bottom: bottom < top + paper.height - 0.5,
        },
      },
    ],
    labelBox: null,
  };
}

function layoutIn(request: PrintRequest, orientation: Orientation): PrintLayout {
  const scale = POINTS_PER_UNIT[request.unit];
  const { width, height } = sheetSize(request.sheet, orientation);
  // No margin asks for the paper edge to edge (a borderless printer): strokes on the edge are halved, as asked.
  const inset = request.marginMm > 0 ? request.marginMm * POINTS_PER_MM + STROKE_PAD_PT : 0;
  const paper = { width: request.paperWidth * scale, height: request.paperHeight * scale };
  const room = { x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset };
  const overlap = OVERLAP_MM * POINTS_PER_MM;
  const single = paper.width <= room.width + 1e-6 && paper.height <= room.height + 1e-6;
  // No scissors for a paper the sheet holds: cutting it up would only save the blank strip. A
  // hundredth of a unit is the fields' rounding (A4 is 8.27 in), not a larger paper.
  const slack = 0.01 * scale;
  if (!single && paper.width <= width + slack && paper.height <= height + slack)
    return trimmedLayout(request, orientation, { width, height }, room);
  if (!single) room.height -= LABEL_BAND_PT;
  const across = split(paper.width, room.width, overlap);
  const down = split(paper.height, room.height, overlap);
  const sheets: PrintSheet[] = [];
  for (const [r, part] of down.entries()) {
    for (const [c, col] of across.entries()) {
      sheets.push({
        number: sheets.length + 1,
        row: r + 1,
        column: c + 1,
        region: { x: col.start / scale, y: part.start / scale, width: col.size / scale, height: part.size / scale },
        // Centred in the printable area: the same place on every sheet of the set.
        x: room.x + (room.width - col.size) / 2,
        y: room.y + (room.height - part.size) / 2,
        shares: { left: c > 0, right: c < across.length - 1, top: r > 0, bottom: r < down.length - 1 },
        trimmed: NONE,
      });
    }
  }
  return {
    orientation,
    width,
    height,
    scale,
    overlap: overlap / scale,
    rows: down.length,
    columns: across.length,
    sheets,
    // Right under the drawing, from its left edge: every sheet's parts are the same size, so one place for all.
    labelBox: single
      ? null
      : {
          x: sheets[0]!.x,
          y: sheets[0]!.y + down[0]!.size,
          width: room.x + room.width - sheets[0]!.x,
          height: LABEL_BAND_PT,
        },
  };
}

const isTrimmed = (layout: PrintLayout) => Object.values(layout.sheets[0]!.trimmed).some(Boolean);

/**
 * The drawing paper on sheets of the chosen size at true scale, inside the margin: one sheet when
 * the sheet holds it, else the fewest sheets, turning the sheet whichever way needs fewer; on a
 * tie, the way that prints all of the paper, then the paper's own orientation.
 */
export function layoutPrint(request: PrintRequest): PrintLayout {
  const own = orientationOf(request.paperWidth, request.paperHeight);
  const other: Orientation = own === "landscape" ? "portrait" : "landscape";
  const first = layoutIn(request, own);
  const second = layoutIn(request, other);
  if (second.sheets.length !== first.sheets.length) return second.sheets.length < first.sheets.length ? second : first;
  return isTrimmed(first) && !isTrimmed(second) ? second : first;
}

/**
 * Where the ring-and-cross marks of `sheet`'s joins go (paper units): two in each overlap it shares,
 * a quarter and three quarters along the edge, moved to the middle of a cell, clear of its label.
 * A mark near a right or bottom edge lands on the next sheet's mark near its left or top edge.
 */
export function joinMarks(layout: PrintLayout, sheet: PrintSheet, gridSize: number): { x: number; y: number }[] {
  const { scale, overlap } = layout;
  const { region, shares } = sheet;
  const right = region.x + region.width;
  const bottom = region.y + region.height;
  const spot = (from: number, length: number, along: number) => {
    const middle = (Math.floor((from + length * along) / gridSize) + 0.5) * gridSize;
    return Math.min(from + length - 8 / scale, Math.max(from + 8 / scale, middle));
  };
  const marks: { x: number; y: number }[] = [];
  for (const along of [0.25, 0.75]) {
    const y = spot(region.y, region.height, along);
    const x = spot(region.x, region.width, along);
    if (shares.left) marks.push({ x: region.x + overlap / 2, y });
    if (shares.right) marks.push({ x: right - overlap / 2, y });
    if (shares.top) marks.push({ x, y: region.y + overlap / 2 });
    if (shares.bottom) marks.push({ x, y: bottom - overlap / 2 });
  }
  return marks;
}

/** The strip of the paper the printer cannot reach on each side, in millimetres (0 where it prints all). */
export function trimmedMm(layout: PrintLayout, paperWidth: number, paperHeight: number): Record<keyof Sides, number> {
  const { region } = layout.sheets[0]!;
  const mm = layout.scale / POINTS_PER_MM;
  return {
    left: region.x * mm,
    top: region.y * mm,
    right: (paperWidth - region.x - region.width) * mm,
    bottom: (paperHeight - region.y - region.height) * mm,
  };
}

/** The height of a corner cell's label at its largest, in millimetres. */
const LABEL_HEIGHT_MM = cellLabelBox(0, CELL_LABEL_MAX_PT).height / POINTS_PER_MM;

/**
 * Where the drawing check's corner marks go on the blank grid page (decisions 028 and 047), or null
 * when they fit nowhere: outside the grid's corners when the sheet has room around it; else, on a
 * single sheet, inside them, clear of the blank strip and of the corner cells' labels.
 */
export function cornerMarks(
  layout: PrintLayout,
  request: Pick<PrintRequest, "paperWidth" | "paperHeight" | "unit" | "marginMm">,
): MarkPlacement | null {
  if (layout.sheets.length !== 1) return null;
  const sheet = layout.sheets[0]!;
  const need = (MARK_ROOM_MM + request.marginMm) * POINTS_PER_MM + STROKE_PAD_PT;
  const right = layout.width - sheet.x - sheet.region.width * layout.scale;
  const bottom = layout.height - sheet.y - sheet.region.height * layout.scale;
  if (Math.min(sheet.x, sheet.y, right, bottom) >= need - 1e-6) return "outside";
  const mmPerUnit = layout.scale / POINTS_PER_MM;
  const paper = { widthMm: request.paperWidth * mmPerUnit, heightMm: request.paperHeight * mmPerUnit, gridMm: 0 };
  const strip = Math.max(...Object.values(trimmedMm(layout, request.paperWidth, request.paperHeight)));
  return insideMarksFit(paper) && strip + LABEL_HEIGHT_MM <= MARK_INSIDE_GAP_MM - MARK_QUIET_MM + 1e-6
    ? "inside"
    : null;
}

/** A cell on a cell sheet is at least this wide (2.5 in): big enough to copy its lines from. */
export const CELL_SHEET_MIN_PT = 180;

/**
 * The cell sheets' grid of enlarged cells on a page of `width` × `height` points: as many cells
 * as fit at least CELL_SHEET_MIN_PT wide with their labels, all as large as that many allow,
 * the block centred, inside half an inch or the printer's margin if wider.
 */
export function cellSheetGrid(width: number, height: number, marginMm: number) {
  const margin = Math.max(36, marginMm * POINTS_PER_MM + STROKE_PAD_PT);
  const gap = 18;
  const labelHeight = 16;
  const across = Math.max(1, Math.floor((width - 2 * margin + gap) / (CELL_SHEET_MIN_PT + gap)));
  const down = Math.max(1, Math.floor((height - 2 * margin + gap) / (CELL_SHEET_MIN_PT + labelHeight + gap)));
  const size = Math.min(
    (width - 2 * margin - (across - 1) * gap) / across,
    (height - 2 * margin - (down - 1) * gap) / down - labelHeight,
  );
  return {
    across,
    down,
    size,
    gap,
    labelHeight,
    left: (width - across * size - (across - 1) * gap) / 2,
    top: (height - down * (size + labelHeight) - (down - 1) * gap) / 2,
  };
}
