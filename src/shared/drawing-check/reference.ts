// The template's lines on the paper, as the check compares the learner's with: where its colours
// change sharply (outlines between fills), and where it is dark (line art, eyes). Flat fills and
// soft shading are not lines a learner copies first.
import { distanceTo } from "./distance";
import { padWhite, type Mask, type RgbaImage } from "./raster";

/** A colour step of this much (summed over two pixels either side, strongest channel) is an outline. */
const EDGE_STEP = 90;
/** Darker than this (luma) is a line in itself. */
const DARK = 96;

export interface TemplateLines {
  /** Every pixel on one of the template's lines. */
  lines: Mask;
  /** Its outlines only (for how much of them the learner has drawn). */
  edges: Mask;
}

export function templateLines(image: RgbaImage): TemplateLines {
  const { width, height, data } = image;
  const lines = new Uint8Array(width * height);
  const edges = new Uint8Array(width * height);
  const row = width * 4;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const p = i * 4;
      let step = 0;
      for (let k = 0; k < 3; k++) {
        const gx = Math.abs(data[p + 4 + k]! - data[p - 4 + k]!);
        const gy = Math.abs(data[p + row + k]! - data[p - row + k]!);
        step = Math.max(step, gx + gy);
      }
      const luma = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
      if (step >= EDGE_STEP) edges[i] = lines[i] = 1;
      else if (luma < DARK) lines[i] = 1;
    }
  }
  return { lines: { width, height, data: lines }, edges: { width, height, data: edges } };
}

/** What the check compares a photo with, which needs no photo (so it can be made before one is taken). */
export interface TemplateReference extends TemplateLines {
  /** The template padded with white by `margin` pixels, as the straightened photo is. */
  padded: RgbaImage;
  margin: number;
  /** Each pixel's distance to the template's lines, in pixels. */
  toLines: Float32Array;
}

export function templateReference(template: RgbaImage, margin: number): TemplateReference {
  const padded = padWhite(template, margin);
  const { lines, edges } = templateLines(padded);
  return { padded, margin, lines, edges, toLines: distanceTo(lines) };
}
