// What a teacher says first (issue 45): many red cells often share one cause, the whole drawing
// being too big, turned, or shifted. The learner's lines are matched to the template's as one
// piece, by a similarity (size, turn, shift), before any cell is judged: the ink is moved by a
// candidate transform onto the distance map of the template's lines (chamfer matching), and the
// transform that lays it closest is refined by Gauss-Newton, from several starting sizes and turns
// so that a drawing 17 mm too large at one corner is still reached. What the transform explains
// is said once, as a correction; the cells are then judged again with it taken out.
import { distanceField, sample, sampled, type DistanceField } from "./distance-field";
import type { Mask } from "./raster";

/** A point in millimetres on the paper (x to the right, y down). */
export interface PointMm {
  x: number;
  y: number;
}

/** The learner's drawing against the template: learner = centre + scale·R(rotation)·(template − centre) + shift. */
export interface WholeDrawing {
  /** 1.05: 5 % too large. */
  scale: number;
  /** Degrees, positive clockwise on the paper (y down). */
  rotationDeg: number;
  /** Where the template's centre of lines lands, against where it should, in mm. */
  shiftMm: PointMm;
  /** The point that stays put (the drawing grows or turns about it), in mm; null when there is none. */
  fixedMm: PointMm | null;
  /** The template's lines' extent, in mm: where "towards the bottom right" is measured from. */
  extentMm: { left: number; top: number; right: number; bottom: number };
  /** Mean distance of the learner's lines to the template's (mm, capped), before and after the transform is taken out. */
  beforeMm: number;
  afterMm: number;
}

/** Distances count at most this much (mm): a stray mark or another part of the drawing does not pull the fit. */
const CAP_MM = 6;
/** At most this many ink pixels are weighed, spread evenly: enough for four numbers, and quick. */
const SAMPLE = 6000;
const STARTS_SCALE = [0.9, 0.95, 1, 1.05, 1.1];
const STARTS_ROTATION_DEG = [-4, 0, 4];
const ITERATIONS = 30;

/** The learner's map from a template point to where they drew it (and back), for a fit. */
export interface Similarity {
  /** scale·cos, scale·sin of the rotation, and the shift, about `centre` (pixels). */
  a: number;
  b: number;
  tx: number;
  ty: number;
  centre: PointMm;
}

/** The similarity that scales by `scale` and turns by `degrees` (clockwise) about `about`, then shifts by `shift`. */
export function similarity({
  scale = 1,
  degrees = 0,
  shift = { x: 0, y: 0 },
  about,
}: {
  scale?: number;
  degrees?: number;
  shift?: PointMm;
  about: PointMm;
}): Similarity {
  const angle = (degrees * Math.PI) / 180;
  return { a: scale * Math.cos(angle), b: scale * Math.sin(angle), tx: shift.x, ty: shift.y, centre: about };
}

/** Where the learner drew the template's point p (pixels). */
export function forward(s: Similarity, p: PointMm): PointMm {
  const ux = p.x - s.centre.x;
  const uy = p.y - s.centre.y;
  return { x: s.centre.x + s.a * ux - s.b * uy + s.tx, y: s.centre.y + s.b * ux + s.a * uy + s.ty };
}

/** Which template point the learner's point q stands for (pixels). */
export function backward(s: Similarity, q: PointMm): PointMm {
  const det = s.a * s.a + s.b * s.b;
  const vx = q.x - s.centre.x - s.tx;
  const vy = q.y - s.centre.y - s.ty;
  return { x: s.centre.x + (s.a * vx + s.b * vy) / det, y: s.centre.y + (-s.b * vx + s.a * vy) / det };
}

/** Mean capped distance of the learner's points taken back by `s` onto the template's lines (pixels). */
function cost(field: DistanceField, xs: Float32Array, ys: Float32Array, s: Similarity): number {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) {
    const p = backward(s, { x: xs[i]!, y: ys[i]! });
    sample(field, p.x, p.y);
    sum += sampled[0]!;
  }
  return sum / xs.length;
}

