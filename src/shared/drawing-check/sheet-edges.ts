// The sheet of paper in the photo, found by its edges against what it lies on, as a document
// scanner finds a page (issue 45). Its corners are square whatever the learner drew on it: the one
// thing in the photo that shows whether the learner's grid is square too (grid-check.ts). The grid
// itself cannot: it is straightened by a perspective, which makes any four-sided grid look square.
import type { GreyImage, RgbaImage } from "./raster";
import { isPlausibleQuad, type Corners, type Point } from "./straighten";

/** Looked for on a copy this many pixels across: the sheet's edges are long, their lines are fitted to hundreds of points. */
const LONG_SIDE = 800;
/** Paper and what it lies on must be this many grey levels apart (a white sheet on a white table is not found). */
const MIN_CONTRAST = 40;
/** The sheet covers at least this share of the photo. */
const MIN_AREA = 0.1;
/** Its bright pixels along the photo's border, as a share of the border: more, and the photo cuts the sheet off. */
const MAX_AT_BORDER = 0.01;
/** Outline points this close to a side (pixels of the copy) are fitted to it; then only those within the second. */
const NEAR_SIDE = [3, 1] as const;
/** Each side is fitted only between its corners' tenths (a corner's rounding, a dog-ear). */
const SIDE_ENDS = 0.1;
/** A side must have outline points along at least this share of its length (not hidden by a hand or a shadow). */
const SIDE_SEEN = 0.6;

/** The sheet's four corners in the photo, clockwise from the one nearest its top left; null when its edges are not all clearly seen. */
export function findSheet(photo: RgbaImage): Corners | null {
  return sheetIn(sheetSearchCopy(photo));
}

/** A grey copy of the photo at most LONG_SIDE pixels across, what the sheet is looked for in; each of its pixels `factor` × `factor` of the photo's. */
export interface SheetSearchCopy {
  small: GreyImage;
  factor: number;
}

export function sheetSearchCopy(photo: RgbaImage): SheetSearchCopy {
  const factor = Math.max(1, Math.ceil(Math.max(photo.width, photo.height) / LONG_SIDE));
  return { small: shrinkToGrey(photo, factor), factor };
}

/** findSheet on the copy (the worker hands it to a second thread while it looks for the marks). */
export function sheetIn({ small, factor }: SheetSearchCopy): Corners | null {
  const { threshold, contrast } = otsu(small);
  if (contrast < MIN_CONTRAST) return null;
  const region = largestBright(small, threshold);
  if (!region || region.area < MIN_AREA * small.width * small.height) return null;
  if (region.atBorder > MAX_AT_BORDER * 2 * (small.width + small.height)) return null;
  const outline = outlineOf(small, region.mask);
  const rough = quadOf(convexHull(outline));
  if (!rough) return null;
  const sides: Line[] = [];
  for (let i = 0; i < 4; i++) {
    const side = fitSide(outline, rough[i]!, rough[(i + 1) % 4]!);
    if (!side) return null;
    sides.push(side);
  }
  const corners = sides.map((side, i) => meet(sides[(i + 3) % 4]!, side));
  if (corners.some((corner) => !corner)) return null;
  // Back to the photo's pixels (centred on whole numbers): a pixel of the copy is the mean of `factor` × `factor` of them.
  let inPhoto = (corners as Point[]).map(({ x, y }) => ({ x: x * factor - 0.5, y: y * factor - 0.5 }));
  if (cross(inPhoto[0]!, inPhoto[1]!, inPhoto[2]!) < 0) inPhoto = [inPhoto[0]!, inPhoto[3]!, inPhoto[2]!, inPhoto[1]!];
  const first = inPhoto.reduce((best, p, i) => (p.x + p.y < inPhoto[best]!.x + inPhoto[best]!.y ? i : best), 0);
  const ordered = [0, 1, 2, 3].map((i) => inPhoto[(first + i) % 4]!) as Corners;
  return isPlausibleQuad(ordered) ? ordered : null;
}

/**
 * Each `factor` × `factor` block's grey (Rec. 601 luma), as the mean of four of its pixels (a
 * quarter and three quarters of the way across and down): reading every pixel of a 12 MP photo
 * would take longer than all the rest, and the sides' fitted lines average the noise out.
 */
