/** An inclusive byte range, as HTTP's Range header counts. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parse a single-range `Range` header against an object size.
 * Returns null when the header is absent or not a single bytes range (serve the whole object),
 * or "unsatisfiable" when it asks for bytes the object does not have.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