/**
 * Gauss-Newton on the backward map's four numbers (written as its own similarity: learner point q
 * to template point c + A(q − c) + t), points already at the cap weighed nothing: they are
 * another part of the drawing or a stray mark, not this part a little off.
 */
function refine(field: DistanceField, xs: Float32Array, ys: Float32Array, start: Similarity): Similarity {
  // The backward map as a similarity of its own.
  const det = start.a * start.a + start.b * start.b;
  let a = start.a / det;
  let b = -start.b / det;
  let tx = -(a * start.tx - b * start.ty);
  let ty = -(b * start.tx + a * start.ty);
  const { centre } = start;
  const j = new Float64Array(4);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const h = new Float64Array(16);
    const g = new Float64Array(4);
    for (let i = 0; i < xs.length; i++) {
      const ux = xs[i]! - centre.x;
      const uy = ys[i]! - centre.y;
      const px = centre.x + a * ux - b * uy + tx;
      const py = centre.y + b * ux + a * uy + ty;
      sample(field, px, py);
      const d = sampled[0]!;
      const gx = sampled[1]!;
      const gy = sampled[2]!;
      if (d >= field.cap) continue;
      j[0] = gx * ux + gy * uy;
      j[1] = -gx * uy + gy * ux;
      j[2] = gx;
      j[3] = gy;
      for (let r = 0; r < 4; r++) {
        g[r]! += j[r]! * d;
        for (let c = 0; c < 4; c++) h[r * 4 + c]! += j[r]! * j[c]!;
      }
    }
    // A little damping keeps a step on a flat stretch of the map from leaping.
    for (let r = 0; r < 4; r++) h[r * 5]! += 1e-6 + h[r * 5]! * 0.05;
    const step = solve4(h, g);
    if (!step) break;
    a -= step[0]!;
    b -= step[1]!;
    tx -= step[2]!;
    ty -= step[3]!;
    if (Math.abs(step[2]!) + Math.abs(step[3]!) < 0.01 && Math.abs(step[0]!) + Math.abs(step[1]!) < 1e-5) break;
  }
  // Back to the learner's forward map.
  const back = a * a + b * b;
  const fa = a / back;
  const fb = -b / back;
  return { a: fa, b: fb, tx: -(fa * tx - fb * ty), ty: -(fb * tx + fa * ty), centre };
}

/** Solve the 4 × 4 system h·x = g (Gaussian elimination with pivoting); null when singular. */
function solve4(h: Float64Array, g: Float64Array): Float64Array | null {
  const m = Array.from({ length: 4 }, (_, r) => [h[r * 4]!, h[r * 4 + 1]!, h[r * 4 + 2]!, h[r * 4 + 3]!, g[r]!]);
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < 4; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c < 5; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return Float64Array.from(m.map((row, r) => row[4]! / row[r]!));
}

export interface WholeDrawingInput {
  /** The learner's ink on the straightened paper, grid removed (pixels). */
  ink: Mask;
  /** Distance from every pixel to the template's lines (distance.ts), pixels. */
  toLines: Float32Array;
  /** The template's lines, for their extent. */
  lines: Mask;
  pxPerMm: number;
  /** Where the paper's top-left corner is on the rasters, in pixels. */
  origin: number;
}

