import { cellRect, gridDimensions, imagePlacement, type Cell, type Rect } from "../../../shared/grid";

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
}

const GRID_COLOUR = "rgba(43, 33, 24, 0.55)";
const OUTLINE_COLOUR = "#c2410c";

/**
 * Draw the part `region` (paper units) of the paper onto a canvas of `width` × `height` device
 * pixels: white paper, the image where it sits, and optionally the grid. The main canvas draws the
 * whole paper and the cell viewer one cell (or 3×3) with this same function, so a cell shows
 * exactly the part of the image under it. Outside the paper is blank paper too.
 */
export function drawRegion(ctx: CanvasRenderingContext2D, image: CanvasImageSource | null, scene: PaperScene, region: Rect, width: number, height: number, options: DrawOptions = {}): void {
  const scale = width / region.width;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(scale, 0, 0, height / region.height, -region.x * scale, (-region.y * height) / region.height);

  if (image) {
    const placement = imagePlacement(scene.imageSize, scene.paperWidth, scene.paperHeight, scene.zoom, scene.offsetX, scene.offsetY);
    ctx.save();
    // The image exists only on the paper.
    ctx.beginPath();
    ctx.rect(0, 0, scene.paperWidth, scene.paperHeight);
    ctx.clip();
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(image, placement.x, placement.y, placement.width, placement.height);
    ctx.restore();
  }

  if (options.grid) {
    const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
    ctx.lineWidth = 1 / scale;
    ctx.strokeStyle = GRID_COLOUR;
    ctx.beginPath();
    for (let c = 0; c <= columns; c++) {
      const x = Math.min(c * scene.gridSize, scene.paperWidth);
      ctx.moveTo(x, 0);
      ctx.lineTo(x, scene.paperHeight);
    }
    for (let r = 0; r <= rows; r++) {
      const y = Math.min(r * scene.gridSize, scene.paperHeight);
      ctx.moveTo(0, y);
      ctx.lineTo(scene.paperWidth, y);
    }
    ctx.stroke();
    if (options.outline) {
      const rect = cellRect(options.outline, scene.paperWidth, scene.paperHeight, scene.gridSize);
      ctx.lineWidth = 3 / scale;
      ctx.strokeStyle = OUTLINE_COLOUR;
      ctx.strokeRect(rect.x, rect.y, rect.width, rect.height);
    }
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** The region of the cell viewer: the cell itself, or the cell with its eight neighbours. */
export function viewerRegion(cell: Cell, scene: PaperScene, context: boolean): Rect {
  const g = scene.gridSize;
  // Always whole grid squares (even past the paper's edge, which shows as blank paper), so the
  // cell keeps its true shape and sits in the middle of the 3×3 view.
  return context ? { x: (cell.column - 1) * g, y: (cell.row - 1) * g, width: 3 * g, height: 3 * g } : { x: cell.column * g, y: cell.row * g, width: g, height: g };
}
