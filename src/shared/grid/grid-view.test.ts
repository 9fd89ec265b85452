import { describe, expect, it } from "vitest";
import { luma, toneTable, valueLevel } from "./grid-view";

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