/** The similarity that lays the learner's lines best on the template's, in pixels, with its cost; null with too little ink. */
function fitSimilarity(
  input: WholeDrawingInput,
  extent: Extent,
): { fit: Similarity; before: number; after: number } | null {
  const { ink, toLines, pxPerMm } = input;
  const { width, height } = ink;
  let count = 0;
  for (let i = 0; i < ink.data.length; i++) if (ink.data[i]) count++;
  if (count < 200) return null;
  const stride = Math.max(1, Math.floor(count / SAMPLE));
  const xs = new Float32Array(Math.ceil(count / stride));
  const ys = new Float32Array(xs.length);
  let n = 0;
  let seen = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (ink.data[y * width + x] && seen++ % stride === 0 && n < xs.length) {
        xs[n] = x;
        ys[n] = y;
        n++;
      }
  const points = { xs: xs.subarray(0, n), ys: ys.subarray(0, n) };
  const centre = { x: (extent.left + extent.right) / 2, y: (extent.top + extent.bottom) / 2 };
  const field = distanceField(toLines, width, height, CAP_MM * pxPerMm);
  const identity: Similarity = { a: 1, b: 0, tx: 0, ty: 0, centre };
  const before = cost(field, points.xs, points.ys, identity);
  // Every start on a quarter of the points, then the best of them on all: as sure, a quarter of the work.
  const every = (k: number) => ({
    xs: points.xs.filter((_, i) => i % k === 0),
    ys: points.ys.filter((_, i) => i % k === 0),
  });
  const few = every(4);
  let best = { fit: identity, cost: cost(field, few.xs, few.ys, identity) };
  for (const scale of STARTS_SCALE) {
    for (const degrees of STARTS_ROTATION_DEG) {
      const start = similarity({ scale, degrees, about: centre });
      const fit = refine(field, few.xs, few.ys, start);
      const c = cost(field, few.xs, few.ys, fit);
      if (c < best.cost) best = { fit, cost: c };
    }
  }
  const fit = refine(field, points.xs, points.ys, best.fit);
  const after = cost(field, points.xs, points.ys, fit);
  return before <= after ? { fit: identity, before, after: before } : { fit, before, after };
}

/** The bounding box of a mask's set pixels. */
type Extent = { left: number; top: number; right: number; bottom: number };

function extentOf(mask: Mask): Extent {
  const { width, height, data } = mask;
  let left = width;
  let top = height;
  let right = 0;
  let bottom = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[y * width + x]) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
  return left > right ? { left: 0, top: 0, right: width, bottom: height } : { left, top, right, bottom };
}

/** The fit told in the paper's millimetres. */
export function wholeDrawing(input: WholeDrawingInput): { whole: WholeDrawing; fit: Similarity } | null {
  const e = extentOf(input.lines);
  const found = fitSimilarity(input, e);
  if (!found) return null;
  const { fit } = found;
  const { pxPerMm, origin } = input;
  const toMm = (p: PointMm): PointMm => ({ x: (p.x - origin) / pxPerMm, y: (p.y - origin) / pxPerMm });
  const scale = Math.hypot(fit.a, fit.b);
  const rotationDeg = (Math.atan2(fit.b, fit.a) * 180) / Math.PI;
  // The fixed point: (A − I)(f − c) = −t.
  const ax = fit.a - 1;
  const det = ax * ax + fit.b * fit.b;
  const fixed =
    det > 1e-8
      ? {
          x: fit.centre.x + (-ax * fit.tx - fit.b * fit.ty) / det,
          y: fit.centre.y + (fit.b * fit.tx - ax * fit.ty) / det,
        }
      : null;
  const topLeft = toMm({ x: e.left, y: e.top });
  const bottomRight = toMm({ x: e.right, y: e.bottom });
  return {
    fit,
    whole: {
      scale,
      rotationDeg,
      shiftMm: { x: fit.tx / pxPerMm, y: fit.ty / pxPerMm },
      fixedMm: fixed ? toMm(fixed) : null,
      extentMm: { left: topLeft.x, top: topLeft.y, right: bottomRight.x, bottom: bottomRight.y },
      beforeMm: found.before / pxPerMm,
      afterMm: found.after / pxPerMm,
    },
  };
}

/** The learner's ink moved back by the fit: as if drawn at the right size, turn and place. */
export function undoWholeDrawing(ink: Mask, fit: Similarity): Mask {
  const { width, height, data } = ink;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const q = forward(fit, { x, y });
      const qx = Math.round(q.x);
      const qy = Math.round(q.y);
      if (qx >= 0 && qy >= 0 && qx < width && qy < height && data[qy * width + qx]) out[y * width + x] = 1;
    }
  }
  return { width, height, data: out };
}
