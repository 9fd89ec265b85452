/** A photo-like JPEG for benchmarks (see photo-like.mjs). */
export function photoLike(
  width?: number,
  height?: number,
  options?: { progressive?: boolean; grain?: number },
): Promise<Buffer>;
