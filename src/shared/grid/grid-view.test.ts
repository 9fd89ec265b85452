import { describe, expect, it } from "vitest";
import { luma, toneOf, toneTable, valueLevel } from "./grid-view";

describe("value views", () => {
  it("snaps lightness to 3 or 5 evenly spaced values", () => {
    expect([0, 84, 86, 170, 171, 255].map((v) => valueLevel(v, 3))).toEqual([0, 0, 128, 128, 255, 255]);
    expect([0, 51, 52, 128, 204, 205, 255].map((v) => valueLevel(v, 5))).toEqual([0, 0, 64, 128, 191, 255, 255]);
  });

  it("builds a lookup table per mode", () => {
    const three = toneTable("values3");
    expect(new Set(three).size).toBe(3);
    expect(new Set(toneTable("values5")).size).toBe(5);
    expect(toneTable("grayscale")[77]).toBe(77);
  });

  it("weighs green over red over blue", () => {
    expect(luma(0, 255, 0)).toBeGreaterThan(luma(255, 0, 0));
    expect(luma(255, 0, 0)).toBeGreaterThan(luma(0, 0, 255));
    expect(Math.round(luma(255, 255, 255))).toBe(255);
  });
});

describe("the outline view's tone", () => {
  it("is the chosen detail's for the outline, and the view's own mode otherwise", () => {
    expect(toneOf({ imageMode: "outline", outlineDetail: 1 })).toBe("outline-1");
    expect(toneOf({ imageMode: "outline", outlineDetail: 3 })).toBe("outline-3");
    expect(toneOf({ imageMode: "values3", outlineDetail: 3 })).toBe("values3");
    // Main lines only: the file's detail tone (100) is paper, its main contour tone (0) ink.
    expect([toneTable("outline-1")[0], toneTable("outline-1")[100], toneTable("outline-2")[100]]).toEqual([
      40, 255, 40,
    ]);
  });
});
