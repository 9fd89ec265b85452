import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cellAt,
  cellLabel,
  cellRect,
  columnLabel,
  gridDimensions,
  gridLineAt,
  imagePlacement,
  parseCellLabel,
  parseColumnLabel,
  parseGridSize,
  parsePaperHeight,
  parsePaperWidth,
  SLIVER_FRACTION,
  stepZoom,
  zoomPercent,
} from "./grid";

const paper = fc.double({ min: 0.5, max: 200, noNaN: true });
const gridSize = fc.double({ min: 1, max: 50, noNaN: true });

describe("labels", () => {
  it("letters columns A…Z, then AA, AB, …", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLabel)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });

  it("prints and parses cell labels like B3 and AA12", () => {
    expect(cellLabel({ column: 1, row: 2 })).toBe("B3");
    expect(cellLabel({ column: 26, row: 11 })).toBe("AA12");
    expect(parseCellLabel("AA12")).toEqual({ column: 26, row: 11 });
    for (const bad of ["", "3B", "b3", "A0", "A", "12", "A-1", "A1 ", "A01"]) expect(parseCellLabel(bad)).toBeNull();
  });

  it("round-trips every column and cell", () => {
    fc.assert(fc.property(fc.nat(200_000), (i) => parseColumnLabel(columnLabel(i)) === i));
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(99_999), (column, row) => {
        const parsed = parseCellLabel(cellLabel({ column, row }));
        return parsed?.column === column && parsed.row === row;
      }),
    );
  });

  it("orders columns like the alphabet, shorter labels first", () => {
    fc.assert(
      fc.property(fc.nat(50_000), (i) => {
        const [a, b] = [columnLabel(i), columnLabel(i + 1)];
        return a.length < b.length || (a.length === b.length && a < b);
      }),
    );
  });
});

describe("grid dimensions", () => {
  it("divides each side by the grid size and rounds up", () => {
    expect(gridDimensions(11, 8.5, 1)).toEqual({ columns: 11, rows: 9 });
    expect(gridDimensions(11, 8.5, 2)).toEqual({ columns: 6, rows: 5 });
    expect(gridDimensions(1.3, 0.7, 0.1 + 0.9)).toEqual({ columns: 2, rows: 1 });
    // Decimal noise must not add a column: 11 cells, not 12.
    expect(gridDimensions(1.1 * 10, 3, 1)).toEqual({ columns: 11, rows: 3 });
    // A4 in inches keeps its real partial cells: 0.27 and 0.69 of a square.
    expect(gridDimensions(8.27, 11.69, 1)).toEqual({ columns: 9, rows: 12 });
  });

  it("counts no sliver under a fifth of a square as a column or row", () => {
    // The A4, 21.01 x 29.69 cm with 3 cm squares: 0.01 cm is no column H.
    expect(gridDimensions(21.01, 29.69, 3)).toEqual({ columns: 7, rows: 10 });
    expect(gridDimensions(10.19, 10.2, 1)).toEqual({ columns: 10, rows: 11 });
    expect(gridDimensions(1.1, 0.1, 1)).toEqual({ columns: 1, rows: 1 });
    expect(SLIVER_FRACTION).toBe(0.2);
  });

  it("covers the paper with whole cells, no spare column or row, and none thinner than a fifth of a square", () => {
    fc.assert(
      fc.property(paper, paper, gridSize, (w, h, g) => {
        const { columns, rows } = gridDimensions(w, h, g);
        const covers = (count: number, length: number) =>
          count >= 1 &&
          // The last line is on the paper's edge: the last cell ends there, at least a fifth of a square wide…
          gridLineAt(count, count, length, g) === length &&
          (count === 1 || length - (count - 1) * g >= SLIVER_FRACTION * g - 1e-6) &&
          // …and at most a square and a fifth, so what is left over is never a cell of its own.
          length - (count - 1) * g < (1 + SLIVER_FRACTION) * g + 1e-6;
        return covers(columns, w) && covers(rows, h);
      }),
    );
  });
});

