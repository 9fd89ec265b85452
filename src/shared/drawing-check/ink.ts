// The learner's pencil on the straightened photo: pixels clearly darker than the paper around them.
// Comparing with the local paper brightness (a window of about 9 mm), not one threshold, is what
// keeps a shadow across half the sheet from reading as a scribble. Where the learner shaded an
// area, that window makes a band of "ink" a few millimetres in from its edge, whose inner side is
// nowhere in the template: inside an area wider than a line (measured against the paper's own
// brightness, the brightest of each ~15 mm), only a millimetre in from its edge is kept. A line
// drawing is its lines; a shaded drawing is the edges of its tones, which is what a faithful copy
// shares with the template however the learner shades (issue 45).
import { fartherThan } from "./distance";
import { boxMean, type GreyImage, type Mask } from "./raster";

/** Darker than the local paper by this much (grey levels), or this share of its brightness if more. */
const MIN_CONTRAST = 14;
const RELATIVE_CONTRAST = 0.16;
/** The paper's brightness is the brightest within this distance (mm), then smoothed over it. */
const PAPER_REACH_MM = 7.5;
/** Of an area wider than a line, only what is this close to its edge (mm) is kept. */
const OUTLINE_MM = 1;

export interface Ink {
  /** The clear marks: pencil lines, shaded areas by their edges (and the grid, where it is printed dark). */
  ink: Mask;
  /** How much darker than the local paper each pixel is, in grey levels: faint printed lines show here. */
  darkness: Float32Array;
  /** Inside the areas the learner shaded (more than a millimetre in from their edge): drawn, though not lines. */
  shaded: Mask;
}

/** The paper's own brightness under everything drawn on it, computed on a copy 8 times smaller. */
function paperBrightness(grey: GreyImage, pxPerMm: number): Float32Array {
  const { width, height, data } = grey;
  const f = 8;
  const w = Math.ceil(width / f);
  const h = Math.ceil(height / f);
  const small = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = ((y / f) | 0) * w;
    for (let x = 0; x < width; x++) {
      const i = row + ((x / f) | 0);
      const value = data[y * width + x]!;
      if (value > small[i]!) small[i] = value;
    }
  }
  const reach = Math.max(1, Math.round((PAPER_REACH_MM * pxPerMm) / f));
  // The brightest within reach: rows, then columns.
  const along = (source: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let most = 0;
        for (let d = -reach; d <= reach; d++) {
          const xx = horizontal ? x + d : x;
          const yy = horizontal ? y : y + d;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h) most = Math.max(most, source[yy * w + xx]!);
        }
        out[y * w + x] = most;
      }
    return out;
  };
  const brightest = along(along(small, true), false);
  const smooth = boxMean({ width: w, height: h, data: Uint8Array.from(brightest) }, reach);
  // Back to full size, bilinear between the small copy's pixel middles (where each column falls
  // worked out once, not on every row).
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const fxs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5));
    x0s[x] = Math.floor(sx);
    x1s[x] = Math.min(w - 1, x0s[x]! + 1);
    fxs[x] = sx - x0s[x]!;
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = sy - y0;
    const upper = y0 * w;
    const lower = y1 * w;
    for (let x = 0; x < width; x++) {
      const x0 = x0s[x]!;
      const x1 = x1s[x]!;
      const fx = fxs[x]!;
      const top = smooth[upper + x0]! + (smooth[upper + x1]! - smooth[upper + x0]!) * fx;
      const bottom = smooth[lower + x0]! + (smooth[lower + x1]! - smooth[lower + x0]!) * fx;
      out[y * width + x] = top + (bottom - top) * fy;
    }
  }
  return out;
}

/** The pixels more than `OUTLINE_MM` inside an area marked against the paper's own brightness. */
function insideShading(grey: GreyImage, pxPerMm: number): Uint8Array {
  const { width, height, data } = grey;
  const paper = paperBrightness(grey, pxPerMm);
  const blank = new Uint8Array(width * height);
  for (let i = 0; i < blank.length; i++)
    blank[i] = data[i]! < paper[i]! - Math.max(MIN_CONTRAST, RELATIVE_CONTRAST * paper[i]!) ? 0 : 1;
  return fartherThan({ width, height, data: blank }, OUTLINE_MM * pxPerMm);
}

export function findInk(grey: GreyImage, pxPerMm: number): Ink {
  const { width, height, data } = grey;
  const mean = boxMean(grey, Math.max(2, Math.round(4.5 * pxPerMm)));
  const raw = new Uint8Array(width * height);
  const darkness = new Float32Array(width * height);
  for (let i = 0; i < raw.length; i++) {
    const paper = mean[i]!;
    darkness[i] = Math.max(0, paper - data[i]!);
    if (data[i]! < paper - Math.max(MIN_CONTRAST, RELATIVE_CONTRAST * paper)) raw[i] = 1;
  }
  const inside = insideShading(grey, pxPerMm);
  // Sensor noise leaves lone specks; a pencil line is never one pixel on its own.
  const out = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (!raw[i]) continue;
      const neighbours =
        raw[i - width - 1]! +
        raw[i - width]! +
        raw[i - width + 1]! +
        raw[i - 1]! +
        raw[i + 1]! +
        raw[i + width - 1]! +
        raw[i + width]! +
        raw[i + width + 1]!;
      if (neighbours >= 2 && !inside[i]) out[i] = 1;
    }
  }
  return { ink: { width, height, data: out }, darkness, shaded: { width, height, data: inside } };
}
