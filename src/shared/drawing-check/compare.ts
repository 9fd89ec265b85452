// Cell by cell, how far the learner's lines are from the template's. For each cell the learner's
// ink is slid over the template's lines (a distance map of them) to the position where it fits
// best: how far it had to slide is how much the cell is moved as a whole (and which way), what is
// left is how different the shapes are. The bands are in millimetres on the paper.
import { cellLabel, gridLineAt } from "../grid/grid";
import { distanceTo } from "./distance";
import type { Mask } from "./raster";
import { CLOSE_MM, NEAR_MM, type CellCheck, type CellStatus } from "./cell-check";
import type { PaperMm } from "./paper-geometry";

/** The farthest a cell's lines are slid looking for their fit. */
const SLIDE_MM = 6;
/** What sliding a cell's lines by one pixel costs in the fit (pixels of mean distance). */
const SLIDE_COST = 0.005;
/** A slide is kept only when it brings the lines at least this much closer per pixel slid (pixels of mean distance). */
const SLIDE_GAIN = 0.02;
/** Distances count at most this much: one stray mark does not swamp a cell. */
const CAP_MM = 8;
/** A template outline counts as drawn when learner's ink is this close (after the slide). */
const COVER_MM = 2;
/** Ink along at least this share of a cell's side, as a line's length, is a drawn cell. */
const DRAWN_SHARE = 0.2;
/** At most this many ink pixels per cell are weighed (spread evenly): enough, and quick. */
const SAMPLE = 700;

export interface CompareInput {
  paper: PaperMm;
  pxPerMm: number;
  /** The learner's ink, grid and labels already removed. */
  ink: Mask;
  /** Inside the areas the learner shaded (ink.ts): drawn there, though its tone steps are not lines. */
  shaded: Mask;
  /** Per cell (row-major) the local grid correction in pixels (grid-lines.ts). */
  offsets: Float32Array;
  /** The grid and its labels: the learner's lines there cannot be seen, so the template's there are not asked for. */
  grid: Mask;
  /** Distance from every pixel to the template's lines (distance.ts). */
  toLines: Float32Array;
  edges: Mask;
  /** Where the paper's top-left corner is on the rasters, in pixels. */
  origin: number;
}