describe("field fallbacks", () => {
  it("falls back to 11, 8.5 and 1 for empty or invalid entries", () => {
    for (const bad of ["", " ", "abc", "-3", "0", "NaN", "Infinity", "1e9", null, undefined]) {
      expect(parsePaperWidth(bad)).toBe(11);
      expect(parsePaperHeight(bad)).toBe(8.5);
      expect(parseGridSize(bad)).toBe(1);
    }
    expect(parseGridSize("0.5")).toBe(1);
    expect(parsePaperWidth("12.5")).toBe(12.5);
    expect(parsePaperHeight(" 9 ")).toBe(9);
    expect(parseGridSize("2")).toBe(2);
  });
});

describe("zoom", () => {
  it("steps by 0.2 and stops at 50 % and 300 %", () => {
    let zoom = 1;
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) seen.push(zoomPercent((zoom = stepZoom(zoom, 1))));
    expect(seen.slice(0, 3)).toEqual(["120%", "140%", "160%"]);
    expect(zoom).toBe(3);
    for (let i = 0; i < 20; i++) zoom = stepZoom(zoom, -1);
    expect(zoom).toBe(0.5);
  });

  it("always lands on a 0.1 multiple within 0.5–3", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 3, noNaN: true }), fc.constantFrom(1 as const, -1 as const), (z, d) => {
        const next = stepZoom(z, d);
        return next >= 0.5 && next <= 3 && Math.abs(next * 10 - Math.round(next * 10)) < 1e-9;
      }),
    );
  });
});

describe("cells on the paper", () => {
  it("finds the cell under a point, and that cell's rectangle contains the point", () => {
    fc.assert(
      fc.property(
        paper,
        paper,
        gridSize,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (w, h, g, fx, fy) => {
          const x = fx * w;
          const y = fy * h;
          const cell = cellAt(x, y, w, h, g)!;
          const rect = cellRect(cell, w, h, g);
          const { columns, rows } = gridDimensions(w, h, g);
          return (
            cell.column < columns &&
            cell.row < rows &&
            x >= rect.x - 1e-9 &&
            x <= rect.x + rect.width + 1e-9 &&
            y >= rect.y - 1e-9 &&
            y <= rect.y + rect.height + 1e-9
          );
        },
      ),
    );
  });

  it("answers null off the paper and clips edge cells to it", () => {
    expect(cellAt(-0.1, 1, 11, 8.5, 1)).toBeNull();
    expect(cellAt(11, 1, 11, 8.5, 1)).toBeNull();
    expect(cellAt(10.9, 8.4, 11, 8.5, 1)).toEqual({ column: 10, row: 8 });
    expect(cellRect({ column: 10, row: 8 }, 11, 8.5, 1)).toEqual({ x: 10, y: 8, width: 1, height: 0.5 });
  });

  it("gives a sliver to the last cell, whose rectangle reaches the paper's edge", () => {
    expect(cellAt(20.995, 29.6, 21.01, 29.69, 3)).toEqual({ column: 6, row: 9 });
    const last = cellRect({ column: 6, row: 9 }, 21.01, 29.69, 3);
    expect(last.x + last.width).toBeCloseTo(21.01, 9);
    expect(last.y + last.height).toBeCloseTo(29.69, 9);
    expect(last.width).toBeCloseTo(3.01, 9);
    expect(last.height).toBeCloseTo(2.69, 9);
  });
});

describe("image placement", () => {
  it("fits the image inside the paper at zoom 1, centred, and scales about the centre", () => {
    expect(imagePlacement({ width: 1000, height: 1000 }, 11, 8.5, 1, 0, 0)).toEqual({
      x: 1.25,
      y: 0,
      width: 8.5,
      height: 8.5,
    });
    const zoomed = imagePlacement({ width: 1000, height: 500 }, 10, 10, 2, 1, -1);
    expect(zoomed).toEqual({ x: -5 + 1, y: 0 - 1, width: 20, height: 10 });
  });
});
