// The gridded picture as a PDF at true scale (issue 13). Loaded only when a learner asks for it
// (the draw page imports this file dynamically): pdf-lib is ~180 KB gzip.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { cellLabel, cellRect, gridDimensions, type Cell } from "../../../shared/grid";
import { GRID_RGB, type GridView } from "../../../shared/grid-view";
import { POINTS_PER_UNIT, type Unit } from "../../../shared/paper";
import { drawRegion, type PaperScene } from "./draw-region";

export interface PdfRequest {
  scene: PaperScene;
  unit: Unit;
  view: GridView;
  /** The template's full image (hi-res once loaded). */
  image: CanvasImageSource;
  /** Add pages of enlarged cells with their labels. */
  cellSheets: boolean;
}

/** The picture on page 1 is a raster at this many dots per inch: a crisp print, a quick PDF. */
const PICTURE_DPI = 150;
/** At most this many pixels in the page-1 picture, whatever the paper size. */
const PICTURE_MAX_PIXELS = 8_000_000;
/** Grid lines at thickness 1: half a point, as fine as a sharp pencil. */
const LINE_PT = 0.5;

const GRID_ALPHA: Record<GridView["gridColor"], number> = { dark: 0.8, light: 1, accent: 0.9 };

async function jpegOf(canvas: HTMLCanvasElement): Promise<ArrayBuffer> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) throw new Error("The picture could not be encoded");
  return blob.arrayBuffer();
}

/** A part of the paper drawn as the canvas shows it (value view included), without grid lines. */
function renderRegion(request: PdfRequest, region: { x: number; y: number; width: number; height: number }, pixelsPerUnit: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(region.width * pixelsPerUnit));
  canvas.height = Math.max(1, Math.round(region.height * pixelsPerUnit));
  const ctx = canvas.getContext("2d", { willReadFrequently: request.view.imageMode !== "color" })!;
  drawRegion(ctx, request.image, request.scene, region, canvas.width, canvas.height, { tone: request.view.imageMode });
  return canvas;
}

/**
 * The grid as vector lines at true scale: `unit` paper units become `pt` points, so printed at
 * 100 % a 1-inch square measures 1 inch. (x0, y0) is where the paper's top-left corner lands on the
 * page, in points from the page's top-left; `scale` enlarges it (cell sheets).
 */
function drawGrid(page: PDFPage, font: PDFFont, scene: PaperScene, view: GridView, pt: number, box: { x0: number; y0: number; region: { x: number; y: number; width: number; height: number } }) {
  const pageHeight = page.getHeight();
  const [r, g, b] = GRID_RGB[view.gridColor].map((v) => v / 255) as [number, number, number];
  const color = rgb(r, g, b);
  const opacity = GRID_ALPHA[view.gridColor] * view.gridOpacity;
  const thickness = LINE_PT * view.gridThickness;
  const { region } = box;
  const toPage = (x: number, y: number) => ({ x: box.x0 + (x - region.x) * pt, y: pageHeight - (box.y0 + (y - region.y) * pt) });
  const line = (x1: number, y1: number, x2: number, y2: number, width = thickness, alpha = opacity) => page.drawLine({ start: toPage(x1, y1), end: toPage(x2, y2), thickness: width, color, opacity: alpha });

  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  const inside = (v: number, from: number, length: number) => v >= from - 1e-9 && v <= from + length + 1e-9;
  const right = Math.min(region.x + region.width, scene.paperWidth);
  const bottom = Math.min(region.y + region.height, scene.paperHeight);
  for (let c = 0; c <= columns; c++) {
    const x = Math.min(c * scene.gridSize, scene.paperWidth);
    if (inside(x, region.x, region.width)) line(x, Math.max(0, region.y), x, bottom);
  }
  for (let row = 0; row <= rows; row++) {
    const y = Math.min(row * scene.gridSize, scene.paperHeight);
    if (inside(y, region.y, region.height)) line(Math.max(0, region.x), y, right, y);
  }
  const fontSize = Math.max(4, Math.min(9, scene.gridSize * pt * 0.16));
  for (let row = 0; row < rows; row++) {
    for (let c = 0; c < columns; c++) {
      const cell = cellRect({ column: c, row }, scene.paperWidth, scene.paperHeight, scene.gridSize);
      if (cell.x < region.x - 1e-9 || cell.y < region.y - 1e-9 || cell.x + cell.width > region.x + region.width + 1e-9 || cell.y + cell.height > region.y + region.height + 1e-9) continue;
      if (view.diagonals) {
        line(cell.x, cell.y, cell.x + cell.width, cell.y + cell.height, thickness * 0.75, opacity * 0.6);
        line(cell.x + cell.width, cell.y, cell.x, cell.y + cell.height, thickness * 0.75, opacity * 0.6);
      }
      // Every cell carries its label in its top-left corner, so a printed sheet cut up still says where it goes.
      const at = toPage(cell.x, cell.y);
      page.drawText(cellLabel({ column: c, row }), { x: at.x + fontSize * 0.35, y: at.y - fontSize * 1.15, size: fontSize, font, color, opacity: Math.min(1, opacity + 0.1) });
    }
  }
}

