// What a teacher says first (issue 45): many red cells often share one cause, the whole drawing
// being too big, turned, shifted, or too wide for its height. The learner's lines are matched to
// the template's as one piece, by a similarity (size, turn, shift), before any cell is judged: the
// ink is moved by a candidate transform onto the distance map of the template's lines (chamfer
// matching), and the transform that lays it closest is refined by Gauss-Newton, from several
// starting sizes and turns so that a drawing 17 mm too large at one corner is still reached; then
// once more with a stretch along the paper's axes (decision 065). What the transform explains is
// said once, as a correction; the cells are then judged again with it taken out.
import { distanceField, sample, sampled, type DistanceField } from "./distance-field";
import type { Mask } from "./raster";
import { solveLinear } from "./linear-solve";

/** A point in millimetres on the paper (x to the right, y down). */
export interface PointMm {
  x: number;
  y: number;
}

/** The learner's drawing against the template: learner = centre + M·(template − centre) + shift (see `Transform`). */
export interface WholeDrawing {
  /** 1.05: 5 % too large (the square root of the area's change, so a stretch alone leaves it near 1). */
  scale: number;
  /** Degrees, positive clockwise on the paper (y down). */
  rotationDeg: number;
  /** Width against height: 1.05 is 5 % too wide for its height, 0.95 too tall for its width. */
  stretch: number;
  /** Where the template's centre of lines lands, against where it should, in mm. */
  shiftMm: PointMm;
  /** The point that stays put (the drawing grows or turns about it), in mm; null when there is none. */
  fixedMm: PointMm | null;
  /** The template's lines' extent, in mm: where "towards the bottom right" is measured from. */
  extentMm: { left: number; top: number; right: number; bottom: number };
  /** Mean distance of the learner's lines to the template's (mm, capped), before and after the transform is taken out. */
  beforeMm: number;
  afterMm: number;
  /** The same mean with the best fit without a stretch: how much the stretch explains. */
  unstretchedMm: number;
}

/** Distances count at most this much (mm): a stray mark or another part of the drawing does not pull the fit. */
const CAP_MM = 6;
/** At most this many ink pixels are weighed, spread evenly: enough for four numbers, and quick. */
const SAMPLE = 6000;
const STARTS_SCALE = [0.9, 0.95, 1, 1.05, 1.1];
const STARTS_ROTATION_DEG = [-4, 0, 4];
const ITERATIONS = 30;

/**
 * The learner's map from a template point to where they drew it (and back), for a fit: about
 * `centre`, the matrix [[a + e, −b], [b, a − e]] and then the shift. With e = 0 it is a similarity
 * (a = scale·cos, b = scale·sin of the turn); e stretches along the paper's axes, wider and less
 * tall together. Matrices of this form invert to the same form, so the fit can refine either way.
 */
export interface Transform {
  a: number;
  b: number;
  e: number;
  tx: number;
  ty: number;
  centre: PointMm;
}

/**
 * The transform that scales by `scale`, stretches to `stretch` times as wide for its height and
 * turns by `degrees` (clockwise) about `about`, then shifts by `shift`.
 */
export function transform({
  scale = 1,
  degrees = 0,
  stretch = 1,
  shift = { x: 0, y: 0 },
  about,
}: {
  scale?: number;
  degrees?: number;
  stretch?: number;
  shift?: PointMm;
  about: PointMm;
}): Transform {
  const angle = (degrees * Math.PI) / 180;
  const r = (stretch - 1) / (stretch + 1);
  const along = scale / Math.sqrt(1 - r * r);
  return {
    a: along * Math.cos(angle),
    b: along * Math.sin(angle),
    e: along * r,
    tx: shift.x,
    ty: shift.y,
    centre: about,
  };
}

