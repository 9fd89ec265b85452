import { describe, expect, it } from "vitest";
import { checkDrawing } from "./check-drawing";
import { findMarks } from "./find-marks";
import { insideMarkAreas, markIds, markIdsByPlacement, type MarkPlacement } from "./mark-layout";
import { SYNTHETIC_PAPER, syntheticPhoto, syntheticTemplate } from "./synthetic-photo";
import { describeCell } from "./words";

const DRAGON = "9f25831c-2723-49bd-a52e-0e1bf17bcda2";
const OTHER_DRAGON = "8d57f243-bebe-4c3a-9d4e-2b1f0a9c8e7d";
const ours = markIds(DRAGON, SYNTHETIC_PAPER);
const expected = markIdsByPlacement(DRAGON, SYNTHETIC_PAPER);

describe("the printed page's corner marks", () => {
  it("give a distinct id per corner, from the dragon, the paper and the grid", () => {
    expect(new Set(ours).size).toBe(4);
    expect(markIds(OTHER_DRAGON, SYNTHETIC_PAPER)).not.toEqual(ours);
    expect(markIds(DRAGON, { ...SYNTHETIC_PAPER, gridMm: 20 })).not.toEqual(ours);
    expect(markIds(DRAGON, { ...SYNTHETIC_PAPER })).toEqual(ours);
    // Marks inside the grid carry other ids, so the photo says where they sit.
    expect(expected.inside).not.toEqual(ours);
    expect(new Set(expected.inside).size).toBe(4);
  });

  it.each<MarkPlacement>(["outside", "inside"])(
    "%s the grid's corners: place them within a millimetre in a turned, tilted, unevenly lit photo, and the check follows",
    (placement) => {
      const shot = syntheticPhoto({
        photoWidth: 4000,
        photoHeight: 3000,
        marks: expected[placement],
        markPlacement: placement,
        moved: [{ column: 4, row: 3, dx: 0, dy: 3 }],
      });
      const found = findMarks(shot.photo, SYNTHETIC_PAPER, expected);
      if (found.found !== "ours") throw new Error(`marks ${found.found}`);
      expect(found.placement).toBe(placement);
      const truth = [
        [0, 0],
        [SYNTHETIC_PAPER.widthMm, 0],
        [SYNTHETIC_PAPER.widthMm, SYNTHETIC_PAPER.heightMm],
        [0, SYNTHETIC_PAPER.heightMm],
      ];
      found.corners.forEach((corner, i) => {
        const onPaper = shot.toPaper(corner.x, corner.y);
        expect(Math.hypot(onPaper.x - truth[i]![0]!, onPaper.y - truth[i]![1]!)).toBeLessThan(1);
      });
      const outcome = checkDrawing({
        photo: shot.photo,
        corners: found.corners,
        paper: SYNTHETIC_PAPER,
        pxPerMm: 4,
        template: syntheticTemplate(SYNTHETIC_PAPER, 4),
        marks: found.placement,
      });
      expect(
        outcome.cells.filter((c) => c.status !== "close" && c.status !== "empty").map((cell) => describeCell(cell)),
      ).toEqual(["E4: lines about 3 mm low"]);
    },
  );

  it("inside the grid: keep clear of the strip a printer cannot reach and of the corner cell's label, within the corner cell", () => {
    const [topLeft] = insideMarkAreas(SYNTHETIC_PAPER);
    // A quarter inch and the 9 pt label under it end above the mark's white.
    expect(topLeft!.y).toBeGreaterThan(6.35 + 0.71 + (9 * 1.5 * 25.4) / 72);
    expect(topLeft!.x + topLeft!.width).toBeLessThanOrEqual(25.4);
  });

  it("find the marks of a page small in the photo (too small to read at a first glance), within a millimetre", () => {
    const shot = syntheticPhoto({
      photoWidth: 3000,
      photoHeight: 2250,
      marks: expected.outside,
      zoom: 0.6,
      blank: true,
    });
    const found = findMarks(shot.photo, SYNTHETIC_PAPER, expected);
    if (found.found !== "ours") throw new Error(`marks ${found.found}`);
    const onPaper = shot.toPaper(found.corners[2].x, found.corners[2].y);
    expect(Math.hypot(onPaper.x - SYNTHETIC_PAPER.widthMm, onPaper.y - SYNTHETIC_PAPER.heightMm)).toBeLessThan(1);
  });

  it("tell a page printed for another dragon or grid, and a page without marks", () => {
    const other = syntheticPhoto({
      photoWidth: 2400,
      photoHeight: 1800,
      marks: markIds(OTHER_DRAGON, SYNTHETIC_PAPER),
      blank: true,
    });
    expect(findMarks(other.photo, SYNTHETIC_PAPER, expected).found).toBe("other-page");
    const plain = syntheticPhoto({ photoWidth: 2400, photoHeight: 1800, blank: true });
    expect(findMarks(plain.photo, SYNTHETIC_PAPER, expected).found).toBe("none");
  });
});
