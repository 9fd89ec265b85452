import { cellLabel, cellRect, gridDimensions, imagePlacement, type Cell, type Rect } from "../../../shared/grid";
import { GRID_RGB, GRID_VIEW_DEFAULTS, type GridView, type ImageMode } from "../../../shared/grid-view";
import { tonePixels } from "./tone-pixels";

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

export interface DrawOptions {
  /** Draw the grid lines (and outline this cell, if given). */
  grid?: boolean;
  outline?: Cell | null;
  /** Colour, thickness, opacity and diagonals of the grid (the spec's look when left out). */
  view?: GridView;
  /** Turn the picture to grey or value steps as it is drawn (for images not already toned). */
  tone?: ImageMode;
  /** Labels of cells marked done: a soft shade and a tick. */
  done?: ReadonlySet<string>;
  /** A frame of a drag or pinch: scale the picture the quick way (high quality costs several times more on a 2048 px bitmap). */
  moving?: boolean;
}

// The spec's grid: ink at 55 % (what "dark" at full opacity means); the light and accent lines
// need more strength to show on a picture.
const GRID_ALPHA: Record<GridView["gridColor"], number> = { dark: 0.55, light: 0.9, accent: 0.8 };
const OUTLINE_COLOUR = "#c2410c";
const DONE_SHADE = "rgba(255, 252, 247, 0.6)";
const TICK_COLOUR = "#15803d";

/** The grid's line colour as CSS, for the canvas. */
export function gridStroke(view: GridView, alphaFactor = 1): string {
  const [r, g, b] = GRID_RGB[view.gridColor];
  return `rgba(${r}, ${g}, ${b}, ${GRID_ALPHA[view.gridColor] * view.gridOpacity * alphaFactor})`;
}

/** Turn the pixels of an area of a canvas into grey or value steps, in place. */
export function toneCanvas(ctx: CanvasRenderingContext2D, mode: ImageMode, x: number, y: number, width: number, height: number): void {
  if (mode === "color" || width <= 0 || height <= 0) return;
  const pixels = ctx.getImageData(x, y, width, height);
  tonePixels(pixels.data, mode);
  ctx.putImageData(pixels, x, y);
}

/**
 * Draw the part `region` (paper units) of the paper onto a canvas of `width` × `height` device
 * pixels: white paper, the image where it sits, and optionally the grid. The main canvas draws the
 * whole paper and the cell viewer one cell (or 3×3) with this same function, so a cell shows
 * exactly the part of the image under it. Outside the paper is blank paper too.
 */
