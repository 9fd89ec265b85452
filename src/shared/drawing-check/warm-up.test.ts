import { describe, expect, it } from "vitest";
import { SYNTHETIC_PAPER, syntheticTemplate } from "./synthetic-photo";
import { warmUpPage, warmUpStages } from "./warm-up";
import type { CheckOutcome } from "./check-drawing";
import { findSheet } from "./sheet-edges";
import { markIdsByPlacement } from "./mark-layout";

const PX_PER_MM = 4;
const input = {
  template: syntheticTemplate(SYNTHETIC_PAPER, PX_PER_MM),
  paper: SYNTHETIC_PAPER,
  pxPerMm: PX_PER_MM,
  marks: markIdsByPlacement("00000000-0000-4000-8000-00000000d1a9", SYNTHETIC_PAPER),
};

describe("the check's warm-up", () => {
  // Its page must take the photo's paths (the sheet found, the grid fitted, the cells compared),
  // or the code the photo's check needs is still cold.
  it("checks a page of the template's middle cells whose sheet, grid and drawing are all found, every drawn cell matching", () => {
    const { photo, corners, paper } = warmUpPage(input);
    expect([paper.columns, paper.rows]).toEqual([4, 4]);
    const sheet = findSheet(photo)!;
    expect(sheet).not.toBeNull();
    // The sheet's corners sit the white border outside the grid's.
    expect(sheet[0].x).toBeLessThan(corners[0].x);
    expect(sheet[2].y).toBeGreaterThan(corners[2].y);
    const outcome = warmUpStages(input)
      .map((stage) => stage())
      .at(-1) as CheckOutcome;
    expect(outcome.problem).toBeNull();
    expect(outcome.gridFound).toBeGreaterThan(0.5);
    const drawn = outcome.cells.filter((cell) => cell.status !== "empty");
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.every((cell) => cell.status === "close")).toBe(true);
  });
});
