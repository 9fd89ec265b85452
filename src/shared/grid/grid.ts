// The grid method's maths, shared by the canvas, the cell viewer and the server's validation.
// Pure functions; all lengths are in paper units (inches, say) unless a name says px.

export const PAPER_DEFAULTS = { width: 11, height: 8.5, gridSize: 1 } as const;
/** Largest paper side accepted (in the same units as the defaults); larger entries are treated as mistakes. */
export const PAPER_MAX = 200;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.2;
/** A drag that moves more than this many pixels is not a click on a cell. */
export const DRAG_THRESHOLD_PX = 5;
/** A cell is never drawn smaller than this, however many there are. */
export const MIN_CELL_PX = 15;

function parsePositive(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const value = typeof input === "number" ? input : input.trim() === "" ? NaN : Number(input);
  return Number.isFinite(value) && value > 0 && value <= PAPER_MAX ? value : null;
}

/** Paper width from a field's text; empty or invalid gives 11. */
export const parsePaperWidth = (input: string | number | null | undefined) =>
  parsePositive(input) ?? PAPER_DEFAULTS.width;
/** Paper height from a field's text; empty or invalid gives 8.5. */
export const parsePaperHeight = (input: string | number | null | undefined) =>
  parsePositive(input) ?? PAPER_DEFAULTS.height;
/** Grid size from a field's text: at least 1; invalid gives 1. */
export function parseGridSize(input: string | number | null | undefined): number {
  const value = parsePositive(input);
  return value !== null && value >= 1 ? value : PAPER_DEFAULTS.gridSize;
}

// Division of decimals can land a hair above a whole number (1.1 / 0.1 = 11.000000000000002);
// that must still count as 11 cells, not 12.
const EPSILON = 1e-9;
/**
 * A strip of paper narrower than this share of a grid square is no column or row of its own
 * (decision 051): the last column or row reaches to the paper's edge instead. A fifth of a square
 * (5 mm at 1 inch) is too thin to draw in or to label; a real partial cell is wider and still counts.
 */
export const SLIVER_FRACTION = 0.2;
const cellCount = (length: number, gridSize: number) =>
  Math.max(1, Math.ceil(length / gridSize - SLIVER_FRACTION + EPSILON));

/**
 * Columns and rows: each paper side divided by the grid size, rounded up (the spec), except that a
 * sliver under SLIVER_FRACTION of a square is no cell. The one count everything uses: the canvas,
 * progress, the next cell, the print and the drawing check.
 */
export function gridDimensions(
  paperWidth: number,
  paperHeight: number,
  gridSize: number,
): { columns: number; rows: number } {
  return { columns: cellCount(paperWidth, gridSize), rows: cellCount(paperHeight, gridSize) };
}

/**
 * Where grid line `index` (0…count) runs along a side of `length` with `count` cells: one every grid
 * size from 0, the last on the paper's edge (so a last cell takes in a sliver too thin to count).
 */
export const gridLineAt = (index: number, count: number, length: number, gridSize: number) =>
  index >= count ? length : index * gridSize;

/** Every line of one direction of the grid, from 0 to the paper's far edge: `count` squares, `count + 1` lines. */
export const gridLinePlaces = (count: number, length: number, gridSize: number) =>
  Array.from({ length: count + 1 }, (_, index) => gridLineAt(index, count, length, gridSize));

/** Column label for a 0-based index: A…Z, then AA, AB, … without limit. */
export function columnLabel(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Invalid column index ${index}`);
  let label = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return label;
}

/** 0-based column index of a label (A → 0, AA → 26), or null when it is not a column label. */
export function parseColumnLabel(label: string): number | null {
  if (!/^[A-Z]{1,7}$/.test(label)) return null;
  let n = 0;
  for (const char of label) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

export interface Cell {
  /** 0-based column. */
  column: number;
  /** 0-based row. */
  row: number;
}

/** The label of a cell: column letters, then the 1-based row number ("B3", "AA12"). */
export const cellLabel = (cell: Cell) => `${columnLabel(cell.column)}${cell.row + 1}`;

/** Parse a label like "B3" or "AA12"; null when it is not one. */
export function parseCellLabel(label: string): Cell | null {
  const match = /^([A-Z]{1,7})([1-9][0-9]{0,5})$/.exec(label);
  if (!match) return null;
  return { column: parseColumnLabel(match[1]!)!, row: Number(match[2]) - 1 };
}

/** Next zoom step in or out, clamped to 0.5–3 and kept on the 0.2 grid of steps. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * ZOOM_STEP) * 10) / 10;
  return clampZoom(next);
}

export const clampZoom = (zoom: number) => (Number.isFinite(zoom) ? Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom)) : 1);

/** Zoom shown as a whole percentage. */
export const zoomPercent = (zoom: number) => `${Math.round(zoom * 100)}%`;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A cell's rectangle on the paper (paper units); the last row and column end at the paper's edge. */
export function cellRect(cell: Cell, paperWidth: number, paperHeight: number, gridSize: number): Rect {
  const { columns, rows } = gridDimensions(paperWidth, paperHeight, gridSize);
  const x = cell.column * gridSize;
  const y = cell.row * gridSize;
  return {
    x,
    y,
    width: gridLineAt(cell.column + 1, columns, paperWidth, gridSize) - x,
    height: gridLineAt(cell.row + 1, rows, paperHeight, gridSize) - y,
  };
}

/** The cell under a point on the paper (paper units), or null when the point is off the paper. */
export function cellAt(x: number, y: number, paperWidth: number, paperHeight: number, gridSize: number): Cell | null {
  if (!(x >= 0 && y >= 0 && x < paperWidth && y < paperHeight)) return null;
  const grid = gridDimensions(paperWidth, paperHeight, gridSize);
  return {
    column: Math.min(grid.columns - 1, Math.floor(x / gridSize)),
    row: Math.min(grid.rows - 1, Math.floor(y / gridSize)),
  };
}

/**
 * Where the image sits on the paper (paper units). At zoom 1 it fits inside the paper, centred;
 * zoom scales it about its centre; (offsetX, offsetY) move it from the centred position.
 */
export function imagePlacement(
  image: { width: number; height: number },
  paperWidth: number,
  paperHeight: number,
  zoom: number,
  offsetX: number,
  offsetY: number,
): Rect {
  const fit = Math.min(paperWidth / image.width, paperHeight / image.height);
  const width = image.width * fit * zoom;
  const height = image.height * fit * zoom;
  return { x: (paperWidth - width) / 2 + offsetX, y: (paperHeight - height) / 2 + offsetY, width, height };
}