/** Page 1: the picture as placed, under the grid; page 2: the grid alone; then cell sheets if asked. */
export async function makeGridPdf(request: PdfRequest): Promise<Uint8Array> {
  const { scene, unit, view } = request;
  const pt = POINTS_PER_UNIT[unit];
  const pageSize: [number, number] = [scene.paperWidth * pt, scene.paperHeight * pt];
  const pdf = await PDFDocument.create();
  pdf.setTitle("Dragon Grid drawing grid");
  pdf.setCreator("Dragon Grid");
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const whole = { x: 0, y: 0, width: scene.paperWidth, height: scene.paperHeight };

  const unitsPerInch = unit === "in" ? 1 : 2.54;
  const pixelsPerUnit = Math.min(PICTURE_DPI / unitsPerInch, Math.sqrt(PICTURE_MAX_PIXELS / (scene.paperWidth * scene.paperHeight)));
  const picture = await pdf.embedJpg(await jpegOf(renderRegion(request, whole, pixelsPerUnit)));
  const first = pdf.addPage(pageSize);
  first.drawImage(picture, { x: 0, y: 0, width: pageSize[0], height: pageSize[1] });
  drawGrid(first, font, scene, view, pt, { x0: 0, y0: 0, region: whole });

  const blank = pdf.addPage(pageSize);
  drawGrid(blank, font, scene, view, pt, { x0: 0, y0: 0, region: whole });

  if (request.cellSheets) await addCellSheets(pdf, font, request, pageSize);
  return pdf.save();
}

/** Enlarged cells with their labels, as many to a page as fit at least 2.5 inches wide each. */
async function addCellSheets(pdf: PDFDocument, font: PDFFont, request: PdfRequest, pageSize: [number, number]) {
  const { scene, view } = request;
  const margin = 36;
  const gap = 18;
  const labelHeight = 16;
  const across = Math.max(1, Math.floor((pageSize[0] - 2 * margin + gap) / (180 + gap)));
  const cellPt = (pageSize[0] - 2 * margin - (across - 1) * gap) / across;
  const down = Math.max(1, Math.floor((pageSize[1] - 2 * margin + gap) / (cellPt + labelHeight + gap)));
  const size = Math.min(cellPt, (pageSize[1] - 2 * margin - (down - 1) * gap) / down - labelHeight);
  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  const cells: Cell[] = [];
  for (let row = 0; row < rows; row++) for (let column = 0; column < columns; column++) cells.push({ column, row });
  // 200 dpi at the enlarged size: sharp enough to copy fine lines from.
  const pixelsPerUnit = (size / scene.gridSize / 72) * 200;
  let page: PDFPage | null = null;
  for (const [index, cell] of cells.entries()) {
    const slot = index % (across * down);
    if (slot === 0) page = pdf.addPage(pageSize);
    const region = { x: cell.column * scene.gridSize, y: cell.row * scene.gridSize, width: scene.gridSize, height: scene.gridSize };
    const picture = await pdf.embedJpg(await jpegOf(renderRegion(request, region, pixelsPerUnit)));
    const x0 = margin + (slot % across) * (size + gap);
    const y0 = margin + Math.floor(slot / across) * (size + labelHeight + gap) + labelHeight;
    page!.drawText(`Cell ${cellLabel(cell)}`, { x: x0, y: pageSize[1] - y0 + 4, size: 11, font, color: rgb(0.17, 0.13, 0.09) });
    page!.drawImage(picture, { x: x0, y: pageSize[1] - y0 - size, width: size, height: size });
    page!.drawRectangle({ x: x0, y: pageSize[1] - y0 - size, width: size, height: size, borderColor: rgb(0.17, 0.13, 0.09), borderWidth: 0.75, borderOpacity: 0.8 });
    if (view.diagonals) drawGrid(page!, font, scene, view, size / scene.gridSize, { x0, y0, region });
  }
}