function shrinkToGrey(photo: RgbaImage, factor: number): GreyImage {
  const width = Math.floor(photo.width / factor);
  const height = Math.floor(photo.height / factor);
  const data = new Uint8Array(width * height);
  const [near, far] = [Math.floor(factor / 4), Math.floor((3 * factor) / 4)];
  const luma = (x: number, y: number) => {
    const p = (y * photo.width + x) * 4;
    return photo.data[p]! * 77 + photo.data[p + 1]! * 150 + photo.data[p + 2]! * 29;
  };
  for (let y = 0; y < height; y++) {
    const [top, bottom] = [y * factor + near, y * factor + far];
    for (let x = 0; x < width; x++) {
      const [left, right] = [x * factor + near, x * factor + far];
      data[y * width + x] = (luma(left, top) + luma(right, top) + luma(left, bottom) + luma(right, bottom)) >> 10;
    }
  }
  return { width, height, data };
}

/** The grey level that best splits the image in two (Otsu's method), and how far apart the two halves' means are. */
function otsu(image: GreyImage): { threshold: number; contrast: number } {
  const histogram = new Float64Array(256);
  for (const value of image.data) histogram[value]!++;
  const total = image.data.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * histogram[v]!;
  let best = { threshold: 128, contrast: 0, spread: -1 };
  let count = 0;
  let sum = 0;
  for (let v = 0; v < 255; v++) {
    count += histogram[v]!;
    sum += v * histogram[v]!;
    if (!count || count === total) continue;
    const dark = sum / count;
    const bright = (sumAll - sum) / (total - count);
    const spread = count * (total - count) * (bright - dark) ** 2;
    if (spread > best.spread) best = { threshold: v + 0.5, contrast: bright - dark, spread };
  }
  return best;
}

/** The largest 4-connected region brighter than `threshold`, and how many of its pixels touch the image's border. */
function largestBright(image: GreyImage, threshold: number) {
  const { width, height, data } = image;
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let best: { id: number; area: number; atBorder: number } | null = null;
  let id = 0;
  for (let start = 0; start < data.length; start++) {
    if (label[start] || data[start]! < threshold) continue;
    id++;
    let area = 0;
    let atBorder = 0;
    label[start] = id;
    let top = 0;
    stack[top++] = start;
    // The four neighbours inline (no function made per region: a photo's noise makes thousands).
    while (top) {
      const p = stack[--top]!;
      area++;
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) atBorder++;
      if (x > 0 && !label[p - 1] && data[p - 1]! >= threshold) {
        label[p - 1] = id;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && !label[p + 1] && data[p + 1]! >= threshold) {
        label[p + 1] = id;
        stack[top++] = p + 1;
      }
      if (y > 0 && !label[p - width] && data[p - width]! >= threshold) {
        label[p - width] = id;
        stack[top++] = p - width;
      }
      if (y < height - 1 && !label[p + width] && data[p + width]! >= threshold) {
        label[p + width] = id;
        stack[top++] = p + width;
      }
    }
    if (!best || area > best.area) best = { id, area, atBorder };
  }
  if (!best) return null;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = label[i] === best.id ? 1 : 0;
  return { mask, area: best.area, atBorder: best.atBorder };
}

/** Pixels either side of an edge that give its two levels: the paper's inside, what it lies on outside. */
const LEVEL_REACH = 3;

/**
 * The region's outline as seen from outside: where each row, from either end, and each column, from
 * either end, first enters it, placed between pixels where the grey crosses halfway from what lies
 * outside to the paper just inside (a fixed threshold would put a shadowed edge further in than a
 * lit one).
 */
