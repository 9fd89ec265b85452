// Where the drawing paper goes on printed sheets (decision 013): true scale, everything inside the
// printer's margin, and a drawing larger than a sheet's printable area split over several sheets
// that overlap, as poster-printing tools do. Pure: make-pdf draws what this decides.
import {
  POINTS_PER_UNIT,
  orientationOf,
  presetSize,
  type Orientation,
  type PaperPreset,
  type Unit,
} from "../grid/paper";

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
  shares: { left: boolean; right: boolean; top: boolean; bottom: boolean };
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

/** The margin field's text as millimetres, or the message to show under it. */
export function parseMargin(text: string, unit: Unit): { mm: number } | { error: string } {
  const value = text.trim() === "" ? NaN : Number(text);
  const max = Math.round(marginToUnit(MAX_MARGIN_MM, unit) * 100) / 100;
  if (!Number.isFinite(value) || value < 0 || marginFromUnit(value, unit) > MAX_MARGIN_MM + 1e-9) {
    return { error: `Enter a margin from 0 to ${max} ${unit === "in" ? "in" : "cm"}.` };
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

function layoutIn(request: PrintRequest, orientation: Orientation): PrintLayout {
  const scale = POINTS_PER_UNIT[request.unit];
  const { width, height } = sheetSize(request.sheet, orientation);
  // No margin asks for the paper edge to edge (a borderless printer): strokes on the edge are halved, as asked.
  const inset = request.marginMm > 0 ? request.marginMm * POINTS_PER_MM + STROKE_PAD_PT : 0;
  const paper = { width: request.paperWidth * scale, height: request.paperHeight * scale };
  const room = { x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset };
  const overlap = OVERLAP_MM * POINTS_PER_MM;
  const single = paper.width <= room.width + 1e-6 && paper.height <= room.height + 1e-6;
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

/**
 * The drawing paper on sheets of the chosen size at true scale, inside the margin: one sheet when
 * it fits, else the fewest sheets, turning the sheet whichever way needs fewer (the paper's own
 * orientation when both need as many).
 */
export function layoutPrint(request: PrintRequest): PrintLayout {
  const own = orientationOf(request.paperWidth, request.paperHeight);
  const other: Orientation = own === "landscape" ? "portrait" : "landscape";
  const first = layoutIn(request, own);
  const second = layoutIn(request, other);
  return second.sheets.length < first.sheets.length ? second : first;
}

/**
 * Room the drawing check's corner marks take beyond the grid on each side (decision 028): their gap,
 * their 10 mm and a module of white (drawing-check/mark-layout.ts MARK_ROOM_MM; a test keeps the two equal).
 * Written out here so the canvas's print dialog does not load the marks' code.
 */
export const CORNER_MARK_ROOM_MM = 13.25;

/**
 * Whether the blank grid page has room for the drawing check's corner marks (decision 028): the
 * drawing on one sheet, with CORNER_MARK_ROOM_MM clear beyond the grid on every side, inside the margin.
 */
export function cornerMarksFit(layout: PrintLayout, marginMm: number): boolean {
  if (layout.sheets.length !== 1) return false;
  const sheet = layout.sheets[0]!;
  const need = (CORNER_MARK_ROOM_MM + marginMm) * POINTS_PER_MM + STROKE_PAD_PT;
  const right = layout.width - sheet.x - sheet.region.width * layout.scale;
  const bottom = layout.height - sheet.y - sheet.region.height * layout.scale;
  return Math.min(sheet.x, sheet.y, right, bottom) >= need - 1e-6;
}
