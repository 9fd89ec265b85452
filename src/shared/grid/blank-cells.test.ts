import { describe, expect, it } from "vitest";
import { blankCells } from "./blank-cells";

/** A 4 × 3 in paper with 1-inch squares at 10 px an inch, near-white, with what `paint` puts on it. */
function paperWith(paint: (x: number, y: number) => [number, number, number] | null) {
  const width = 40;
  const height = 30;
  const data = new Uint8ClampedArray(width * height * 4).fill(250);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = paint(x, y);
      if (colour) data.set([...colour, 255], (y * width + x) * 4);
    }
  return blankCells({ width, height, data }, { paperWidth: 4, paperHeight: 3, gridSize: 1 }, 10);
}

describe("cells with nothing to draw", () => {
  it("are those with only near-white in them: a line, a shade or a colour makes a cell one to draw", () => {
    const blank = paperWith((x, y) => {
      if (x === 15 && y < 10) return [40, 40, 40]; // a line down B1
      if (x >= 20 && x < 30 && y >= 10 && y < 20) return [200, 230, 200]; // a pale green fill in C2
      if (x === 39 && y === 29) return [225, 225, 225]; // one faint pixel in D3's corner
      return null;
    });
    expect([...blank].sort()).toEqual(["A1", "A2", "A3", "B2", "B3", "C1", "C3", "D1", "D2"]);
  });

  it("read a half square at the paper's edge as the part the paper has", () => {
    const width = 35;
    const height = 30;
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    data.set([0, 0, 0, 255], (5 * width + 34) * 4);
    const blank = blankCells({ width, height, data }, { paperWidth: 3.5, paperHeight: 3, gridSize: 1 }, 10);
    expect(blank.has("D1")).toBe(false);
    expect(blank.has("D2")).toBe(true);
    expect(blank.size).toBe(11);
  });
});