function outlineOf(image: GreyImage, mask: Uint8Array): Point[] {
  const { width, height, data } = image;
  const points: Point[] = [];
  // Entering the region at pixel `at` from pixel `at - step`: where the edge is, in pixels from `at`'s centre (≤ 0).
  const edge = (at: number, step: number, room: number) => {
    const reach = Math.min(LEVEL_REACH, room);
    let outside = 255;
    let inside = 0;
    for (let k = 1; k <= reach; k++) {
      outside = Math.min(outside, data[at - k * step]!);
      inside = Math.max(inside, data[at + (k - 1) * step]!);
    }
    const half = (outside + inside) / 2;
    for (let k = 0; k < reach; k++) {
      const [dim, lit] = [data[at - (k + 1) * step]!, data[at - k * step]!];
      if (dim <= half && lit > half) return -k - (lit - half) / (lit - dim);
    }
    return -0.5;
  };
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 1; x < width - 1; x++)
      if (mask[row + x]) {
        if (first < 0) first = x;
        last = x;
      }
    if (first < 0) continue;
    points.push({ x: first + 0.5 + edge(row + first, 1, first), y: y + 0.5 });
    points.push({ x: last + 0.5 - edge(row + last, -1, width - 1 - last), y: y + 0.5 });
  }
  for (let x = 1; x < width - 1; x++) {
    let first = -1;
    let last = -1;
    for (let y = 1; y < height - 1; y++)
      if (mask[y * width + x]) {
        if (first < 0) first = y;
        last = y;
      }
    if (first < 0) continue;
    points.push({ x: x + 0.5, y: first + 0.5 + edge(first * width + x, width, first) });
    points.push({ x: x + 0.5, y: last + 0.5 - edge(last * width + x, -width, height - 1 - last) });
  }
  return points;
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** The convex hull (Andrew's monotone chain), clockwise on screen (y down). */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const half = (list: Point[]) => {
    const chain: Point[] = [];
    for (const p of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2]!, chain[chain.length - 1]!, p) <= 0) chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half(sorted.reverse())];
}

/**
 * Four corners from the hull of a sheet seen in perspective: its longest diagonal's ends, and the
 * hull's furthest point on either side of that diagonal. In the hull's order.
 */
function quadOf(hull: Point[]): Corners | null {
  if (hull.length < 4) return null;
  let [a, c, longest] = [0, 0, -1];
  for (let i = 0; i < hull.length; i++)
    for (let j = i + 1; j < hull.length; j++) {
      const d = (hull[i]!.x - hull[j]!.x) ** 2 + (hull[i]!.y - hull[j]!.y) ** 2;
      if (d > longest) [a, c, longest] = [i, j, d];
    }
  const furthest = (from: number, to: number) => {
    let [best, most] = [-1, 0];
    for (let k = from + 1; k < to; k++) {
      const d = Math.abs(cross(hull[a]!, hull[c]!, hull[k % hull.length]!));
      if (d > most) [best, most] = [k % hull.length, d];
    }
    return best;
  };
  const b = furthest(a, c);
  const d = furthest(c, a + hull.length);
  if (b < 0 || d < 0) return null;
  return [hull[a]!, hull[b]!, hull[c]!, hull[d]!];
}

/** A line n·p = offset, n of unit length. */
interface Line {
  n: Point;
  offset: number;
}

/** The straight edge from near `from` to near `to`, fitted to the outline points along it; null when too little of it shows. */
function fitSide(outline: Point[], from: Point, to: Point): Line | null {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const along = { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
  let line: Line = { n: { x: -along.y, y: along.x }, offset: -along.y * from.x + along.x * from.y };
  let used: Point[] = [];
  for (const near of NEAR_SIDE) {
    used = outline.filter((p) => {
      const t = (p.x - from.x) * along.x + (p.y - from.y) * along.y;
      const off = Math.abs(line.n.x * p.x + line.n.y * p.y - line.offset);
      return t > SIDE_ENDS * length && t < (1 - SIDE_ENDS) * length && off <= near;
    });
    if (used.length < 10) return null;
    line = totalLeastSquares(used);
  }
  // Seen along most of its length: the points' spread along it.
  const ts = used.map((p) => (p.x - from.x) * along.x + (p.y - from.y) * along.y).sort((p, q) => p - q);
  let seen = 0;
  for (let i = 1; i < ts.length; i++) seen += Math.min(2, ts[i]! - ts[i - 1]!);
  return seen >= SIDE_SEEN * (1 - 2 * SIDE_ENDS) * length ? line : null;
}

/** The line closest to the points, measured across it. */
function totalLeastSquares(points: Point[]): Line {
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  let [sxx, sxy, syy] = [0, 0, 0];
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  // The direction of least spread is the line's normal.
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy) + Math.PI / 2;
  const n = { x: Math.cos(angle), y: Math.sin(angle) };
  return { n, offset: n.x * mx + n.y * my };
}

function meet(p: Line, q: Line): Point | null {
  const det = p.n.x * q.n.y - p.n.y * q.n.x;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (p.offset * q.n.y - p.n.y * q.offset) / det, y: (p.n.x * q.offset - p.offset * q.n.x) / det };
}
