// Cells with nothing to draw: only paper in them, or the template's own white. The print leaves
// them out of its cell sheets (decision 047) and 'Next cell to draw' skips them (decision 049).
// Read from the picture as the canvas draws it (web/features/canvas/draw-region.ts renders it
// small); pure, so the rule is tested without a browser.
import { cellLabel, cellRect, gridDimensions } from "./grid";

/** Every channel of every pixel at least this light: white or near-white paper, no line, no shade. */
const PAPER_LEVEL = 232;

/**
 * The labels of the cells whose picture is all near-white. `pixels` is the whole paper, RGBA,
 * `pixelsPerUnit` pixels a paper unit.
 */
export function blankCells(
  pixels: { width: number; height: number; data: Uint8ClampedArray | Uint8Array },
  paper: { paperWidth: number; paperHeight: number; gridSize: number },
  pixelsPerUnit: number,
): Set<string> {
  const { columns, rows } = gridDimensions(paper.paperWidth, paper.paperHeight, paper.gridSize);
  const blank = new Set<string>();
  const edge = (v: number, limit: number) => Math.min(limit, Math.round(v * pixelsPerUnit));
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const cell = cellRect({ column, row }, paper.paperWidth, paper.paperHeight, paper.gridSize);
      const x0 = edge(cell.x, pixels.width);
      const x1 = edge(cell.x + cell.width, pixels.width);
      const y0 = edge(cell.y, pixels.height);
      const y1 = edge(cell.y + cell.height, pixels.height);
      let light = true;
      for (let y = y0; y < y1 && light; y++) {
        for (let x = x0; x < x1; x++) {
          const p = (y * pixels.width + x) * 4;
          if (Math.min(pixels.data[p]!, pixels.data[p + 1]!, pixels.data[p + 2]!) < PAPER_LEVEL) {
            light = false;
            break;
          }
        }
      }
      if (light) blank.add(cellLabel({ column, row }));
    }
  }
  return blank;
}
