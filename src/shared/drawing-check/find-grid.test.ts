import { describe, expect, it } from "vitest";
import { checkEachWayUp } from "./check-drawing";
import { findGrid } from "./find-grid";
import { workingScale } from "./paper-geometry";
import type { PaperMm } from "./paper-geometry";
import {
  SYNTHETIC_PAPER,
  syntheticPhoto,
  syntheticTemplate,
  worstCornerMm,
  type SyntheticOptions,
} from "./synthetic-photo";

const paper = SYNTHETIC_PAPER;

const photo = (options: SyntheticOptions) => syntheticPhoto({ photoWidth: 3000, photoHeight: 2250, ...options });

describe("finding the grid by its lines, without corner marks", () => {
  // One photo a test: each takes seconds, and a busy machine runs several tests at once.
  it.each([
    [1, -20],
    [2, 8],
    [3, 30],
  ] as const)(
    "finds a printed page with a drawing on it (seed %i), turned %i°, to a tenth of a millimetre",
    (seed, tiltDegrees) => {
      const shot = photo({ seed, tiltDegrees, moved: [{ column: 5, row: 3, dx: 0, dy: 3 }] });
      const found = findGrid(shot.photo, paper);
      expect(found).toHaveLength(1);
      expect(worstCornerMm(shot, paper, found[0]!)).toBeLessThan(0.1);
    },
  );

  it.each([3, 4])(
    "finds the default paper printed edge to edge (seed %i), whose outer lines fall in the printer's blank strip, by the sheet's edges",
    (seed) => {
      const shot = photo({ seed, tiltDegrees: -12, edgeToEdge: { blankStripMm: 6.35 } });
      const found = findGrid(shot.photo, paper);
      expect(found).toHaveLength(1);
      expect(worstCornerMm(shot, paper, found[0]!)).toBeLessThan(1);
    },
  );

  it("finds a grid ruled by hand in pencil, its lines wandering up to 0.7 mm, without labels", () => {
    const shot = photo({ seed: 5, tiltDegrees: 15, handRuled: { wobbleMm: 0.7 } });
    const found = findGrid(shot.photo, paper);
    expect(found).toHaveLength(1);
    expect(worstCornerMm(shot, paper, found[0]!)).toBeLessThan(1);
  });

  it.each([90, -84])(
    "finds a page lying on its side (turned %i°), as a landscape page in a portrait photo does, and the check keeps the way up its drawing matches",
    (tiltDegrees) => {
      const pxPerMm = workingScale(paper);
      const template = syntheticTemplate(paper, pxPerMm);
      const shot = photo({ seed: 6, tiltDegrees });
      const found = findGrid(shot.photo, paper);
      expect(found.length).toBeGreaterThan(0);
      const { corners, outcome } = checkEachWayUp({ photo: shot.photo, paper, pxPerMm, template }, found);
      expect(worstCornerMm(shot, paper, corners)).toBeLessThan(0.1);
      expect(outcome.cells.filter((cell) => cell.status === "off")).toEqual([]);
    },
  );

  it("finds nothing rather than the wrong grid: a grid of another size than the one set", () => {
    // The learner set 8 × 6 in; the photo is of the 11 × 8.5 in page.
    const smaller: PaperMm = { widthMm: 203.2, heightMm: 152.4, gridMm: 25.4, columns: 8, rows: 6 };
    expect(findGrid(photo({ seed: 6, tiltDegrees: 5 }).photo, smaller)).toEqual([]);
  });
});
