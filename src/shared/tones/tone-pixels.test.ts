import { describe, expect, it } from "vitest";
import { tonePixels } from "./tone-pixels";

const pixels = (...rgba: number[][]) => Uint8ClampedArray.from(rgba.flat());

describe("tonePixels", () => {
  it("leaves the colour view untouched", () => {
    const data = pixels([200, 10, 30, 255]);
    tonePixels(data, "color");
    expect([...data]).toEqual([200, 10, 30, 255]);
  });

  it("turns colour into its Rec. 601 grey, keeping alpha", () => {
    const data = pixels([255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [255, 255, 255, 255], [0, 0, 0, 255]);
    tonePixels(data, "grayscale");
    expect([...data]).toEqual([76, 76, 76, 255, 150, 150, 150, 128, 29, 29, 29, 0, 255, 255, 255, 255, 0, 0, 0, 255]);
  });

  it("folds greys into as many values as the view has, from black to white", () => {
    const greys = Array.from({ length: 256 }, (_, v) => [v, v, v, 255]);
    for (const [mode, count] of [
      ["values3", 3],
      ["values5", 5],
    ] as const) {
      const data = pixels(...greys);
      tonePixels(data, mode);
      const values = new Set(greys.map((_, i) => data[i * 4]!));
      expect(values.size).toBe(count);
      expect(Math.min(...values)).toBe(0);
      expect(Math.max(...values)).toBe(255);
      // Darker in, never lighter out.
      for (let i = 1; i < 256; i++) expect(data[i * 4]!).toBeGreaterThanOrEqual(data[(i - 1) * 4]!);
    }
  });
});
