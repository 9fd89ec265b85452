// Small linear systems the check's fits solve: the whole drawing's Gauss-Newton steps
// (whole-drawing.ts) and the light on the paper (tone.ts).

/** Solve the n × n system h·x = g (Gaussian elimination with pivoting); null when singular. */
export function solveLinear(h: Float64Array, g: Float64Array, n: number): Float64Array | null {
  const m = Array.from({ length: n }, (_, r) => [...h.subarray(r * n, r * n + n), g[r]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return Float64Array.from(m.map((row, r) => row[n]! / row[r]!));
}
