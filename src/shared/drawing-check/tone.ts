// Drawn tone, judged on its own and only where the learner shades (issue 45). The shapes of a
// shaded copy are judged by the edges of its tones (decision 063); this asks the other question a
// teacher would: is each area as dark as the template's, for how this learner shades? A learner's
// darkest pencil is not the picture's black, so their tone is first matched to the template's
// across the whole drawing (how dark they shade for the template's tone, the middle of every
// square's ratio), and a square is off when it stands out from that scale, darker or lighter than
// the rest of their shading says it should be. A line drawing, with no shading, is not judged.
import { cellLabel, gridLineAt } from "../grid/grid";
import type { GreyImage, Mask, RgbaImage } from "./raster";
import type { PaperMm } from "./paper-geometry";
import { solveLinear } from "./linear-solve";

/** Away from lines by this much (mm): the template's outlines, the learner's lines and the grid are not tone. */
const CLEAR_OF_LINES_MM = 1;
/** The template has tone where it is at least this dark (0 white … 1 black). */
const TEMPLATE_TONE = 0.1;
/** A square is judged when this share of it is tone, in the template or in the learner's shading. */
const TONE_SHARE = 0.15;
/** The learner shades when at least this many squares are mostly shaded. */
const SHADED_SQUARES = 3;
const MOSTLY_SHADED = 0.3;
/** Squares at least this dark in the template say how dark this learner shades. */
const TONED_SQUARE = 0.15;
/** Off when darker or lighter than the fitted line by this much (a share of the paper's brightness). */
const TONE_OFF = 0.1;

export interface ToneInput {
  paper: PaperMm;
  pxPerMm: number;
  /** The straightened photo, grey, with `origin` pixels of margin. */
  grey: GreyImage;
  /** Inside the learner's shading (ink.ts). */
  shaded: Mask;
  /** The learner's lines and the grid's, not tone. */
  ink: Mask;
  grid: Mask;
  /** The template on the paper, padded by `origin` like the photo, and each pixel's distance to its lines. */
  template: RgbaImage;
  toLines: Float32Array;
  origin: number;
}

/** The paper's brightness is sampled in blocks this wide (mm): each block's brightest tenth. */
const PAPER_BLOCK_MM = 8;
/** A block this much darker than the fitted light (grey levels) is not bare paper. */
const NOT_PAPER = 10;

/**
 * The light falling on the paper, as a smooth surface (a quadratic in x and y) fitted to the
 * brightest tenth of each block, leaving out blocks much darker than the fit (shaded, drawn on):
 * tone needs the paper's brightness under a shaded area as wide as several squares, which the
 * ink's local window (ink.ts) reads as the shading itself.
 */
function paperLight(grey: GreyImage, pxPerMm: number): Float32Array {
  const { width, height, data } = grey;
  const size = Math.max(4, Math.round(PAPER_BLOCK_MM * pxPerMm));
  const blocks: { x: number; y: number; value: number }[] = [];
  const sample: number[] = [];
  for (let by = 0; by + size <= height; by += size)
    for (let bx = 0; bx + size <= width; bx += size) {
      sample.length = 0;
      for (let y = by; y < by + size; y += 2) for (let x = bx; x < bx + size; x += 2) sample.push(data[y * width + x]!);
      sample.sort((a, b) => a - b);
      blocks.push({
        x: (bx + size / 2) / width - 0.5,
        y: (by + size / 2) / height - 0.5,
        value: sample[Math.floor(sample.length * 0.9)]!,
      });
    }
  const terms = (x: number, y: number) => [1, x, y, x * x, x * y, y * y];
  let coefficients = [blocks.reduce((sum, b) => sum + b.value, 0) / Math.max(1, blocks.length), 0, 0, 0, 0, 0];
  const at = (x: number, y: number) => terms(x, y).reduce((sum, t, k) => sum + t * coefficients[k]!, 0);
  for (let pass = 0; pass < 4; pass++) {
    const used = pass === 0 ? blocks : blocks.filter((b) => b.value >= at(b.x, b.y) - NOT_PAPER);
    const solved = leastSquares(
      used.map((b) => terms(b.x, b.y)),
      used.map((b) => b.value),
    );
    if (!solved) break;
    coefficients = solved;
  }
  // Row by row, the quadratic in x alone: c + b·x + a·x².
  const [c0, c1, c2, c3, c4, c5] = coefficients as [number, number, number, number, number, number];
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const v = y / height - 0.5;
    const [c, b] = [c0 + c2 * v + c5 * v * v, c1 + c4 * v];
    for (let x = 0; x < width; x++) {
      const u = x / width - 0.5;
      out[y * width + x] = c + (b + c3 * u) * u;
    }
  }
  return out;
}

/** The least-squares solution of rows · c = values, by its normal equations; null when singular. */
function leastSquares(rows: number[][], values: number[]): number[] | null {
  const n = rows[0]?.length ?? 0;
  if (rows.length < n) return null;
  const h = new Float64Array(n * n);
  const g = new Float64Array(n);
  rows.forEach((row, r) => {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) h[i * n + j]! += row[i]! * row[j]!;
      g[i]! += row[i]! * values[r]!;
    }
  });
  const solved = solveLinear(h, g, n);
  return solved && [...solved];
}

