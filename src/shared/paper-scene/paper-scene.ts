// The geometry of the paper as drawn on screen and in print: which part of it a canvas shows, where
// the grid's lines run and how they look. Pure: draw-region.ts (web) paints what this decides.
import { gridDimensions, gridLinePlaces, type Cell, type Rect } from "../grid/grid";
import { GRID_RGB, type GridView } from "../grid/grid-view";
import { linesOf, type GridLineSet } from "../grid/ladder";

/** Everything that decides what is on the paper. Lengths in paper units. */
export interface PaperScene {
  paperWidth: number;
  paperHeight: number;
  gridSize: number;
  zoom: number;
  offsetX: number;
  offsetY: number;
  /** The template's natural size; decides its aspect ratio. */
  imageSize: { width: number; height: number };
}

// The spec's grid: ink at 55 % (what "dark" at full opacity means); the light and accent lines
// need more strength to show on a picture.
const GRID_ALPHA: Record<GridView["gridColor"], number> = { dark: 0.55, light: 0.9, accent: 0.8 };

/** The grid's line colour as CSS, for the canvas. */
export function gridStroke(view: GridView, alphaFactor = 1): string {
  const [r, g, b] = GRID_RGB[view.gridColor];
  return `rgba(${r}, ${g}, ${b}, ${GRID_ALPHA[view.gridColor] * view.gridOpacity * alphaFactor})`;
}

/** The transform (for `setTransform`) that draws `region` of the paper onto a canvas of `width` × `height` pixels. */
export function regionTransform(
  region: Rect,
  width: number,
  height: number,
): [number, number, number, number, number, number] {
  const scale = width / region.width;
  return [scale, 0, 0, height / region.height, -region.x * scale, (-region.y * height) / region.height];
}

type PaperGrid = Pick<PaperScene, "paperWidth" | "paperHeight" | "gridSize">;

/**
 * Where the grid's lines run (paper units): one every grid size from 0, the last on the paper's
 * edge; of those, the ones `set` draws (the grid ladder's step, decision 074).
 */
export function gridLines(scene: PaperGrid, set: GridLineSet = "full"): { x: number[]; y: number[] } {
  const { paperWidth, paperHeight, gridSize } = scene;
  const { columns, rows } = gridDimensions(paperWidth, paperHeight, gridSize);
  return {
    x: linesOf(set, gridLinePlaces(columns, paperWidth, gridSize)),
    y: linesOf(set, gridLinePlaces(rows, paperHeight, gridSize)),
  };
}

/** The first and last cell (inclusive) to look at for marks in a region: every grid cell it touches, within the grid. */
export function cellsUnder(region: Rect, scene: PaperGrid): { first: Cell; last: Cell } {
  const g = scene.gridSize;
  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, g);
  return {
    first: { column: Math.max(0, Math.floor(region.x / g)), row: Math.max(0, Math.floor(region.y / g)) },
    last: {
      column: Math.min(columns - 1, Math.ceil((region.x + region.width) / g)),
      row: Math.min(rows - 1, Math.ceil((region.y + region.height) / g)),
    },
  };
}

/** The region of the cell viewer: the cell itself, or the cell with its eight neighbours. */
export function viewerRegion(cell: Cell, scene: PaperScene, context: boolean): Rect {
  const g = scene.gridSize;
  // Always whole grid squares (even past the paper's edge, which shows as blank paper), so the
  // cell keeps its true shape and sits in the middle of the 3×3 view.
  return context
    ? { x: (cell.column - 1) * g, y: (cell.row - 1) * g, width: 3 * g, height: 3 * g }
    : { x: cell.column * g, y: cell.row * g, width: g, height: g };
}
