import { describe, expect, it } from "vitest";
import type { Correction } from "./corrections";
import { pointersOf } from "./pointers";
import { SYNTHETIC_PAPER } from "./synthetic-photo";

const extentMm = { left: 30, top: 20, right: 250, bottom: 190 };

describe("where each correction points on the paper", () => {
  it("points at the grid line to redraw, the part's squares, and the side a size is furthest off", () => {
    const said: Correction[] = [
      { kind: "grid", axis: "row", label: "3", mm: 2.5, narrower: false, line: "start" },
      { kind: "part", percent: 10, larger: true, from: "C2", to: "E4", atEdgeMm: 5 },
      { kind: "size", percent: 5, larger: false, towards: "left", atEdgeMm: 9, extentMm },
    ];
    const [row, part, size] = pointersOf(said, SYNTHETIC_PAPER);
    // The line above row 3, across the grid (11 columns of 25.4 mm, cut at the paper's edge).
    expect(row!.shape).toEqual({ line: { from: { x: 0, y: 50.8 }, to: { x: 279.4, y: 50.8 } } });
    expect(part).toEqual({
      shape: { box: { left: 50.8, top: 25.4, right: 127, bottom: 101.6 } },
      badge: { x: 50.8, y: 25.4 },
    });
    expect(size).toEqual({ shape: { box: extentMm }, badge: { x: 30, y: 105 } });
  });

  it("draws the line square to a grid that is not square, from the corner where it runs across the grid", () => {
    const tan2 = Math.tan((2 * Math.PI) / 180);
    const [right, left, down] = pointersOf(
      [
        { kind: "lean", lines: "upright", degrees: 2, clockwise: true },
        { kind: "lean", lines: "upright", degrees: 2, clockwise: false },
        { kind: "lean", lines: "level", degrees: 2, clockwise: true },
      ],
      SYNTHETIC_PAPER,
    );
    // Upright lines whose tops lean right: square runs from the top left corner down and to the right.
    expect(right!.shape).toEqual({ line: { from: { x: 0, y: 0 }, to: { x: 215.9 * tan2, y: 215.9 } } });
    expect(left!.shape).toEqual({
      line: { from: { x: 279.4, y: 0 }, to: { x: 279.4 - 215.9 * tan2, y: 215.9 } },
    });
    // Level lines sloping down to the right: square runs from the bottom left corner up to the right.
    expect(down!.shape).toEqual({
      line: { from: { x: 0, y: 215.9 }, to: { x: 279.4, y: 215.9 - 279.4 * tan2 } },
    });
    // Each number half a square along its line.
    expect(right!.badge.y).toBeCloseTo(12.7, 0);
  });

  it("outlines the squares shaded too dark or too light", () => {
    const [tone] = pointersOf([{ kind: "tone", darker: true, from: "B2", to: "B3" }], SYNTHETIC_PAPER);
    expect(tone!.shape).toEqual({
      box: { left: 25.4, top: 25.4, right: 50.8, bottom: expect.closeTo(76.2, 6) },
    });
    expect(tone!.badge).toEqual({ x: 25.4, y: 25.4 });
  });

  it("keeps two numbers at the same place apart", () => {
    const said: Correction[] = [
      { kind: "turn", degrees: 3, clockwise: true, atEdgeMm: 7, extentMm },
      { kind: "stretch", percent: 5, wider: true, atEdgeMm: 5, extentMm },
    ];
    const [turn, stretch] = pointersOf(said, SYNTHETIC_PAPER);
    expect(turn!.badge).toEqual({ x: 30, y: 20 });
    expect(stretch!.badge).toEqual({ x: 39, y: 20 });
  });
});
