// The perspective transform (homography) that takes four points to four others: the 8 unknowns of
// x' = (a x + b y + c) / (g x + h y + 1), y' = (d x + e y + f) / (g x + h y + 1) from the eight
// equations four point pairs give, by Gaussian elimination with partial pivoting. (The small
// perspective-transform package did this too, but sets a global on `this`, which an ES module
// bundle does not have: decision 028.)

export interface Point {
  x: number;
  y: number;
}

/** [a, b, c, d, e, f, g, h]; null when the points are degenerate (three in a line). */
export type Homography = [number, number, number, number, number, number, number, number];

export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let column = 0; column < 8; column++) {
    let pivot = column;
    for (let row = column + 1; row < 8; row++)
      if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    if (Math.abs(rows[pivot]![column]!) < 1e-12) return null;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    const lead = rows[column]!;
    for (let row = 0; row < 8; row++) {
      if (row === column) continue;
      const factor = rows[row]![column]! / lead[column]!;
      if (factor === 0) continue;
      for (let k = column; k < 9; k++) rows[row]![k]! -= factor * lead[k]!;
    }
  }
  return rows.map((row, i) => row[8]! / row[i]!) as Homography;
}

export function apply(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + 1;
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}
