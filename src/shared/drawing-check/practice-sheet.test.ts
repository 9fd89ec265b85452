import { describe, expect, it } from "vitest";
import { findMarks } from "./find-marks";
import { markIdsByPlacement } from "./mark-layout";
import { checkPractice } from "./practice-check";
import { cellsToPractise, practiceLayout, practiceMarkIds, practiceTemplate, printedSquares } from "./practice-sheet";
import { templateLines } from "./reference";
import { SYNTHETIC_PAPER, syntheticPhoto, syntheticTemplate } from "./synthetic-photo";
import { PRACTICE_MAX, type KeptCell } from "./kept-checks";

const DRAGON = "9f25831c-2723-49bd-a52e-0e1bf17bcda2";
const LETTER_MM = { width: 215.9, height: 279.4 };
const cell = (label: string, status: KeptCell["status"], errorMm: number): KeptCell => ({ label, status, errorMm });

describe("the cells to practise", () => {
  it("are those off, near, then half drawn, the furthest first, at most six", () => {
    const cells = [
      cell("A1", "close", 0.4),
      cell("B1", "near", 2.5),
      cell("C1", "off", 5),
      cell("D1", "partial", 1),
      cell("E1", "off", 7.2),
      cell("F1", "near", 3.1),
      cell("G1", "off", 4.4),
      cell("H1", "near", 2.2),
      cell("I1", "off", 4.6),
      cell("J1", "empty", 0),
    ];
    expect(cellsToPractise(cells)).toEqual(["E1", "C1", "I1", "G1", "F1", "B1"]);
    expect(cellsToPractise(cells)).toHaveLength(PRACTICE_MAX);
  });

  it("are made up to three with the next-furthest drawn cells, and are none when nothing was off", () => {
    const cells = [
      cell("A1", "close", 0.4),
      cell("B1", "off", 5),
      cell("C1", "close", 1.2),
      cell("D1", "not-drawn", 0),
    ];
    expect(cellsToPractise(cells)).toEqual(["B1", "C1", "A1"]);
    expect(cellsToPractise([cell("A1", "close", 0.4), cell("B1", "not-drawn", 0)])).toEqual([]);
  });

  it("are the same from a check's result and from the check as kept, to a tenth of a millimetre", () => {
    const result = [cell("A1", "off", 5.04), cell("B1", "off", 5.03), cell("C1", "off", 9)];
    const kept = result.map((c) => ({ ...c, errorMm: Math.round(c.errorMm * 10) / 10 }));
    expect(cellsToPractise(result)).toEqual(cellsToPractise(kept));
  });
});

describe("the practice sheet", () => {
  it("puts as many pairs as fit at true size under its heading, and none when a pair is wider than the sheet", () => {
    const six = ["C4", "D2", "E5", "F1", "G3", "B2"];
    const inches = practiceLayout(six, 25.4, LETTER_MM, 6.35)!;
    expect(inches.labels).toEqual(six);
    expect(inches.grid).toEqual({ widthMm: 50.8, heightMm: 6 * 25.4, gridMm: 25.4, columns: 2, rows: 6 });
    // Two-inch squares: four pairs fit on Letter.
    expect(practiceLayout(six, 50.8, LETTER_MM, 6.35)!.labels).toEqual(["C4", "D2", "E5", "F1"]);
    expect(practiceLayout(six, 100, LETTER_MM, 6.35)).toBeNull();
  });

  it("carries marks of its own: another sheet's cells or the grid page's give other ids", () => {
    const layout = practiceLayout(["C4", "D2", "E5"], 25.4, LETTER_MM, 6.35)!;
    const ids = practiceMarkIds(DRAGON, SYNTHETIC_PAPER, layout);
    expect(new Set(ids).size).toBe(4);
    expect(practiceMarkIds(DRAGON, SYNTHETIC_PAPER, { ...layout, labels: ["C4", "D2", "E6"] })).not.toEqual(ids);
    expect(Object.values(markIdsByPlacement(DRAGON, SYNTHETIC_PAPER))).not.toContainEqual(ids);
  });

  it("is found by its marks in a tilted photo and scored cell by cell: the square drawn 3 mm low is the one not close", () => {
    const paper = SYNTHETIC_PAPER;
    const template = syntheticTemplate(paper, 4);
    const layout = practiceLayout(["D2", "E4", "H5"], paper.gridMm, LETTER_MM, 6.35)!;
    const ids = practiceMarkIds(DRAGON, paper, layout);
    // The learner's pencil: each cell's lines copied into the empty square beside it, E4's 3 mm low
    // (what would fall below the square left out: a learner copying one square stays inside it).
    const { lines } = templateLines(practiceTemplate(template, paper, layout, 4));
    const square = Math.round(paper.gridMm * 4);
    const pencil = new Uint8Array(lines.data.length);
    for (let y = 0; y < lines.height; y++)
      for (let x = square; x < lines.width; x++) {
        const low = Math.floor(y / square) === 1 ? 12 : 0;
        if (Math.floor((y + low) / square) === Math.floor(y / square) && y + low < lines.height)
          pencil[(y + low) * lines.width + x] = lines.data[y * lines.width + x]!;
      }
    const shot = syntheticPhoto({
      paper: layout.grid,
      marks: ids,
      pencil: { mask: { ...lines, data: pencil }, pxPerMm: 4 },
      photoWidth: 3000,
      photoHeight: 2250,
      tiltDegrees: 12,
    });
    const found = findMarks(shot.photo, paper, markIdsByPlacement(DRAGON, paper), [{ grid: layout.grid, ids }]);
    if (found.found !== "ours") throw new Error(`marks ${found.found}`);
    expect(found.sheet).toBe(0);
    const outcome = checkPractice({ photo: shot.photo, corners: found.corners, paper, template, pxPerMm: 4, layout });
    expect(outcome.problem).toBeNull();
    expect(outcome.cells.map((c) => [c.label, c.status === "close"])).toEqual([
      ["D2", true],
      ["E4", false],
      ["H5", true],
    ]);
    expect(outcome.cells[1]!.errorMm).toBeGreaterThan(2);
    expect(printedSquares(layout)).toHaveLength(3);
  });
});
