import { cellLabel, cellRect, gridDimensions, imagePlacement, type Cell, type Rect } from "../../../shared/grid/grid";
import { GRID_VIEW_DEFAULTS, type GridView, type Tone } from "../../../shared/grid/grid-view";
import {
  cellsUnder,
  gridLines,
  gridStroke,
  regionTransform,
  type PaperScene,
} from "../../../shared/paper-scene/paper-scene";
import { tonePixels } from "../../../shared/tones/tone-pixels";
import { blankCells } from "../../../shared/grid/blank-cells";

export interface DrawOptions {
  /** Draw the grid lines (and outline this cell, if given). */
  grid?: boolean;
  outline?: Cell | null;
  /** Colour, thickness, opacity and diagonals of the grid (the spec's look when left out). */
  view?: GridView;
  /** Turn the picture to grey, value steps or an outline's chosen lines as it is drawn (for images not already toned). */
  tone?: Tone;
  /** Labels of cells marked done: a soft shade and a tick. */
  done?: ReadonlySet<string>;
  /** A frame of a drag or pinch: scale the picture the quick way (high quality costs several times more on a 2048 px bitmap). */
  moving?: boolean;
}

const OUTLINE_COLOUR = "#c2410c";
const DONE_SHADE = "rgba(255,252,247,0.6)";
const TICK_COLOUR = "#15803d";

/** Turn the pixels of an area of a canvas into grey, value steps or an outline's chosen lines, in place. */
export function toneCanvas(
  ctx: CanvasRenderingContext2D,
  mode: Tone,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
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
export function drawRegion(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource | null,
  scene: PaperScene,
  region: Rect,
  width: number,
  height: number,
  options: DrawOptions = {},
): void {
  const transform = regionTransform(region, width, height);
  const scale = transform[0];
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(...transform);

  if (image) {
    const placement = imagePlacement(
      scene.imageSize,
      scene.paperWidth,
      scene.paperHeight,
      scene.zoom,
      scene.offsetX,
      scene.offsetY,
    );
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
    const lines = gridLines(scene, view.gridLines);
    for (const x of lines.x) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x, scene.paperHeight);
    }
    for (const y of lines.y) {
      ctx.moveTo(0, y);
      ctx.lineTo(scene.paperWidth, y);
    }
    ctx.stroke();
    if (view.diagonals && view.gridLines === "full") {
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
function drawDoneMarks(
  ctx: CanvasRenderingContext2D,
  done: ReadonlySet<string>,
  scene: PaperScene,
  region: Rect,
): void {
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

/** About this many pixels across a cell are enough to see whether anything is in it. */
const PIXELS_PER_CELL = 24;
/** At most this many pixels for the whole paper, whatever its size. */
const MAX_PIXELS = 4_000_000;

/**
 * The cells with nothing to draw, from the whole paper drawn small (in `tone`, as it is printed):
 * the print leaves them out of its cell sheets, 'Next cell to draw' skips them.
 */
export function blankCellsOfPaper(image: CanvasImageSource, scene: PaperScene, tone?: Tone): Set<string> {
  const pixelsPerUnit = Math.min(
    PIXELS_PER_CELL / scene.gridSize,
    Math.sqrt(MAX_PIXELS / (scene.paperWidth * scene.paperHeight)),
  );
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(scene.paperWidth * pixelsPerUnit));
  canvas.height = Math.max(1, Math.round(scene.paperHeight * pixelsPerUnit));
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  const paper = { x: 0, y: 0, width: scene.paperWidth, height: scene.paperHeight };
  drawRegion(ctx, image, scene, paper, canvas.width, canvas.height, { tone });
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return blankCells(pixels, scene, canvas.width / scene.paperWidth);
}
