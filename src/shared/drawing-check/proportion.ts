// A part too big or too small for the rest (issue 45): the head drawn 10 % too large for the body.
// Once the whole drawing's size, turn and place are taken out (whole-drawing.ts), every block of
// two to four squares each way is fitted on its own: its lines scaled about the block's middle and
// shifted, onto the template's lines (the same distance map and Gauss-Newton as the whole drawing,
// three numbers instead of four). The block whose own size explains the most of its lines' distance
// is the part; it is said only when its size is off enough to matter and its size, not a shift alone
// (a cell drawn in the wrong place), is what brings its lines home.
import { cellLabel } from "../grid/grid";
import { distanceField, sample, sampled, type DistanceField } from "./distance-field";
import type { PaperMm } from "./paper-geometry";
import type { Mask } from "./raster";

/** A part's size must be off by at least this much to be said (a photo of a faithful copy stays well under it). */
const PART_AT_LEAST = 0.06;
/** Its own size must bring its lines at least this much closer than a shift alone does (mm, mean). */
const SIZE_EXPLAINS_MM = 0.25;
/** Each square its size sets right must come this much closer, mm (mean); most of its squares must, and at least this many. */
const SQUARE_BETTER_MM = 0.2;
const SQUARES_BETTER_AT_LEAST = 3;
/** A block needs this many sampled points of ink to be fitted: a few strokes say nothing of size. */
const POINTS_AT_LEAST = 120;
const BLOCK_CELLS = [2, 3, 4];
const CAP_MM = 6;
const SAMPLE = 8000;
/** A block is fitted on at most this many of them, spread evenly: enough for three numbers. */
const BLOCK_SAMPLE = 400;
const ITERATIONS = 10;
/** A first look at every block: this many steps, and on only when its size is this far off already. */
const FIRST_LOOK_ITERATIONS = 3;
const FIRST_LOOK_AT_LEAST = 0.03;

