import { describe, expect, it } from "vitest";
import { findSheet } from "./sheet-edges";
import { leaningGrid } from "./grid-check";
import { SYNTHETIC_PAPER, syntheticPhoto, type SyntheticOptions, type SyntheticPhoto } from "./synthetic-photo";

// Photos of 2 MP keep the suite quick (the sheet is found on a copy 800 pixels across); the benchmark uses 12 MP ones.
const SIZE = { photoWidth: 1600, photoHeight: 1200 };
const shoot = (options: SyntheticOptions) =>
  syntheticPhoto({ ...SIZE, handRuled: { wobbleMm: 0.7 }, blank: true, ...options });

/** The synthetic sheet's corners in the photo: the grid with 20 mm of paper round it. */
const sheetCorners = (shot: SyntheticPhoto) => [
  shot.toPhoto(-20, -20),
  shot.toPhoto(SYNTHETIC_PAPER.widthMm + 20, -20),
  shot.toPhoto(SYNTHETIC_PAPER.widthMm + 20, SYNTHETIC_PAPER.heightMm + 20),
  shot.toPhoto(-20, SYNTHETIC_PAPER.heightMm + 20),
];

describe("the sheet found by its edges", () => {
  it("finds the sheet's four corners within 1.5 photo pixels, clockwise from its top left, however it is turned", () => {
    for (const [tiltDegrees, zoom] of [
      [25, 1],
      [-10, 1.2],
    ] as const) {
      const shot = shoot({ tiltDegrees, zoom, seed: 3 });
      const found = findSheet(shot.photo);
      expect(found, `turned ${tiltDegrees}°`).not.toBeNull();
      const truth = sheetCorners(shot);
      // Which true corner is the found first one: the one nearest the photo's top left.
      const start = truth.reduce((best, p, i) => (p.x + p.y < truth[best]!.x + truth[best]!.y ? i : best), 0);
      found!.forEach((corner, i) => {
        const real = truth[(start + i) % 4]!;
        expect(Math.hypot(corner.x - real.x, corner.y - real.y), `corner ${i}`).toBeLessThan(1.5);
      });
    }
  });

  it("finds nothing when the photo cuts the sheet off, or nothing stands out from what it lies on", () => {
    expect(findSheet(shoot({ zoom: 1.6, tiltDegrees: 10 }).photo)).toBeNull();
    const grey = { width: 600, height: 400, data: new Uint8ClampedArray(600 * 400 * 4).fill(200) };
    expect(findSheet(grey)).toBeNull();
  });
});

describe("whether the learner's grid is square, against its sheet", () => {
  const lean = (options: SyntheticOptions) => {
    const shot = shoot(options);
    const sheet = findSheet(shot.photo);
    expect(sheet).not.toBeNull();
    return leaningGrid(sheet!, shot.corners, SYNTHETIC_PAPER);
  };

  it("says which lines lean, which way, and by how much", () => {
    const upright = lean({ tiltDegrees: -20, seed: 2, gridLeans: { upright: 2 } });
    expect(upright).toMatchObject({ lines: "upright", clockwise: true });
    expect(upright!.degrees).toBeCloseTo(2, 0);
    expect(lean({ tiltDegrees: 30, seed: 4, gridLeans: { level: -1.5 } })).toMatchObject({
      lines: "level",
      clockwise: false,
    });
  });

  it("finds a square grid square, even when it is ruled turned on its sheet", () => {
    expect(lean({ tiltDegrees: 25, seed: 1 })).toBeNull();
    // Both sets of lines turned alike: the grid is turned, its corners still square.
    expect(lean({ tiltDegrees: 15, seed: 6, gridLeans: { upright: 1.5, level: 1.5 } })).toBeNull();
  });
});
