import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gridDimensions } from "./grid";
import {
  PAPER_PRESETS,
  convertGridSize,
  convertLength,
  convertLengths,
  detectPreset,
  presetLabel,
  presetSize,
} from "./paper";

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
    expect(PAPER_PRESETS.map((preset) => presetLabel(preset))).toEqual(["Letter", "Legal", "A5", "A4", "A3"]);
    // Letter, Legal and Custom are words, asked of the translation; the A sizes are the same everywhere.
    expect([...PAPER_PRESETS, null].map((preset) => presetLabel(preset, (id) => `<${id}>`))).toEqual([
      "<Letter>",
      "<Legal>",
      "A5",
      "A4",
      "A3",
      "<Custom>",
    ]);
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

  it("keeps a preset exactly that preset, whichever unit it was chosen in", () => {
    expect(convertLengths({ paperWidth: 11, paperHeight: 8.5, gridSize: 1 }, "in", "cm")).toEqual({
      paperWidth: 27.94,
      paperHeight: 21.59,
      gridSize: 2.5,
    });
    const inches = convertLengths({ paperWidth: 29.7, paperHeight: 21, gridSize: 2 }, "cm", "in");
    expect(inches).toEqual({ paperWidth: 11.69, paperHeight: 8.27, gridSize: 1 });
    // Back in centimetres A4 is 29.7 x 21 again, not 29.69 x 21.01.
    expect(convertLengths(inches, "in", "cm")).toEqual({ paperWidth: 29.7, paperHeight: 21, gridSize: 2.5 });
    expect(convertLengths({ paperWidth: 27.94, paperHeight: 21.59, gridSize: 2.5 }, "cm", "in")).toEqual({
      paperWidth: 11,
      paperHeight: 8.5,
      gridSize: 1,
    });
    for (const preset of PAPER_PRESETS)
      for (const [from, to] of [
        ["in", "cm"],
        ["cm", "in"],
      ] as const) {
        const size = presetSize(preset, from, "portrait");
        const there = convertLengths({ paperWidth: size.width, paperHeight: size.height, gridSize: 1 }, from, to);
        const back = convertLengths(there, to, from);
        expect([back.paperWidth, back.paperHeight], `${preset} ${from}`).toEqual([size.width, size.height]);
      }
  });

  it("converts a custom paper to two decimals", () => {
    expect(convertLengths({ paperWidth: 10, paperHeight: 7.3, gridSize: 1 }, "in", "cm")).toMatchObject({
      paperWidth: 25.4,
      paperHeight: 18.54,
    });
  });

  it("offers a round square size in the other unit: quarter inches, half centimetres, at least 1", () => {
    const cases: [number, "in" | "cm", number][] = [
      [1, "in", 2.5],
      [2, "in", 5],
      [1.5, "in", 4],
      [2, "cm", 1],
      [3, "cm", 1.25],
      [5, "cm", 2],
      [1, "cm", 1],
      [2.5, "cm", 1],
    ];
    for (const [size, from, expected] of cases)
      expect(convertGridSize(size, from, from === "in" ? "cm" : "in"), `${size} ${from}`).toBe(expected);
    expect(convertGridSize(2.54, "cm", "cm")).toBe(2.54);
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
