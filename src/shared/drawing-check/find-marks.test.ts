import { describe, expect, it } from "vitest";
import { checkDrawing } from "./check-drawing";
import { findMarks } from "./find-marks";
import { markIds } from "./mark-layout";
import { SYNTHETIC_PAPER, syntheticPhoto, syntheticTemplate } from "./synthetic-photo";
import { describeCell } from "./words";

const DRAGON = "9f25831c-2723-49bd-a52e-0e1bf17bcda2";
const OTHER_DRAGON = "8d57f243-bebe-4c3a-9d4e-2b1f0a9c8e7d";
const ours = markIds(DRAGON, SYNTHETIC_PAPER);

describe("the printed page's corner marks", () => {
  it("give a distinct id per corner, from the dragon, the paper and the grid", () => {
    expect(new Set(ours).size).toBe(4);
    expect(markIds(OTHER_DRAGON, SYNTHETIC_PAPER)).not.toEqual(ours);
    expect(markIds(DRAGON, { ...SYNTHETIC_PAPER, gridMm: 20 })).not.toEqual(ours);
    expect(markIds(DRAGON, { ...SYNTHETIC_PAPER })).toEqual(ours);
  });

  it("place the grid's corners within a millimetre in a turned, tilted, unevenly lit photo, and the check follows", () => {
    const shot = syntheticPhoto({
      photoWidth: 4000,
      photoHeight: 3000,
      marks: ours,
      moved: [{ column: 4, row: 3, dx: 0, dy: 3 }],
    });
    const found = findMarks(shot.photo, SYNTHETIC_PAPER, ours);
    if (found.found !== "ours") throw new Error(`marks ${found.found}`);
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
    });
    expect(outcome.cells.filter((c) => c.status !== "close" && c.status !== "empty").map(describeCell)).toEqual([
      "E4: lines about 3 mm low",
    ]);
  });

  it("tell a page printed for another dragon or grid, and a page without marks", () => {
    const other = syntheticPhoto({
      photoWidth: 2400,
      photoHeight: 1800,
      marks: markIds(OTHER_DRAGON, SYNTHETIC_PAPER),
      blank: true,
    });
    expect(findMarks(other.photo, SYNTHETIC_PAPER, ours).found).toBe("other-page");
    const plain = syntheticPhoto({ photoWidth: 2400, photoHeight: 1800, blank: true });
    expect(findMarks(plain.photo, SYNTHETIC_PAPER, ours).found).toBe("none");
  });
});