export function compareCells(input: CompareInput): CellCheck[] {
  const { paper, pxPerMm, ink, shaded, offsets, toLines, edges, grid, origin } = input;
  const { width, height } = ink;
  const toInk = distanceTo(ink);
  const cap = CAP_MM * pxPerMm;
  const capped = new Float32Array(toLines.length);
  for (let i = 0; i < capped.length; i++) capped[i] = Math.min(cap, toLines[i]!);
  const cells: CellCheck[] = [];
  const nearPx = Math.round(pxPerMm);
  const drawnPx = DRAWN_SHARE * paper.gridMm * pxPerMm * 1.5;
  for (let row = 0; row < paper.rows; row++) {
    for (let column = 0; column < paper.columns; column++) {
      const label = cellLabel({ column, row });
      const dx = offsets[(row * paper.columns + column) * 2]!;
      const dy = offsets[(row * paper.columns + column) * 2 + 1]!;
      const x0 = origin + Math.round(column * paper.gridMm * pxPerMm);
      const y0 = origin + Math.round(row * paper.gridMm * pxPerMm);
      const right = gridLineAt(column + 1, paper.columns, paper.widthMm, paper.gridMm);
      const bottom = gridLineAt(row + 1, paper.rows, paper.heightMm, paper.gridMm);
      const x1 = Math.min(width, origin + Math.round(right * pxPerMm));
      const y1 = Math.min(height, origin + Math.round(bottom * pxPerMm));
      // The learner's ink in this cell, moved back by the cell's grid correction: paper positions.
      const xs: number[] = [];
      const ys: number[] = [];
      let shadedPixels = 0;
      for (let y = y0; y < y1; y++) {
        const py = Math.round(y + dy);
        if (py < 0 || py >= height) continue;
        for (let x = x0; x < x1; x++) {
          const px = Math.round(x + dx);
          if (px < 0 || px >= width) continue;
          if (ink.data[py * width + px]) {
            xs.push(x);
            ys.push(y);
          } else if (shaded.data[py * width + px]) shadedPixels++;
        }
      }
      // The template's outline in the cell, where the grid does not hide the learner's lines.
      // (A template line within a millimetre of a grid line is asked for no more than one on it:
      // the learner's copy of it may well lie on the grid line.)
      const hidden = (x: number, y: number) =>
        x >= 0 && y >= 0 && x < width && y < height && grid.data[y * width + x] === 1;
      const visible = (x: number, y: number) => {
        if (!edges.data[y * width + x]) return false;
        const gx = Math.round(x + dx);
        const gy = Math.round(y + dy);
        return !(
          hidden(gx, gy) ||
          hidden(gx - nearPx, gy) ||
          hidden(gx + nearPx, gy) ||
          hidden(gx, gy - nearPx) ||
          hidden(gx, gy + nearPx)
        );
      };
      const outline: number[] = [];
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (visible(x, y)) outline.push(x, y);
      const templatePixels = outline.length / 2;
      const base = { label, column, row, errorMm: 0, offsetMm: { x: 0, y: 0 }, coverage: 0 };
      // A cell within a shaded area is drawn, with no lines of its own to compare: only its
      // template outlines' coverage says how much.
      const withinShading = xs.length < drawnPx && shadedPixels >= drawnPx * drawnPx;
      if (xs.length < drawnPx && !withinShading) {
        cells.push({ ...base, status: templatePixels < drawnPx ? "empty" : "not-drawn" });
        continue;
      }
      const cost = withinShading ? () => 0 : slideCost(xs, ys, capped, width, height, cap);
      // Coarse steps of 1 mm, then quarter millimetres around the best. A slide costs a little in
      // itself (SLIDE_COST per pixel), so among equally good fits the smallest wins: flat noise
      // does not read as a shift.
      const still = cost(0, 0);
      let best = { x: 0, y: 0, cost: still };
      const coarse = Math.max(1, Math.round(pxPerMm));
      const reach = Math.round(SLIDE_MM * pxPerMm);
      for (let sy = -reach; sy <= reach; sy += coarse) {
        for (let sx = -reach; sx <= reach; sx += coarse) {
          const c = cost(sx, sy) + Math.hypot(sx, sy) * SLIDE_COST;
          if (c < best.cost) best = { x: sx, y: sy, cost: c };
        }
      }
      const fine = Math.max(1, Math.round(pxPerMm / 4));
      const around = best;
      for (let sy = around.y - coarse; sy <= around.y + coarse; sy += fine) {
        for (let sx = around.x - coarse; sx <= around.x + coarse; sx += fine) {
          const c = cost(sx, sy) + Math.hypot(sx, sy) * SLIDE_COST;
          if (c < best.cost) best = { x: sx, y: sy, cost: c };
        }
      }
      // A slide must earn its length: lines a few pixels of a pencil edge off a thick template
      // line, already close, would otherwise read as shifted by millimetres.
      let residual = cost(best.x, best.y);
      if (still - residual < Math.hypot(best.x, best.y) * SLIDE_GAIN) {
        best = { x: 0, y: 0, cost: still };
        residual = still;
      }
      const residualMm = residual / pxPerMm;
      const slideMm = Math.hypot(best.x, best.y) / pxPerMm;
      const errorMm = Math.max(slideMm, residualMm);
      // Sliding the ink by s fits it: the learner's lines lie at -s from the template's.
      const offsetMm = { x: -best.x / pxPerMm, y: -best.y / pxPerMm };
      // How much of the template's outline in the cell has the learner's ink near it (slid back).
      let covered = 0;
      const within = COVER_MM * pxPerMm;
      for (let k = 0; k < outline.length; k += 2) {
        const ix = Math.round(outline[k]! - best.x + dx);
        const iy = Math.round(outline[k + 1]! - best.y + dy);
        // A template outline inside the learner's shading is drawn: its tone step is not a line of theirs.
        const at = iy * width + ix;
        if (ix >= 0 && iy >= 0 && ix < width && iy < height && (toInk[at]! <= within || shaded.data[at])) covered++;
      }
      const coverage = templatePixels ? covered / templatePixels : 1;
      const status: CellStatus =
        errorMm <= CLOSE_MM ? (coverage >= 0.5 ? "close" : "partial") : errorMm <= NEAR_MM ? "near" : "off";
      cells.push({ label, column, row, status, errorMm, offsetMm, coverage });
    }
  }
  return cells;
}

/**
 * The mean capped distance from a cell's ink (every `stride`-th of its pixels, at most SAMPLE) to the
 * template's lines, the ink slid by whole pixels (sx, sy); ink slid off the raster counts the cap.
 * Hot: a cell tries about 250 slides, so the sample is kept as indices into the distance map.
 */
function slideCost(
  xs: readonly number[],
  ys: readonly number[],
  capped: Float32Array,
  width: number,
  height: number,
  cap: number,
): (sx: number, sy: number) => number {
  const stride = Math.max(1, Math.floor(xs.length / SAMPLE));
  const count = Math.ceil(xs.length / stride);
  const at = new Int32Array(count);
  const sampleX = new Int32Array(count);
  const sampleY = new Int32Array(count);
  let [left, right, top, bottom] = [width, -1, height, -1];
  for (let i = 0, k = 0; i < xs.length; i += stride, k++) {
    const [x, y] = [xs[i]!, ys[i]!];
    sampleX[k] = x;
    sampleY[k] = y;
    at[k] = y * width + x;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return (sx, sy) => {
    let sum = 0;
    if (left + sx >= 0 && right + sx < width && top + sy >= 0 && bottom + sy < height) {
      const shift = sy * width + sx;
      for (let k = 0; k < count; k++) sum += capped[at[k]! + shift]!;
    } else {
      for (let k = 0; k < count; k++) {
        const [x, y] = [sampleX[k]! + sx, sampleY[k]! + sy];
        sum += x < 0 || y < 0 || x >= width || y >= height ? cap : capped[y * width + x]!;
      }
    }
    return sum / count;
  };
}
