// The distance to the template's lines as the fits read it (whole-drawing.ts, proportion.ts):
// capped, so that another part of the drawing or a stray mark does not pull a fit, and sampled
// between pixels with its gradient for Gauss-Newton.

/** The capped distance map, with the raster's width and height. */
export interface DistanceField {
  distance: Float32Array;
  width: number;
  height: number;
  cap: number;
}

/** The distance map (pixels) capped at `cap`. */
export function distanceField(toLines: Float32Array, width: number, height: number, cap: number): DistanceField {
  const distance = new Float32Array(toLines.length);
  for (let i = 0; i < distance.length; i++) distance[i] = Math.min(cap, toLines[i]!);
  return { distance, width, height, cap };
}

/** Where `sample` puts the distance and its gradient along x and y (no object per sample: a check takes millions). */
export const sampled = new Float64Array(3);

/** The capped distance at a pixel position, bilinear, with its gradient, into `sampled`; the cap off the raster. */
export function sample(field: DistanceField, x: number, y: number): void {
  const { distance, width, height, cap } = field;
  if (x < 1 || y < 1 || x >= width - 2 || y >= height - 2) {
    sampled[0] = cap;
    sampled[1] = 0;
    sampled[2] = 0;
    return;
  }
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * width + x0;
  const d00 = distance[i]!;
  const d10 = distance[i + 1]!;
  const d01 = distance[i + width]!;
  const d11 = distance[i + width + 1]!;
  sampled[0] = d00 * (1 - fx) * (1 - fy) + d10 * fx * (1 - fy) + d01 * (1 - fx) * fy + d11 * fx * fy;
  sampled[1] = (d10 - d00) * (1 - fy) + (d11 - d01) * fy;
  sampled[2] = (d01 - d00) * (1 - fx) + (d11 - d10) * fx;
}
