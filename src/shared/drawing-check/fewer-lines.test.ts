import { describe, expect, it } from "vitest";
import type { GridLineSet } from "../grid/ladder";
import { checkDrawing, checkEachWayUp, type CheckOutcome } from "./check-drawing";
import { findGrid } from "./find-grid";
import type { PaperMm } from "./paper-geometry";
import type { Corners } from "./straighten";
import { describeCell } from "./words";
import {
  SYNTHETIC_PAPER,
  cornersByHand,
  registrationErrorsMm,
  syntheticPhoto,
  syntheticTemplate,
  worstCornerMm,
  type SyntheticPhoto,
} from "./synthetic-photo";

// The grid ladder's steps (decision 074) leave lines out; the check still measures every cell,
// placed by the border (or the lines left) as a full grid's are by all its lines.
const PX_PER_MM = 4;
const template = syntheticTemplate(SYNTHETIC_PAPER, PX_PER_MM);
const withLines = (lines: GridLineSet): PaperMm => ({ ...SYNTHETIC_PAPER, lines });
const drawn = (outcome: CheckOutcome) => outcome.cells.filter((c) => c.status !== "empty" && c.status !== "not-drawn");
const cell = (outcome: CheckOutcome, label: string) => outcome.cells.find((c) => c.label === label)!;

const check = (shot: SyntheticPhoto, paper: PaperMm, corners: Corners = shot.corners) =>
  checkDrawing({ photo: shot.photo, corners, paper, pxPerMm: PX_PER_MM, template });

describe("checking a paper with fewer lines (the grid ladder's steps)", () => {
  it.each(["alternate", "centre", "border"] as const)(
    "measures every cell of a printed paper with %s lines, flags the cell moved 3 mm, and corrects corners placed 2 mm off",
    (lines) => {
      const paper = withLines(lines);
      const shot = syntheticPhoto({
        paper,
        photoWidth: 1600,
        photoHeight: 1200,
        seed: 12,
        moved: [{ column: 4, row: 3, dx: 0, dy: 3 }],
      });
      const outcome = check(shot, paper);
      expect(outcome.problem).toBeNull();
      expect(outcome.cells).toHaveLength(SYNTHETIC_PAPER.columns * SYNTHETIC_PAPER.rows);
      expect(describeCell(cell(outcome, "E4"))).toBe("E4: lines about 3 mm low");
      const others = drawn(outcome).filter((c) => c.label !== "E4");
      expect(others.length).toBeGreaterThan(30);
      expect(others.filter((c) => c.status !== "close").map((c) => c.label)).toEqual([]);
      // Lines not drawn are not measured: nothing is said about the grid being even.
      expect(outcome.evenGrid).toBe(false);

      const corners = cornersByHand(shot, paper, 2);
      const byHand = check(shot, paper, corners);
      expect(byHand.problem).toBeNull();
      const errors = registrationErrorsMm(shot, paper, corners, byHand.offsets, PX_PER_MM);
      expect(Math.max(...errors)).toBeLessThan(1);
    },
  );
});

describe("a paper with more lines than its step", () => {
  it("takes the lines beyond the step for grid, not drawing: only the moved cell is flagged", () => {
    // A full grid printed before the learner moved down to the border alone, checked at that step.
    const shot = syntheticPhoto({
      photoWidth: 1600,
      photoHeight: 1200,
      seed: 13,
      moved: [{ column: 4, row: 3, dx: 0, dy: 3 }],
    });
    const outcome = check(shot, withLines("border"));
    expect(outcome.problem).toBeNull();
    expect(describeCell(cell(outcome, "E4"))).toBe("E4: lines about 3 mm low");
    const others = drawn(outcome).filter((c) => c.label !== "E4");
    expect(others.length).toBeGreaterThan(30);
    expect(others.filter((c) => c.status !== "close").map((c) => c.label)).toEqual([]);
  });
});

describe("finding a grid ruled by hand with fewer lines", () => {
  it.each([
    ["alternate", 5, 15],
    ["centre", 6, -10],
    ["border", 7, 20],
  ] as const)(
    "finds one ruled with %s lines (seed %i, turned %i°) to within a millimetre",
    (lines, seed, tiltDegrees) => {
      const paper = withLines(lines);
      const shot = syntheticPhoto({
        paper,
        photoWidth: 3000,
        photoHeight: 2250,
        seed,
        tiltDegrees,
        handRuled: { wobbleMm: 0.7 },
      });
      const found = findGrid(shot.photo, paper);
      expect(found.length).toBeGreaterThan(0);
      expect(worstCornerMm(shot, SYNTHETIC_PAPER, found[0]!)).toBeLessThan(1);
    },
  );

  it("finds a border alone on a page lying on its side, and the check keeps the way up its drawing matches", () => {
    // A rectangle fits any way up: the drawing says which.
    const paper = withLines("border");
    const shot = syntheticPhoto({
      paper,
      photoWidth: 3000,
      photoHeight: 2250,
      seed: 9,
      tiltDegrees: 90,
      handRuled: { wobbleMm: 0.7 },
    });
    const found = findGrid(shot.photo, paper);
    const { corners, outcome } = checkEachWayUp({ photo: shot.photo, paper, pxPerMm: PX_PER_MM, template }, found);
    expect(worstCornerMm(shot, SYNTHETIC_PAPER, corners)).toBeLessThan(1);
    expect(drawn(outcome).length).toBeGreaterThan(30);
    expect(outcome.cells.filter((c) => c.status === "off")).toEqual([]);
  });

  it("finds a full grid checked at a step with fewer lines (printed before the learner moved down), not misread at twice its spacing", () => {
    const shot = syntheticPhoto({ photoWidth: 3000, photoHeight: 2250, seed: 8, tiltDegrees: 5 });
    const found = findGrid(shot.photo, withLines("alternate"));
    expect(found.length).toBeGreaterThan(0);
    expect(worstCornerMm(shot, SYNTHETIC_PAPER, found[0]!)).toBeLessThan(0.1);
  });
});