/** A square's tone: the learner's and the template's mean darkness over its tone, how much of it was looked at, and how much the learner shaded. */
interface SquareTone {
  column: number;
  row: number;
  learner: number;
  template: number;
  pixels: number;
  shaded: number;
}

/** The squares shaded off the same way, side by side, from the top-left one to the bottom-right one. */
export interface ToneOff {
  from: string;
  to: string;
  darker: boolean;
}

/** Each square's tone; with no `paperLevel` (the light on the paper, `paperLight`), all but the learner's. */
function squareTones(input: ToneInput, paperLevel: Float32Array | null): SquareTone[] {
  const { paper, pxPerMm, grey, shaded, ink, grid, template, toLines, origin } = input;
  const { width, height } = grey;
  const clear = CLEAR_OF_LINES_MM * pxPerMm;
  const squares: SquareTone[] = [];
  for (let row = 0; row < paper.rows; row++)
    for (let column = 0; column < paper.columns; column++) {
      const edge = (line: number, count: number, length: number) =>
        origin + Math.round(gridLineAt(line, count, length, paper.gridMm) * pxPerMm);
      const [x0, x1] = [edge(column, paper.columns, paper.widthMm), edge(column + 1, paper.columns, paper.widthMm)];
      const [y0, y1] = [edge(row, paper.rows, paper.heightMm), edge(row + 1, paper.rows, paper.heightMm)];
      let [pixels, learnerSum, templateSum, shadedPixels] = [0, 0, 0, 0];
      // Within the square, clear of its own grid lines.
      for (let y = Math.max(0, Math.ceil(y0 + clear)); y < Math.min(height, y1 - clear); y++)
        for (let x = Math.max(0, Math.ceil(x0 + clear)); x < Math.min(width, x1 - clear); x++) {
          const i = y * width + x;
          if (ink.data[i] || grid.data[i] || toLines[i]! < clear) continue;
          const p = i * 4;
          const templateTone =
            1 - (template.data[p]! * 77 + template.data[p + 1]! * 150 + template.data[p + 2]! * 29) / 65280;
          if (templateTone < TEMPLATE_TONE && !shaded.data[i]) continue;
          pixels++;
          if (paperLevel) {
            const level = Math.max(1, paperLevel[i]!);
            learnerSum += Math.max(0, (level - grey.data[i]!) / level);
          }
          templateSum += templateTone;
          if (shaded.data[i]) shadedPixels++;
        }
      const area = Math.max(1, (x1 - x0 - 2 * clear) * (y1 - y0 - 2 * clear));
      if (pixels < TONE_SHARE * area) continue;
      squares.push({
        column,
        row,
        learner: learnerSum / pixels,
        template: templateSum / pixels,
        pixels,
        shaded: shadedPixels / pixels,
      });
    }
  return squares;
}

/** The group of squares whose shading is furthest off the template's, the same way; null when none is, or nothing is shaded. */
export function toneOff(input: ToneInput): ToneOff | null {
  // Whether the learner shaded at all first: the light on the paper is only needed if so.
  const shadedSquares = squareTones(input, null).filter((square) => square.shaded >= MOSTLY_SHADED);
  if (shadedSquares.length < SHADED_SQUARES) return null;
  const squares = squareTones(input, paperLight(input.grey, input.pxPerMm));
  // How dark this learner shades for the template's tone: the middle (by area) of each square's
  // ratio. Where the template is white, a faithful copy is unshaded, whatever the pencil; an area
  // shaded wrong, however large, does not move the middle far.
  const toned = squares
    .filter((square) => square.template >= TONED_SQUARE)
    .map((square) => ({ ratio: square.learner / square.template, pixels: square.pixels }))
    .sort((p, q) => p.ratio - q.ratio);
  const half = toned.reduce((sum, square) => sum + square.pixels, 0) / 2;
  let below = 0;
  const middle = toned.find((square) => (below += square.pixels) >= half);
  if (!middle) return null;
  const offFrom = (square: SquareTone) => square.learner - middle.ratio * square.template;
  const off = new Map<string, number>();
  for (const square of squares) {
    const by = offFrom(square);
    if (Math.abs(by) >= TONE_OFF) off.set(`${square.column},${square.row}`, by);
  }
  // Side by side and off the same way: one area shaded too dark or too light.
  const seen = new Set<string>();
  let best: { cells: { column: number; row: number }[]; weight: number; darker: boolean } | null = null;
  for (const [key, by] of off) {
    if (seen.has(key)) continue;
    const darker = by > 0;
    const cells: { column: number; row: number }[] = [];
    let weight = 0;
    const queue = [key];
    seen.add(key);
    while (queue.length) {
      const at = queue.pop()!;
      const [column, row] = at.split(",").map(Number) as [number, number];
      cells.push({ column, row });
      weight += Math.abs(off.get(at)!);
      for (const [dc, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const next = `${column + dc},${row + dr}`;
        const nextBy = off.get(next);
        if (nextBy !== undefined && nextBy > 0 === darker && !seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    if (!best || weight > best.weight) best = { cells, weight, darker };
  }
  if (!best) return null;
  const columns = best.cells.map((cell) => cell.column);
  const rows = best.cells.map((cell) => cell.row);
  return {
    from: cellLabel({ column: Math.min(...columns), row: Math.min(...rows) }),
    to: cellLabel({ column: Math.max(...columns), row: Math.max(...rows) }),
    darker: best.darker,
  };
}