/** Where the learner drew the template's point p (pixels). */
export function forward(s: Transform, p: PointMm): PointMm {
  const ux = p.x - s.centre.x;
  const uy = p.y - s.centre.y;
  return { x: s.centre.x + (s.a + s.e) * ux - s.b * uy + s.tx, y: s.centre.y + s.b * ux + (s.a - s.e) * uy + s.ty };
}

/**
 * The transform that undoes `s` (which template point a learner's point stands for): the inverse
 * of [[a + e, −b], [b, a − e]] is (1/det)·[[a − e, b], [−b, a + e]]. Computed once, then `forward`.
 */
export function inverse(s: Transform): Transform {
  const det = s.a * s.a + s.b * s.b - s.e * s.e;
  const a = s.a / det;
  const b = -s.b / det;
  const e = -s.e / det;
  return { a, b, e, tx: -((a + e) * s.tx - b * s.ty), ty: -(b * s.tx + (a - e) * s.ty), centre: s.centre };
}

/** Mean capped distance of the learner's points taken back by `s` onto the template's lines (pixels). */
function cost(field: DistanceField, xs: Float32Array, ys: Float32Array, s: Transform): number {
  const back = inverse(s);
  let sum = 0;
  for (let i = 0; i < xs.length; i++) {
    const p = forward(back, { x: xs[i]!, y: ys[i]! });
    sample(field, p.x, p.y);
    sum += sampled[0]!;
  }
  return sum / xs.length;
}

/**
 * Gauss-Newton on the backward map's numbers (a transform of its own: learner point q to template
 * point c + B(q − c) + t), four for a similarity, five with the stretch; points already at the cap
 * weighed nothing: they are another part of the drawing or a stray mark, not this part a little off.
 */
function refine(
  field: DistanceField,
  xs: Float32Array,
  ys: Float32Array,
  start: Transform,
  withStretch = false,
): Transform {
  let { a, b, e, tx, ty } = inverse(start);
  const { centre } = start;
  const n = withStretch ? 5 : 4;
  const j = new Float64Array(5);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const h = new Float64Array(n * n);
    const g = new Float64Array(n);
    for (let i = 0; i < xs.length; i++) {
      const ux = xs[i]! - centre.x;
      const uy = ys[i]! - centre.y;
      const px = centre.x + (a + e) * ux - b * uy + tx;
      const py = centre.y + b * ux + (a - e) * uy + ty;
      sample(field, px, py);
      const d = sampled[0]!;
      const gx = sampled[1]!;
      const gy = sampled[2]!;
      if (d >= field.cap) continue;
      j[0] = gx * ux + gy * uy;
      j[1] = -gx * uy + gy * ux;
      j[2] = gx;
      j[3] = gy;
      j[4] = gx * ux - gy * uy;
      // The upper half of the symmetric sum: the lower is the same products, copied below.
      for (let r = 0; r < n; r++) {
        const jr = j[r]!;
        g[r]! += jr * d;
        for (let c = r; c < n; c++) h[r * n + c]! += jr * j[c]!;
      }
    }
    for (let r = 1; r < n; r++) for (let c = 0; c < r; c++) h[r * n + c] = h[c * n + r]!;
    // A little damping keeps a step on a flat stretch of the map from leaping.
    for (let r = 0; r < n; r++) h[r * (n + 1)]! += 1e-6 + h[r * (n + 1)]! * 0.05;
    const step = solveLinear(h, g, n);
    if (!step) break;
    a -= step[0]!;
    b -= step[1]!;
    tx -= step[2]!;
    ty -= step[3]!;
    if (withStretch) e -= step[4]!;
    const turned = Math.abs(step[0]!) + Math.abs(step[1]!) + (withStretch ? Math.abs(step[4]!) : 0);
    if (Math.abs(step[2]!) + Math.abs(step[3]!) < 0.01 && turned < 1e-5) break;
  }
  return inverse({ a, b, e, tx, ty, centre });
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

/**
 * The transform that lays the learner's lines best on the template's, in pixels, with its cost and
 * the cost of the best one without a stretch; null with too little ink.
 */