export function drawRegion(ctx: CanvasRenderingContext2D, image: CanvasImageSource | null, scene: PaperScene, region: Rect, width: number, height: number, options: DrawOptions = {}): void {
  const transform = regionTransform(region, width, height);
  const scale = transform[0];
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(...transform);

  if (image) {
    const placement = imagePlacement(scene.imageSize, scene.paperWidth, scene.paperHeight, scene.zoom, scene.offsetX, scene.offsetY);
    ctx.save();
    // The image exists only on the paper.
    ctx.beginPath();
    ctx.rect(0, 0, scene.paperWidth, scene.paperHeight);
    ctx.clip();
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = options.moving ? "low" : "high";
    ctx.drawImage(image, placement.x, placement.y, placement.width, placement.height);
    ctx.restore();
    if (options.tone && options.tone !== "color") {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      toneCanvas(ctx, options.tone, 0, 0, width, height);
      ctx.setTransform(...transform);
    }
  }

  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  if (options.done && options.done.size > 0) drawDoneMarks(ctx, options.done, scene, region);

  if (options.grid) {
    const view = options.view ?? GRID_VIEW_DEFAULTS;
    ctx.lineWidth = view.gridThickness / scale;
    ctx.strokeStyle = gridStroke(view);
    ctx.beginPath();
    const lines = gridLines(scene);
    for (const x of lines.x) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x, scene.paperHeight);
    }
    for (const y of lines.y) {
      ctx.moveTo(0, y);
      ctx.lineTo(scene.paperWidth, y);
    }
    ctx.stroke();
    if (view.diagonals) {
      // Both diagonals of every cell, fainter than the grid: guides for angles and proportions.
      ctx.lineWidth = Math.max(0.5, view.gridThickness * 0.75) / scale;
      ctx.strokeStyle = gridStroke(view, 0.6);
      ctx.beginPath();
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
          const cell = cellRect({ column: c, row: r }, scene.paperWidth, scene.paperHeight, scene.gridSize);
          ctx.moveTo(cell.x, cell.y);
          ctx.lineTo(cell.x + cell.width, cell.y + cell.height);
          ctx.moveTo(cell.x + cell.width, cell.y);
          ctx.lineTo(cell.x, cell.y + cell.height);
        }
      }
      ctx.stroke();
    }
    if (options.outline) {
      const rect = cellRect(options.outline, scene.paperWidth, scene.paperHeight, scene.gridSize);
      ctx.lineWidth = 3 / scale;
      ctx.strokeStyle = OUTLINE_COLOUR;
      ctx.strokeRect(rect.x, rect.y, rect.width, rect.height);
    }
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** A soft shade over each done cell in the region, and a tick in its top-right corner. */
function drawDoneMarks(ctx: CanvasRenderingContext2D, done: ReadonlySet<string>, scene: PaperScene, region: Rect): void {
  const g = scene.gridSize;
  const { first, last } = cellsUnder(region, scene);
  for (let r = first.row; r <= last.row; r++) {
    for (let c = first.column; c <= last.column; c++) {
      if (!done.has(cellLabel({ column: c, row: r }))) continue;
      const rect = cellRect({ column: c, row: r }, scene.paperWidth, scene.paperHeight, g);
      ctx.fillStyle = DONE_SHADE;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
      const size = Math.min(rect.width, rect.height) * 0.3;
      const x = rect.x + rect.width - size * 1.15;
      const y = rect.y + size * 0.15;
      ctx.fillStyle = TICK_COLOUR;
      ctx.beginPath();
      ctx.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = "#ffffff";
      ctx.lineWidth = size * 0.14;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.beginPath();
      ctx.moveTo(x + size * 0.27, y + size * 0.52);
      ctx.lineTo(x + size * 0.44, y + size * 0.69);
      ctx.lineTo(x + size * 0.74, y + size * 0.33);
      ctx.stroke();
      ctx.lineCap = "butt";
      ctx.lineJoin = "miter";
    }
  }
}

/** The transform (for `setTransform`) that draws `region` of the paper onto a canvas of `width` × `height` pixels. */
export function regionTransform(region: Rect, width: number, height: number): [number, number, number, number, number, number] {
  const scale = width / region.width;
  return [scale, 0, 0, height / region.height, -region.x * scale, (-region.y * height) / region.height];
}

type PaperGrid = Pick<PaperScene, "paperWidth" | "paperHeight" | "gridSize">;

/** Where the grid's lines run (paper units): one every grid size from 0, the last on the paper's edge. */
export function gridLines(scene: PaperGrid): { x: number[]; y: number[] } {
  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  return {
    x: Array.from({ length: columns + 1 }, (_, c) => Math.min(c * scene.gridSize, scene.paperWidth)),
    y: Array.from({ length: rows + 1 }, (_, r) => Math.min(r * scene.gridSize, scene.paperHeight)),
  };
}

/** The first and last cell (inclusive) to look at for marks in a region: every grid cell it touches, within the grid. */
export function cellsUnder(region: Rect, scene: PaperGrid): { first: Cell; last: Cell } {
  const g = scene.gridSize;
  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, g);
  return {
    first: { column: Math.max(0, Math.floor(region.x / g)), row: Math.max(0, Math.floor(region.y / g)) },
    last: { column: Math.min(columns - 1, Math.ceil((region.x + region.width) / g)), row: Math.min(rows - 1, Math.ceil((region.y + region.height) / g)) },
  };
}

/** The region of the cell viewer: the cell itself, or the cell with its eight neighbours. */
export function viewerRegion(cell: Cell, scene: PaperScene, context: boolean): Rect {
  const g = scene.gridSize;
  // Always whole grid squares (even past the paper's edge, which shows as blank paper), so the
  // cell keeps its true shape and sits in the middle of the 3×3 view.
  return context ? { x: (cell.column - 1) * g, y: (cell.row - 1) * g, width: 3 * g, height: 3 * g } : { x: cell.column * g, y: cell.row * g, width: g, height: g };
}
