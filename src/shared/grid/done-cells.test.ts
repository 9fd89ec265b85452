import { describe, expect, it } from "vitest";
import {
  drawingProgress,
  isCellInGrid,
  keepDoneCellsInGrid,
  nextUndoneCell,
  sortReadingOrder,
  toggleDoneCell,
} from "./done-cells";
import { progressStateSchema } from "../progress";

const grid = { columns: 11, rows: 9 };

describe("cells marked done", () => {
  it("accepts only labels of cells this grid has", () => {
    expect(isCellInGrid("A1", grid)).toBe(true);
    expect(isCellInGrid("K9", grid)).toBe(true);
    expect(isCellInGrid("L1", grid)).toBe(false);
    expect(isCellInGrid("A10", grid)).toBe(false);
    expect(isCellInGrid("a1", grid)).toBe(false);
    expect(isCellInGrid("A0", grid)).toBe(false);
  });

  it("toggles a mark and keeps the list in reading order", () => {
    let done = toggleDoneCell([], "B2");
    done = toggleDoneCell(done, "C1");
    done = toggleDoneCell(done, "A2");
    expect(done).toEqual(["C1", "A2", "B2"]);
    expect(toggleDoneCell(done, "A2")).toEqual(["C1", "B2"]);
    expect(sortReadingOrder(["AA1", "B1", "A2"])).toEqual(["B1", "AA1", "A2"]);
  });

  it("finds the next cell to draw in reading order, or none when all are done", () => {
    expect(nextUndoneCell([], grid)).toEqual({ column: 0, row: 0 });
    expect(nextUndoneCell(["A1", "B1", "C1"], grid)).toEqual({ column: 3, row: 0 });
    expect(nextUndoneCell(["A1", "B1"], { columns: 2, rows: 2 })).toEqual({ column: 0, row: 1 });
    expect(nextUndoneCell(["A1", "B1", "A2", "B2"], { columns: 2, rows: 2 })).toBeNull();
  });

  it("counts the marks the grid has, of all its cells", () => {
    expect(drawingProgress({ paperWidth: 11, paperHeight: 8.5, gridSize: 1, doneCells: [] })).toEqual({
      cellsDone: 0,
      cells: 99,
    });
    // A mark left from a larger grid is not counted.
    expect(drawingProgress({ paperWidth: 11, paperHeight: 8.5, gridSize: 1, doneCells: ["A1", "K9", "L1"] })).toEqual({
      cellsDone: 2,
      cells: 99,
    });
  });

  it("skips the cells with nothing to draw", () => {
    const blank = new Set(["A1", "B1", "D1", "A2"]);
    expect(nextUndoneCell([], grid, blank)).toEqual({ column: 2, row: 0 });
    expect(nextUndoneCell(["C1"], grid, blank)).toEqual({ column: 4, row: 0 });
    // Every cell with something in it done: nothing left to draw, though blank cells are not marked.
    expect(nextUndoneCell(["B2"], { columns: 2, rows: 2 }, blank)).toBeNull();
  });

  it("drops the marks a smaller grid no longer has", () => {
    expect(keepDoneCellsInGrid(["K9", "A1", "C3", "A1"], { columns: 6, rows: 5 })).toEqual({
      kept: ["A1", "C3"],
      dropped: ["K9"],
    });
  });

  it("is checked against the grid in the saved progress: a cell the grid does not have is dropped, not refused", () => {
    const base = { paperWidth: 11, paperHeight: 8.5, gridSize: 2, imageZoom: 1, imageX: 0, imageY: 0 };
    expect(progressStateSchema.parse({ ...base, doneCells: ["F5"] }).doneCells).toEqual(["F5"]);
    expect(progressStateSchema.parse({ ...base, doneCells: ["G1", "A1"] }).doneCells).toEqual(["A1"]);
    // A mark on the sliver row an older count had (21.01 cm at 3 cm was 8 rows, now 7).
    const sliver = { ...base, unit: "cm" as const, paperWidth: 29.69, paperHeight: 21.01, gridSize: 3 };
    expect(progressStateSchema.parse({ ...sliver, doneCells: ["J7", "J8"] }).doneCells).toEqual(["J7"]);
    expect(progressStateSchema.safeParse({ ...base, doneCells: ["1A"] }).success).toBe(false);
    expect(progressStateSchema.safeParse({ ...base, doneCells: ["A1", "A1"] }).success).toBe(false);
    expect(progressStateSchema.safeParse(base).success).toBe(true); // older clients send none
  });
});
