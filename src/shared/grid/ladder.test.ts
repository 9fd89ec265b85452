import { describe, expect, it } from "vitest";
import { LADDER_STEPS, ladderStep, linesOf, readyForFewerLines, viewAtStep } from "./ladder";
import { gridLines } from "../paper-scene/paper-scene";
import type { KeptCell } from "../drawing-check/kept-checks";

const letter = { paperWidth: 11, paperHeight: 8.5, gridSize: 1 };

describe("the grid ladder (decision 074)", () => {
  it("goes from the full grid with diagonals to the border alone, each step its own view", () => {
    for (const step of LADDER_STEPS) expect(ladderStep(viewAtStep(step))).toBe(step);
    expect(viewAtStep(1)).toEqual({ gridLines: "full", diagonals: true });
    expect(viewAtStep(5)).toEqual({ gridLines: "border", diagonals: false });
    // Diagonals are only drawn over the full grid: with fewer lines they do not change the step.
    expect(ladderStep({ gridLines: "alternate", diagonals: true })).toBe(3);
  });

  it("keeps every line, every other one, the centre lines or the border of a Letter page", () => {
    expect(gridLines(letter, "full").x).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // 9 rows: the last, short one ends on the paper's edge.
    expect(gridLines(letter, "full").y).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8.5]);
    expect(gridLines(letter, "alternate").x).toEqual([0, 2, 4, 6, 8, 10, 11]);
    expect(gridLines(letter, "alternate").y).toEqual([0, 2, 4, 6, 8, 8.5]);
    expect(gridLines(letter, "centre")).toEqual({ x: [0, 5.5, 11], y: [0, 4.25, 8.5] });
    expect(gridLines(letter, "border")).toEqual({ x: [0, 11], y: [0, 8.5] });
    expect(linesOf("alternate", [0, 1, 2])).toEqual([0, 2]);
  });

  it("offers fewer lines at a median error of 1.5 mm or less with at most 10 % of drawn cells off", () => {
    const cells = (errors: number[], off = 0): Omit<KeptCell, "label">[] => [
      ...errors.map((errorMm) => ({ status: errorMm <= 1.5 ? ("close" as const) : ("near" as const), errorMm })),
      ...Array.from({ length: off }, () => ({ status: "off" as const, errorMm: 6 })),
      // Blank paper and cells still to draw do not count.
      { status: "empty", errorMm: 0 },
      { status: "not-drawn", errorMm: 0 },
    ];
    expect(readyForFewerLines(cells([0.5, 1, 1.4, 1.5, 2, 2.5, 0.8, 0.9, 1.1]))).toBe(true);
    expect(readyForFewerLines(cells([1.6, 1.7, 2, 0.5, 0.4]))).toBe(false);
    expect(readyForFewerLines(cells([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], 1))).toBe(true);
    expect(readyForFewerLines(cells([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], 2))).toBe(false);
    expect(readyForFewerLines(cells([]))).toBe(false);
  });
});
