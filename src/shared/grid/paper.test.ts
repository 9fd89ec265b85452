import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gridDimensions } from "./grid";
import { PAPER_PRESETS, convertLength, convertLengths, detectPreset, presetLabel, presetSize } from "./paper";

describe("paper presets", () => {
  it("gives each preset's size in either unit and orientation", () => {
    expect(presetSize("letter", "in", "landscape")).toEqual({ width: 11, height: 8.5 });
    expect(presetSize("legal", "in", "portrait")).toEqual({ width: 8.5, height: 14 });
    expect(presetSize("a5", "cm", "portrait")).toEqual({ width: 14.8, height: 21 });
    expect(presetSize("a4", "cm", "portrait")).toEqual({ width: 21, height: 29.7 });
    expect(presetSize("a3", "cm", "landscape")).toEqual({ width: 42, height: 29.7 });
    expect(presetSize("a4", "in", "portrait")).toEqual({ width: 8.27, height: 11.69 });
    expect(presetSize("letter", "cm", "landscape")).toEqual({ width: 27.94, height: 21.59 });
  });

  it("recognises a preset either way round, in either unit, and nothing else", () => {
    expect(detectPreset(11, 8.5, "in")).toBe("letter"); // the spec's default paper is Letter
    expect(detectPreset(8.5, 11, "in")).toBe("letter");
    expect(detectPreset(29.7, 21, "cm")).toBe("a4");
    expect(detectPreset(8.27, 11.69, "in")).toBe("a4");
    expect(detectPreset(11, 8.5, "cm")).toBeNull();
    expect(detectPreset(12, 9, "in")).toBeNull();
    expect(presetLabel(null)).toBe("Custom");
    for (const preset of PAPER_PRESETS)
      for (const unit of ["in", "cm"] as const)
        expect(
          detectPreset(presetSize(preset, unit, "portrait").width, presetSize(preset, unit, "portrait").height, unit),
        ).toBe(preset);
  });

  it("keeps the count rule: A4 landscape in centimetres with 2 cm squares is 15 x 11 cells", () => {
    const a4 = presetSize("a4", "cm", "landscape");
    expect(gridDimensions(a4.width, a4.height, 2)).toEqual({ columns: 15, rows: 11 });
    expect(gridDimensions(a4.height, a4.width, 2)).toEqual({ columns: 11, rows: 15 });
  });
});

describe("unit conversion", () => {
  it("converts inches and centimetres at 2.54", () => {
    expect(convertLength(1, "in", "cm")).toBe(2.54);
    expect(convertLength(2.54, "cm", "in")).toBe(1);
    expect(convertLength(7, "cm", "cm")).toBe(7);
  });

  it("converts the paper and the grid together, to two decimals", () => {
    expect(convertLengths({ paperWidth: 11, paperHeight: 8.5, gridSize: 1 }, "in", "cm")).toEqual({
      paperWidth: 27.94,
      paperHeight: 21.59,
      gridSize: 2.54,
    });
    expect(convertLengths({ paperWidth: 29.7, paperHeight: 21, gridSize: 2 }, "cm", "in")).toEqual({
      paperWidth: 11.69,
      paperHeight: 8.27,
      gridSize: 1,
    });
  });

  it("never makes a grid under 1 or a paper over 200", () => {
    expect(convertLengths({ paperWidth: 30, paperHeight: 20, gridSize: 1 }, "cm", "in").gridSize).toBe(1);
    expect(convertLengths({ paperWidth: 200, paperHeight: 100, gridSize: 5 }, "in", "cm").paperWidth).toBe(200);
  });

  it("comes back within rounding after a round trip", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 70, noNaN: true }), (length) => {
        const there = convertLengths({ paperWidth: length, paperHeight: length, gridSize: length }, "in", "cm");
        const back = convertLengths(there, "cm", "in");
        expect(Math.abs(back.paperWidth - length)).toBeLessThanOrEqual(0.011);
      }),
    );
  });
});
