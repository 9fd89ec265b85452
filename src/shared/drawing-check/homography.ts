// The perspective transform (homography) x' = (a x + b y + c) / (g x + h y + 1),
// y' = (d x + e y + f) / (g x + h y + 1) that takes points to others: exactly through four pairs, or
// closest in the least-squares sense through more (the grid's crossings found in a photo). Both
// sides are first moved to their centroid and scaled to a typical distance of √2, so that the
// normal equations stay well conditioned whether the points are millimetres or 12 MP pixels; then
// Gaussian elimination with partial pivoting. (The small perspective-transform package did the
// four-point case, but sets a global on `this`, which an ES module bundle does not have: decision 028.)

export interface Point {
  x: number;
  y: number;
}

/** [a, b, c, d, e, f, g, h]; null when the points are degenerate (three in a line). */
export type Homography = [number, number, number, number, number, number, number, number];

/** Centroid and scale that move `points` to the origin at a mean distance of √2. */
function normaliser(points: readonly Point[]) {
  const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const spread = points.reduce((sum, p) => sum + Math.hypot(p.x - cx, p.y - cy), 0) / points.length;
  const s = spread > 0 ? Math.SQRT2 / spread : 1;
  return { cx, cy, s };
}

/** Solves the 8 × 8 system `m` (augmented, 9 columns) in place; null when singular. */
function solve(m: number[][]): number[] | null {
  for (let column = 0; column < 8; column++) {
    let pivot = column;
    for (let row = column + 1; row < 8; row++)
      if (Math.abs(m[row]![column]!) > Math.abs(m[pivot]![column]!)) pivot = row;
    if (Math.abs(m[pivot]![column]!) < 1e-10) return null;
    [m[column], m[pivot]] = [m[pivot]!, m[column]!];
    const lead = m[column]!;
    for (let row = 0; row < 8; row++) {
      if (row === column) continue;
      const factor = m[row]![column]! / lead[column]!;
      if (factor === 0) continue;
      for (let k = column; k < 9; k++) m[row]![k]! -= factor * lead[k]!;
    }
  }
  return m.map((row, i) => row[8]! / row[i]!);
}

/** From at least four point pairs; null when they are degenerate. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a = normaliser(from);
  const b = normaliser(to);
  // Normal equations of the linear system each pair gives (two rows, eight unknowns).
  const m = Array.from({ length: 8 }, () => new Array<number>(9).fill(0));
  const add = (row: number[]) => {
    for (let i = 0; i < 8; i++) for (let j = 0; j < 9; j++) m[i]![j]! += row[i]! * row[j]!;
  };
  for (let i = 0; i < from.length; i++) {
    const x = (from[i]!.x - a.cx) * a.s;
    const y = (from[i]!.y - a.cy) * a.s;
    const u = (to[i]!.x - b.cx) * b.s;
    const v = (to[i]!.y - b.cy) * b.s;
    add([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    add([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const n = solve(m);
  if (!n) return null;
  // Undo the two normalisations: H = B⁻¹ · N · A, then scaled so that its last entry is 1.
  const [n0, n1, n2, n3, n4, n5, n6, n7] = n as Homography;
  const A = [a.s, 0, -a.s * a.cx, 0, a.s, -a.s * a.cy, 0, 0, 1];
  const N = [n0, n1, n2, n3, n4, n5, n6, n7, 1];
  const Binv = [1 / b.s, 0, b.cx, 0, 1 / b.s, b.cy, 0, 0, 1];
  const times = (p: number[], q: number[]) =>
    [0, 1, 2].flatMap((r) =>
      [0, 1, 2].map((c) => p[r * 3]! * q[c]! + p[r * 3 + 1]! * q[3 + c]! + p[r * 3 + 2]! * q[6 + c]!),
    );
  const h = times(Binv, times(N, A));
  if (Math.abs(h[8]!) < 1e-12) return null;
  return h.slice(0, 8).map((value) => value / h[8]!) as Homography;
}

export function apply(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + 1;
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}
