import { describe, expect, it } from "vitest";
import { distanceTo, fartherThan } from "./distance";

/** The nearest set pixel's distance, by looking at every one. */
function byEveryPixel(width: number, height: number, data: Uint8Array, x: number, y: number): number {
  let best = Infinity;
  for (let yy = 0; yy < height; yy++)
    for (let xx = 0; xx < width; xx++) if (data[yy * width + xx]) best = Math.min(best, Math.hypot(xx - x, yy - y));
  return best;
}

describe("distances to a mask's pixels", () => {
  const width = 37;
  const height = 23;
  // A fixed sequence (a linear congruential generator): the same masks every run.
  let state = 7;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const masks = [0.01, 0.05, 0.3].map((share) =>
    Uint8Array.from({ length: width * height }, () => (random() < share ? 1 : 0)),
  );

  it("are exact", () => {
    for (const data of masks) {
      const distances = distanceTo({ width, height, data });
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          expect(distances[y * width + x]).toBeCloseTo(byEveryPixel(width, height, data, x, y), 4);
    }
  });

  it("farther than a reach: the same pixels as the distances say", () => {
    for (const data of masks)
      // Whole and not: √5 and √10 are where a 32-bit distance and a 64-bit square disagree.
      for (const reach of [1, 2.5, 4, 6, Math.sqrt(5), Math.sqrt(10), Math.sqrt(13), 0.5]) {
        const distances = distanceTo({ width, height, data });
        const far = fartherThan({ width, height, data }, reach);
        expect([...far]).toEqual([...distances].map((d) => (d > reach ? 1 : 0)));
      }
  });
});