/** A block of squares, by index: columns `left`..`right` and rows `top`..`bottom`, both ends included. */
export interface CellBlock {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PartOff {
  block: CellBlock;
  /** Its top-left and bottom-right squares' labels ("C2", "E4"). */
  from: string;
  to: string;
  /** 1.1: the part is 10 % too large for the rest. */
  scale: number;
  /** Half the block's diagonal, mm: how far its size moves its edge is (scale − 1) times this. */
  reachMm: number;
}

export interface ProportionInput {
  /** The learner's ink with the whole drawing's errors taken out (pixels). */
  ink: Mask;
  /** Distance from every pixel to the template's lines, pixels. */
  toLines: Float32Array;
  paper: PaperMm;
  pxPerMm: number;
  /** Where the paper's top-left corner is on the rasters, in pixels. */
  origin: number;
}

interface Points {
  xs: Float32Array;
  ys: Float32Array;
  /** Each point's square (row × columns + column). */
  cells: Int32Array;
  n: number;
}

/** A block's lines taken back to the template by p = c + k(q − c) + t. */
interface BlockFit {
  k: number;
  tx: number;
  ty: number;
  /** The mean capped distance after (pixels). */
  cost: number;
}

/**
 * The block's lines taken back to the template by p = c + k(q − c) + t (k = 1 / the part's size),
 * fitted by Gauss-Newton; with `scaled` false, k stays 1 (a shift alone). Returns k and the mean
 * capped distance after.
 */
function fitBlock(
  field: DistanceField,
  points: Points,
  centre: { x: number; y: number },
  scaled: boolean,
  from: Pick<BlockFit, "k" | "tx" | "ty"> = { k: 1, tx: 0, ty: 0 },
  iterations = ITERATIONS,
): BlockFit {
  const { cap } = field;
  let { k, tx, ty } = from;
  for (let iteration = 0; iteration < iterations; iteration++) {
    // Normal equations over (k, tx, ty), damped a little so a flat stretch does not leap.
    let hkk = 0;
    let hkx = 0;
    let hky = 0;
    let hxx = 0;
    let hxy = 0;
    let hyy = 0;
    let gk = 0;
    let gx = 0;
    let gy = 0;
    for (let i = 0; i < points.n; i++) {
      const ux = points.xs[i]! - centre.x;
      const uy = points.ys[i]! - centre.y;
      sample(field, centre.x + k * ux + tx, centre.y + k * uy + ty);
      const d = sampled[0]!;
      if (d >= cap) continue;
      const dx = sampled[1]!;
      const dy = sampled[2]!;
      const jk = dx * ux + dy * uy;
      hkk += jk * jk;
      hkx += jk * dx;
      hky += jk * dy;
      hxx += dx * dx;
      hxy += dx * dy;
      hyy += dy * dy;
      gk += jk * d;
      gx += dx * d;
      gy += dy * d;
    }
    const step = scaled
      ? solve3([hkk * 1.05 + 1e-6, hkx, hky, hkx, hxx * 1.05 + 1e-6, hxy, hky, hxy, hyy * 1.05 + 1e-6], [gk, gx, gy])
      : solve2(hxx * 1.05 + 1e-6, hxy, hyy * 1.05 + 1e-6, gx, gy);
    if (!step) break;
    k -= step[0]!;
    tx -= step[1]!;
    ty -= step[2]!;
    if (Math.abs(step[1]!) + Math.abs(step[2]!) < 0.01 && Math.abs(step[0]!) < 1e-5) break;
  }
  const distances = distancesAfter(field, points, centre, { k, tx, ty });
  return { k, tx, ty, cost: distances.reduce((sum, d) => sum + d, 0) / Math.max(1, points.n) };
}

/** Each point's capped distance to the template's lines once taken back by the fit (pixels). */
function distancesAfter(
  field: DistanceField,
  points: Points,
  centre: { x: number; y: number },
  fit: Pick<BlockFit, "k" | "tx" | "ty">,
): Float32Array {
  const out = new Float32Array(points.n);
  for (let i = 0; i < points.n; i++) {
    const ux = points.xs[i]! - centre.x;
    const uy = points.ys[i]! - centre.y;
    sample(field, centre.x + fit.k * ux + fit.tx, centre.y + fit.k * uy + fit.ty);
    out[i] = sampled[0]!;
  }
  return out;
}

/**
 * Whether the part's size sets most of its squares right, not one square drawn in the wrong place
 * that a size and a shift happen to reach: squares that come closer against squares sent further.
 */
function setsSquaresRight(
  field: DistanceField,
  pxPerMm: number,
  points: Points,
  centre: { x: number; y: number },
  scaled: BlockFit,
  shifted: BlockFit,
): boolean {
  const withSize = distancesAfter(field, points, centre, scaled);
  const withShift = distancesAfter(field, points, centre, shifted);
  const change = new Map<number, { sum: number; n: number }>();
  for (let i = 0; i < points.n; i++) {
    const entry = change.get(points.cells[i]!) ?? { sum: 0, n: 0 };
    entry.sum += withShift[i]! - withSize[i]!;
    entry.n++;
    change.set(points.cells[i]!, entry);
  }
  const margin = SQUARE_BETTER_MM * pxPerMm;
  let better = 0;
  let worse = 0;
  for (const { sum, n } of change.values()) {
    if (sum / n > margin) better++;
    else if (sum / n < -margin) worse++;
  }
  return better >= SQUARES_BETTER_AT_LEAST && better > 2 * worse;
}

function solve2(a: number, b: number, d: number, gx: number, gy: number): number[] | null {
  const det = a * d - b * b;
  if (Math.abs(det) < 1e-12) return null;
  return [0, (d * gx - b * gy) / det, (a * gy - b * gx) / det];
}

/** Solve the symmetric 3 × 3 system m·x = g (Cramer's rule); null when singular. */
function solve3(m: number[], g: number[]): number[] | null {
  const [a, b, c, , e, f, , , i] = m as [number, number, number, number, number, number, number, number, number];
  const det = a * (e * i - f * f) - b * (b * i - f * c) + c * (b * f - e * c);
  if (Math.abs(det) < 1e-12) return null;
  const replace = (column: number) => {
    const r = [...m];
    for (let row = 0; row < 3; row++) r[row * 3 + column] = g[row]!;
    const [a2, b2, c2, d2, e2, f2, g2, h2, i2] = r as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return a2 * (e2 * i2 - f2 * h2) - b2 * (d2 * i2 - f2 * g2) + c2 * (d2 * h2 - e2 * g2);
  };
  return [replace(0) / det, replace(1) / det, replace(2) / det];
}

/** The ink's points, evenly thinned to at most SAMPLE, sorted into the grid's cells. */
function inkByCell(input: ProportionInput): Points {
  const { ink, paper, pxPerMm, origin } = input;
  const { width, height, data } = ink;
  let count = 0;
  for (let i = 0; i < data.length; i++) if (data[i]) count++;
  const stride = Math.max(1, Math.ceil(count / SAMPLE));
  const xs = new Float32Array(Math.ceil(count / stride) + 1);
  const ys = new Float32Array(xs.length);
  const cells = new Int32Array(xs.length);
  const cellPx = paper.gridMm * pxPerMm;
  let n = 0;
  let seen = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!data[y * width + x] || seen++ % stride !== 0) continue;
      const column = Math.floor((x - origin) / cellPx);
      const row = Math.floor((y - origin) / cellPx);
      if (column < 0 || row < 0 || column >= paper.columns || row >= paper.rows) continue;
      xs[n] = x;
      ys[n] = y;
      cells[n] = row * paper.columns + column;
      n++;
    }
  return { xs, ys, cells, n };
}

