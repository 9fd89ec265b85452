// Edges of a picture, for measuring what there is to draw (template-level.ts) and drawing its
// outline (outline.ts).

export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Edge pixels (1) of an RGB picture: where the strongest channel's Sobel gradient is at least
 * `threshold` levels per pixel, thinned to one pixel across (not a maximum along the gradient: 0).
 */
export function thinEdges({ width, height, data }: Rgb, threshold: number): Uint8Array {
  const size = width * height;
  // One pass, the three channels together: a pixel keeps the strongest channel's gradient (the
  // first of equals). Squared magnitudes stay below 2^22, so integers hold them exactly.
  const magnitude = new Int32Array(size);
  const gxOf = new Int32Array(size);
  const gyOf = new Int32Array(size);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      let best = 0;
      let bestX = 0;
      let bestY = 0;
      for (let c = 0; c < 3; c++) {
        const up = (i - width) * 3 + c;
        const mid = i * 3 + c;
        const down = (i + width) * 3 + c;
        const gx =
          data[up + 3]! + 2 * data[mid + 3]! + data[down + 3]! - data[up - 3]! - 2 * data[mid - 3]! - data[down - 3]!;
        const gy = data[down - 3]! + 2 * data[down]! + data[down + 3]! - data[up - 3]! - 2 * data[up]! - data[up + 3]!;
        const m = gx * gx + gy * gy;
        if (m > best) {
          best = m;
          bestX = gx;
          bestY = gy;
        }
      }
      magnitude[i] = best;
      gxOf[i] = bestX;
      gyOf[i] = bestY;
    }
  }
  // Squared and Sobel's 4× scale kept: compared with the threshold squared, times 16.
  const edge = threshold * threshold * 16;
  const out = new Uint8Array(size);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = magnitude[i]!;
      if (m < edge) continue;
      // The neighbours along the gradient, in one of four directions (tan 22.5° ≈ 0.414).
      const ax = Math.abs(gxOf[i]!);
      const ay = Math.abs(gyOf[i]!);
      let step: number;
      if (ay <= ax * 0.414) step = 1;
      else if (ax <= ay * 0.414) step = width;
      else step = gxOf[i]! * gyOf[i]! > 0 ? width + 1 : width - 1;
      if (m >= magnitude[i + step]! && m > magnitude[i - step]!) out[i] = 1;
    }
  }
  return out;
}
