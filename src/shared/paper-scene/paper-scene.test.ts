import { describe, expect, it } from "vitest";
import { cellRect, gridDimensions, type Rect } from "../grid/grid";
import { GRID_VIEW_DEFAULTS } from "../grid/grid-view";
import { cellsUnder, gridLines, gridStroke, regionTransform, viewerRegion, type PaperScene } from "./paper-scene";

const scene: PaperScene = {
  paperWidth: 11,
  paperHeight: 8.5,
  gridSize: 2,
  zoom: 1,
  offsetX: 0,
  offsetY: 0,
  imageSize: { width: 4, height: 3 },
};

/** Where a point of the paper lands on the canvas under a `setTransform` matrix. */
const project = ([a, b, c, d, e, f]: number[], x: number, y: number) => ({
  x: a! * x + c! * y + e!,
  y: b! * x + d! * y + f!,
});

describe("drawing a region of the paper", () => {
  it("maps the region's corners onto the canvas's corners", () => {
    const region: Rect = { x: 2, y: 4, width: 6, height: 3 };
    const transform = regionTransform(region, 600, 300);
    expect(project(transform, 2, 4)).toEqual({ x: 0, y: 0 });
    expect(project(transform, 8, 7)).toEqual({ x: 600, y: 300 });
  });

  it("shows the viewer's cell alone, or in the middle of its 3×3 block, in whole grid squares", () => {
    // F5 is the last cell: 1 × 0.5 on the paper, yet the viewer keeps the square's shape.
    expect(viewerRegion({ column: 5, row: 4 }, scene, false)).toEqual({ x: 10, y: 8, width: 2, height: 2 });
    const block = viewerRegion({ column: 0, row: 0 }, scene, true);
    expect(block).toEqual({ x: -2, y: -2, width: 6, height: 6 });
    // The cell sits in the middle third of the viewer's canvas.
    const transform = regionTransform(block, 300, 300);
    expect(project(transform, 0, 0)).toEqual({ x: 100, y: 100 });
    expect(project(transform, 2, 2)).toEqual({ x: 200, y: 200 });
  });

  it("draws a line every grid size, the last on the paper's edge", () => {
    expect(gridLines(scene)).toEqual({ x: [0, 2, 4, 6, 8, 10, 11], y: [0, 2, 4, 6, 8, 8.5] });
    expect(gridLines({ paperWidth: 4, paperHeight: 2, gridSize: 1 })).toEqual({ x: [0, 1, 2, 3, 4], y: [0, 1, 2] });
    // 1.1 / 0.1 lands a hair above 11: still 11 cells, so no line beyond the edge.
    expect(gridLines({ paperWidth: 1.1, paperHeight: 1, gridSize: 0.1 }).x).toHaveLength(12);
    // A 0.01 sliver is no column: the last line moves to the paper's edge instead of adding one.
    expect(gridLines({ paperWidth: 21.01, paperHeight: 29.69, gridSize: 3 }).x).toEqual([
      0, 3, 6, 9, 12, 15, 18, 21.01,
    ]);
  });

  it("looks for done marks in every cell a region touches, and only in the grid", () => {
    const grid = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
    const regions: Rect[] = [
      { x: 0, y: 0, width: 11, height: 8.5 },
      viewerRegion({ column: 0, row: 0 }, scene, true),
      viewerRegion({ column: 5, row: 4 }, scene, true),
      viewerRegion({ column: 2, row: 1 }, scene, false),
      { x: 3, y: 1, width: 4.5, height: 2 },
    ];
    for (const region of regions) {
      const { first, last } = cellsUnder(region, scene);
      expect(first.column).toBeGreaterThanOrEqual(0);
      expect(first.row).toBeGreaterThanOrEqual(0);
      expect(last.column).toBeLessThan(grid.columns);
      expect(last.row).toBeLessThan(grid.rows);
      for (let row = 0; row < grid.rows; row++) {
        for (let column = 0; column < grid.columns; column++) {
          const cell = cellRect({ column, row }, scene.paperWidth, scene.paperHeight, scene.gridSize);
          const touches =
            cell.x < region.x + region.width &&
            cell.x + cell.width > region.x &&
            cell.y < region.y + region.height &&
            cell.y + cell.height > region.y;
          if (touches)
            expect({
              column,
              row,
              within: column >= first.column && column <= last.column && row >= first.row && row <= last.row,
            }).toEqual({ column, row, within: true });
        }
      }
    }
    expect(cellsUnder({ x: 3, y: 1, width: 4.5, height: 2 }, scene)).toEqual({
      first: { column: 1, row: 0 },
      last: { column: 4, row: 2 },
    });
  });

  it("strokes the grid in its colour, at its opacity", () => {
    expect(gridStroke(GRID_VIEW_DEFAULTS)).toBe("rgba(43, 33, 24, 0.55)");
    expect(gridStroke({ ...GRID_VIEW_DEFAULTS, gridColor: "accent", gridOpacity: 0.5 })).toBe("rgba(194, 65, 12, 0.4)");
    // The diagonals: fainter than the lines.
    expect(gridStroke({ ...GRID_VIEW_DEFAULTS, gridColor: "light" }, 0.5)).toBe("rgba(214, 211, 206, 0.45)");
  });
});
