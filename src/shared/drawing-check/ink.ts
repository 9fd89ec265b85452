// The learner's pencil on the straightened photo: pixels clearly darker than the paper around them.
// Comparing with the local paper brightness (a window of about 9 mm), not one threshold, is what
// keeps a shadow across half the sheet from reading as a scribble.
import { boxMean, type GreyImage, type Mask } from "./raster";

/** Darker than the local paper by this much (grey levels), or this share of its brightness if more. */
const MIN_CONTRAST = 14;
const RELATIVE_CONTRAST = 0.16;

export interface Ink {
  /** The clear marks: pencil lines (and the grid, where it is printed dark). */
  ink: Mask;
  /** How much darker than the local paper each pixel is, in grey levels: faint printed lines show here. */
  darkness: Float32Array;
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
      if (neighbours >= 2) out[i] = 1;
    }
  }
  return { ink: { width, height, data: out }, darkness };
}
