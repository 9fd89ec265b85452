// The corners a learner placed by hand, remembered on this device for the next photo of the same
// paper (same dragon, same paper and grid): as shares of the photo's width and height, so a photo
// of another size still starts close.
import type { Corners } from "../../../../shared/drawing-check/straighten";
import type { PaperMm } from "../../../../shared/drawing-check/paper-geometry";

const key = (dragonId: string, paper: PaperMm) =>
  `dragon-grid:check-corners:${dragonId}:${paper.widthMm.toFixed(1)}x${paper.heightMm.toFixed(1)}:${paper.gridMm.toFixed(1)}`;

export function rememberedCorners(dragonId: string, paper: PaperMm, width: number, height: number): Corners | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key(dragonId, paper)) ?? "null") as unknown;
    if (!Array.isArray(stored) || stored.length !== 4) return null;
    const corners = stored.map((point: unknown) => {
      const { x, y } = (point ?? {}) as { x?: unknown; y?: unknown };
      if (typeof x !== "number" || typeof y !== "number" || !(x >= 0 && x <= 1 && y >= 0 && y <= 1))
        throw new Error("not a corner");
      return { x: x * width, y: y * height };
    });
    return corners as Corners;
  } catch {
    return null;
  }
}

export function rememberCorners(
  dragonId: string,
  paper: PaperMm,
  corners: Corners,
  width: number,
  height: number,
): void {
  try {
    localStorage.setItem(
      key(dragonId, paper),
      JSON.stringify(corners.map((c) => ({ x: c.x / width, y: c.y / height }))),
    );
  } catch {
    // Storage full or blocked: the handles start from the default next time.
  }
}

/** Where the handles start without a remembered set: a little inside the photo's edges. */
export function defaultCorners(width: number, height: number): Corners {
  const x = width * 0.12;
  const y = height * 0.12;
  return [
    { x, y },
    { x: width - x, y },
    { x: width - x, y: height - y },
    { x, y: height - y },
  ];
}