/** The part of the drawing out of proportion with the rest, if there is one worth saying. */
export function partOutOfProportion(input: ProportionInput): PartOff | null {
  const { paper, pxPerMm, origin } = input;
  const points = inkByCell(input);
  const byCell: number[][] = Array.from({ length: paper.columns * paper.rows }, () => []);
  for (let i = 0; i < points.n; i++) byCell[points.cells[i]!]!.push(i);
  const field = distanceField(input.toLines, input.ink.width, input.ink.height, CAP_MM * pxPerMm);
  const cellPx = paper.gridMm * pxPerMm;
  const inBlock = (block: CellBlock): Points => {
    const inside: number[] = [];
    for (let row = block.top; row <= block.bottom; row++)
      for (let column = block.left; column <= block.right; column++)
        inside.push(...byCell[row * paper.columns + column]!);
    const stride = Math.max(1, inside.length / BLOCK_SAMPLE);
    const n = Math.min(inside.length, BLOCK_SAMPLE);
    const xs = new Float32Array(n);
    const ys = new Float32Array(n);
    const cells = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      const i = inside[Math.floor(j * stride)]!;
      xs[j] = points.xs[i]!;
      ys[j] = points.ys[i]!;
      cells[j] = points.cells[i]!;
    }
    return { xs, ys, cells, n };
  };
  const middle = (block: CellBlock) => ({
    x: origin + ((block.left + block.right + 1) / 2) * cellPx,
    y: origin + ((block.top + block.bottom + 1) / 2) * cellPx,
  });

  let best: { block: CellBlock; k: number; explained: number } | null = null;
  for (const across of BLOCK_CELLS) {
    for (const down of BLOCK_CELLS) {
      for (let top = 0; top + down <= paper.rows; top++) {
        for (let left = 0; left + across <= paper.columns; left++) {
          const block = { left, top, right: left + across - 1, bottom: top + down - 1 };
          const own = inBlock(block);
          if (own.n < POINTS_AT_LEAST) continue;
          const centre = middle(block);
          const look = fitBlock(field, own, centre, true, undefined, FIRST_LOOK_ITERATIONS);
          if (Math.abs(1 / look.k - 1) < FIRST_LOOK_AT_LEAST) continue;
          const scaled = fitBlock(field, own, centre, true, look, ITERATIONS - FIRST_LOOK_ITERATIONS);
          if (Math.abs(1 / scaled.k - 1) < PART_AT_LEAST) continue;
          // What its own size takes away beyond what a shift alone does, per point and over all.
          const shifted = fitBlock(field, own, centre, false);
          const gain = shifted.cost - scaled.cost;
          if (gain / pxPerMm < SIZE_EXPLAINS_MM || (best && gain * own.n <= best.explained)) continue;
          if (setsSquaresRight(field, pxPerMm, own, centre, scaled, shifted))
            best = { block, k: scaled.k, explained: gain * own.n };
        }
      }
    }
  }
  if (!best) return null;
  const { block } = best;
  return {
    block,
    from: cellLabel({ column: block.left, row: block.top }),
    to: cellLabel({ column: block.right, row: block.bottom }),
    scale: 1 / best.k,
    reachMm: (Math.hypot(block.right - block.left + 1, block.bottom - block.top + 1) * paper.gridMm) / 2,
  };
}

/** The learner's ink with the part drawn at the size of the rest: its squares as if drawn right, the rest as drawn. */
export function undoPart(ink: Mask, part: PartOff, input: Omit<ProportionInput, "ink" | "toLines">): Mask {
  const { width, height, data } = ink;
  const cellPx = input.paper.gridMm * input.pxPerMm;
  const { block, scale } = part;
  const left = Math.round(input.origin + block.left * cellPx);
  const top = Math.round(input.origin + block.top * cellPx);
  const right = Math.min(width, Math.round(input.origin + (block.right + 1) * cellPx));
  const bottom = Math.min(height, Math.round(input.origin + (block.bottom + 1) * cellPx));
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const out = new Uint8Array(data);
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      const qx = Math.round(cx + scale * (x - cx));
      const qy = Math.round(cy + scale * (y - cy));
      out[y * width + x] = qx >= 0 && qy >= 0 && qx < width && qy < height ? data[qy * width + qx]! : 0;
    }
  return { width, height, data: out };
}
