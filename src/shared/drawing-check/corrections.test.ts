import { describe, expect, it } from "vitest";
import { corrections, describeCorrection } from "./corrections";
import type { WholeDrawing } from "./whole-drawing";

const drawing = (over: Partial<WholeDrawing>): WholeDrawing => ({
  scale: 1,
  rotationDeg: 0,
  shiftMm: { x: 0, y: 0 },
  fixedMm: null,
  extentMm: { left: 20, top: 20, right: 260, bottom: 200 },
  beforeMm: 3,
  afterMm: 0.8,
  ...over,
});

describe("what to fix first", () => {
  it("says nothing when the fit explains too little, or every error is too small to matter", () => {
    expect(corrections(drawing({ scale: 1.06, beforeMm: 1, afterMm: 0.9 }))).toEqual([]);
    expect(corrections(drawing({ scale: 1.02, rotationDeg: 1, shiftMm: { x: 1.5, y: 0 } }))).toEqual([]);
  });

  it("puts the largest first, and leaves out the shift a size about a point on the drawing makes", () => {
    const found = corrections(
      drawing({ scale: 1.05, rotationDeg: -2, shiftMm: { x: 5, y: 4 }, fixedMm: { x: 30, y: 30 } }),
    );
    expect(found.map((c) => c.kind)).toEqual(["size", "turn"]);
    expect(found[0]).toMatchObject({ percent: 5, larger: true, towards: "bottom-right" });
    expect(describeCorrection(found[1]!).what).toBe("Your drawing is turned about 2° anticlockwise.");
  });

  it("names a shift of the whole drawing, and which way", () => {
    const [shift] = corrections(drawing({ shiftMm: { x: -4, y: 0.5 } }));
    expect(describeCorrection(shift!)).toEqual({
      what: "Your whole drawing sits about 4 mm too far left.",
      where: null,
      todo: "Start each part where the grid says, counting the squares from the edge.",
    });
  });
});
