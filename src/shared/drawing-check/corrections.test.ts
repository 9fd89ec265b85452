import { describe, expect, it } from "vitest";
import { corrections, describeCorrection } from "./corrections";
import type { WholeDrawing } from "./whole-drawing";
import type { PartOff } from "./proportion";

const drawing = (over: Partial<WholeDrawing>): WholeDrawing => ({
  scale: 1,
  rotationDeg: 0,
  stretch: 1,
  shiftMm: { x: 0, y: 0 },
  fixedMm: null,
  extentMm: { left: 20, top: 20, right: 260, bottom: 200 },
  beforeMm: 3,
  afterMm: 0.8,
  unstretchedMm: 0.8,
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

  it("names a drawing too wide for its height only when the stretch explains the lines better than size alone", () => {
    const wide = drawing({ stretch: 1.05, unstretchedMm: 1.2 });
    const [said] = corrections(wide);
    expect(said).toMatchObject({ kind: "stretch", percent: 5, wider: true });
    expect(describeCorrection(said!)).toEqual({
      what: "Your drawing is about 5 % too wide for its height.",
      where: null,
      todo: "Count the squares each part spans across and down on the template, and match both counts.",
    });
    expect(describeCorrection(corrections(drawing({ stretch: 0.94, unstretchedMm: 1.2 }))[0]!).what).toBe(
      "Your drawing is about 6 % too tall for its width.",
    );
    // A stretch the fit barely needs is noise, and a small one is not worth saying.
    expect(corrections(drawing({ stretch: 1.05, unstretchedMm: 0.85 }))).toEqual([]);
    expect(corrections(drawing({ stretch: 1.02, unstretchedMm: 1.2 }))).toEqual([]);
  });

  it("ranks a part out of proportion with the whole drawing's errors by how far it moves lines, after the learner's grid", () => {
    // Three squares by three, 10 % too large: its edge moves about 5 mm.
    const part: PartOff = {
      block: { left: 2, top: 1, right: 4, bottom: 3 },
      from: "C2",
      to: "E4",
      scale: 1.1,
      reachMm: Math.hypot(3, 3) * 12.7,
    };
    const small = drawing({ rotationDeg: 1.6 });
    expect(corrections(small, null, part).map((c) => c.kind)).toEqual(["part", "turn"]);
    const large = drawing({ scale: 1.08, fixedMm: { x: 30, y: 30 } });
    expect(corrections(large, null, part).map((c) => c.kind)).toEqual(["size", "part"]);
    const grid = { axis: "column" as const, label: "E", mm: 3, narrower: true, line: "end" as const };
    expect(corrections(small, grid, part).map((c) => c.kind)).toEqual(["grid", "part", "turn"]);
    // A grid not square comes before everything: every square leans with it.
    const lean = { lines: "level" as const, degrees: 1.6, clockwise: false };
    expect(corrections(small, grid, part, lean).map((c) => c.kind)).toEqual(["lean", "grid", "part"]);
    expect(describeCorrection(corrections(null, null, null, lean)[0]!).what).toBe(
      "Your grid is not square: its level lines slope about 2° up to the right.",
    );
    const [said] = corrections(null, null, { ...part, scale: 0.92 });
    expect(describeCorrection(said!)).toEqual({
      what: "The part in squares C2 to E4 is about 8 % too small for the rest.",
      where: null,
      todo: "Mark where its lines cross the grid's lines, as on the template, then join the marks.",
    });
  });
});
