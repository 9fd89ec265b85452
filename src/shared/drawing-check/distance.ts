// Exact Euclidean distance to the nearest set pixel (Felzenszwalb and Huttenlocher's two passes of
// the lower envelope of parabolas): linear in the number of pixels, so a whole sheet at 4 px/mm
// takes a few tens of milliseconds.
import type { Mask } from "./raster";

/** Pixels from a column with nothing set in it: farther than any distance inside an image. */
const FAR = 1e6;

/** Squared distances along one line, in place (f holds squared distances in, d receives them out). */
function envelope(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
    while (s <= z[k]!) {
      k--;
      s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    d[q] = (q - v[k]!) * (q - v[k]!) + f[v[k]!]!;
  }
}

/**
 * Distance from every pixel to the nearest set pixel in its own column (FAR when none is): for a
 * mask, two sweeps row by row, in memory order, instead of a parabola envelope per column.
 */
function alongColumns({ width, height, data }: Mask): Float32Array {
  const size = width * height;
  const along = new Float32Array(size);
  for (let x = 0; x < width; x++) along[x] = data[x] ? 0 : FAR;
  for (let i = width; i < size; i++) along[i] = data[i] ? 0 : along[i - width]! + 1;
  for (let i = size - width - 1; i >= 0; i--) {
    const below = along[i + width]! + 1;
    if (below < along[i]!) along[i] = below;
  }
  return along;
}

/**
 * 1 where the nearest set pixel of `mask` is farther than `reach` pixels, else 0: the same as
 * `distanceTo(mask)[i] > reach`, in a fraction of its time when `reach` is a few pixels (only the
 * columns within reach can hold a nearer pixel).
 */
export function fartherThan(mask: Mask, reach: number): Uint8Array {
  const { width, height } = mask;
  const along = alongColumns(mask);
  // distanceTo keeps each distance as a 32-bit float: the largest squared distance (a whole
  // number) it would not call farther than `reach`, found so, answers exactly as it would.
  const nearAt = (squared: number) => Math.fround(Math.sqrt(squared)) <= reach;
  let nearest = Math.floor(reach * reach);
  while (nearAt(nearest + 1)) nearest++;
  while (nearest > 0 && !nearAt(nearest)) nearest--;
  const within = Math.floor(Math.sqrt(nearest));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let far = 1;
      for (let dx = -within; dx <= within && far; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const up = along[row + xx]!;
        if (up * up + dx * dx <= nearest) far = 0;
      }
      out[row + x] = far;
    }
  }
  return out;
}

/** Distance in pixels from every pixel to the nearest set pixel of `mask` (very large when none is set). */
export function distanceTo(mask: Mask): Float32Array {
  const { width, height } = mask;
  const size = width * height;
  const along = alongColumns(mask);
  const n = width;
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const out = new Float32Array(size);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = along[row + x]! * along[row + x]!;
    envelope(f, width, d, v, z);
    for (let x = 0; x < width; x++) out[row + x] = Math.sqrt(d[x]!);
  }
  return out;
}