function fitTransform(
  input: WholeDrawingInput,
  extent: Extent,
): { fit: Transform; before: number; after: number; unstretched: number } | null {
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
  const identity: Transform = { a: 1, b: 0, e: 0, tx: 0, ty: 0, centre };
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
      const start = transform({ scale, degrees, about: centre });
      const fit = refine(field, few.xs, few.ys, start);
      const c = cost(field, few.xs, few.ys, fit);
      if (c < best.cost) best = { fit, cost: c };
    }
  }
  const similar = refine(field, points.xs, points.ys, best.fit);
  const unstretched = Math.min(before, cost(field, points.xs, points.ys, similar));
  // Then the stretch, from the similarity: a drawing too wide for its height is near one.
  const stretched = refine(field, points.xs, points.ys, similar, true);
  const after = cost(field, points.xs, points.ys, stretched);
  if (after < unstretched) return { fit: stretched, before, after, unstretched };
  return before <= unstretched
    ? { fit: identity, before, after: before, unstretched: before }
    : { fit: similar, before, after: unstretched, unstretched };
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
export function wholeDrawing(input: WholeDrawingInput): { whole: WholeDrawing; fit: Transform } | null {
  const e = extentOf(input.lines);
  const found = fitTransform(input, e);
  if (!found) return null;
  const { fit } = found;
  const { pxPerMm, origin } = input;
  const toMm = (p: PointMm): PointMm => ({ x: (p.x - origin) / pxPerMm, y: (p.y - origin) / pxPerMm });
  const along = Math.hypot(fit.a, fit.b);
  const scale = Math.sqrt(along * along - fit.e * fit.e);
  const rotationDeg = (Math.atan2(fit.b, fit.a) * 180) / Math.PI;
  // The fixed point: (M − I)(f − c) = −t.
  const [xx, yy] = [fit.a + fit.e - 1, fit.a - fit.e - 1];
  const det = xx * yy + fit.b * fit.b;
  const fixed =
    Math.abs(det) > 1e-8
      ? {
          x: fit.centre.x + (-yy * fit.tx - fit.b * fit.ty) / det,
          y: fit.centre.y + (fit.b * fit.tx - xx * fit.ty) / det,
        }
      : null;
  const topLeft = toMm({ x: e.left, y: e.top });
  const bottomRight = toMm({ x: e.right, y: e.bottom });
  return {
    fit,
    whole: {
      scale,
      rotationDeg,
      stretch: (along + fit.e) / (along - fit.e),
      shiftMm: { x: fit.tx / pxPerMm, y: fit.ty / pxPerMm },
      fixedMm: fixed ? toMm(fixed) : null,
      extentMm: { left: topLeft.x, top: topLeft.y, right: bottomRight.x, bottom: bottomRight.y },
      beforeMm: found.before / pxPerMm,
      afterMm: found.after / pxPerMm,
      unstretchedMm: found.unstretched / pxPerMm,
    },
  };
}

/** The learner's ink moved back by the fit: as if drawn at the right size, turn and place. */
export function undoWholeDrawing(ink: Mask, fit: Transform): Mask {
  const { width, height, data } = ink;
  const out = new Uint8Array(width * height);
  // `forward` written out: a point object made for each of a million pixels kept the collector busy.
  const { a, b, e, tx, ty, centre } = fit;
  for (let y = 0; y < height; y++) {
    const uy = y - centre.y;
    for (let x = 0; x < width; x++) {
      const ux = x - centre.x;
      const qx = Math.round(centre.x + (a + e) * ux - b * uy + tx);
      const qy = Math.round(centre.y + b * ux + (a - e) * uy + ty);
      if (qx >= 0 && qy >= 0 && qx < width && qy < height && data[qy * width + qx]) out[y * width + x] = 1;
    }
  }
  return { width, height, data: out };
}
