import { describe, expect, it } from "vitest";
import { apply, homography } from "./homography";

/** The default paper's corners (mm) and where a photo shows them (pixels). */
const SHEET = [
  { x: 0, y: 0 },
  { x: 279.4, y: 0 },
  { x: 279.4, y: 215.9 },
  { x: 0, y: 215.9 },
];
const PHOTO = [
  { x: 1436.8, y: 286.1 },
  { x: 3291.9, y: 1151.1 },
  { x: 2697.3, y: 2755.5 },
  { x: 590.0, y: 1772.9 },
];

describe("a perspective transform from four point pairs", () => {
  it("takes each of the four points to its partner, and keeps straight lines straight", () => {
    const from = SHEET;
    const to = PHOTO;
    const h = homography(from, to)!;
    from.forEach((point, i) => {
      const mapped = apply(h, point.x, point.y);
      expect(mapped.x).toBeCloseTo(to[i]!.x, 6);
      expect(mapped.y).toBeCloseTo(to[i]!.y, 6);
    });
    // The middle of the top edge lies on the line between the two top corners' images.
    const middle = apply(h, 139.7, 0);
    const cross = (to[1]!.x - to[0]!.x) * (middle.y - to[0]!.y) - (to[1]!.y - to[0]!.y) * (middle.x - to[0]!.x);
    expect(Math.abs(cross)).toBeLessThan(1e-6 * 2000 * 2000);
  });

  it("answers null for points that cannot make a quadrilateral", () => {
    expect(
      homography(
        [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 2 },
          { x: 3, y: 3 },
        ],
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
          { x: 0, y: 1 },
        ],
      ),
    ).toBeNull();
  });
});

describe("a perspective transform from many point pairs", () => {
  it("finds the transform that made them, through small errors in each", () => {
    const truth = homography(SHEET, PHOTO)!;
    const from = [];
    const to = [];
    for (let x = 25.4; x < 279; x += 25.4)
      for (let y = 25.4; y < 215; y += 25.4) {
        const seen = apply(truth, x, y);
        // Half a pixel each way, alternating: where a line is found in a photo.
        const jitter = ((x + y) / 25.4) % 2 ? 0.5 : -0.5;
        from.push({ x, y });
        to.push({ x: seen.x + jitter, y: seen.y - jitter });
      }
    const fitted = homography(from, to)!;
    // The corners, outside every point it was given, land within a pixel.
    for (const [x, y] of [
      [0, 0],
      [279.4, 215.9],
    ]) {
      const a = apply(fitted, x!, y!);
      const b = apply(truth, x!, y!);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(1);
    }
  });
});
