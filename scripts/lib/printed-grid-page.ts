// The blank grid page of the app's own PDF (src/shared/print/grid-pdf.ts, what 'Print / PDF'
// makes) as a printer prints it: rendered by poppler at the synthetic photo's 8 px/mm, ready to be
// drawn on and photographed (synthetic-photo.ts's `sheet`). For the drawing check's benchmarks and
// journeys, so that their photos show the page a learner really prints.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { gridPdf, ENGLISH_PDF_WORDS } from "../../src/shared/print/grid-pdf";
import { DEFAULT_MARGIN_MM, POINTS_PER_MM, layoutPrint } from "../../src/shared/print/pdf-layout";
import { GRID_VIEW_DEFAULTS } from "../../src/shared/grid/grid-view";
import { POINTS_PER_UNIT } from "../../src/shared/grid/paper";
import { PAGE_PX_PER_MM, type SyntheticOptions } from "../../src/shared/drawing-check/synthetic-photo";
import { MARK_MM, MARK_PLACEMENTS, MARK_QUIET_MM, markCentres } from "../../src/shared/drawing-check/mark-layout";
import type { GreyPage } from "../../e2e/support/pdf-raster";
import { renderPdf } from "../../e2e/support/pdf-raster";
import type { CanvasPaper } from "./drawing-photo";
import { seededRandom } from "./seeded-random";

export type PrintedSheet = NonNullable<SyntheticOptions["sheet"]>;

/**
 * `page` (the blank grid page of a PDF for `canvas` paper on Letter, rendered at 8 px/mm) as a
 * sheet to draw on: where the grid's top-left corner is on it (on a sheet the paper fills, its
 * corner); `withoutMarks`, its corner marks painted over (a page whose marks are gone, as if
 * printed without them).
 */
export function printedSheetOf(page: GreyPage, canvas: CanvasPaper, withoutMarks = false): PrintedSheet {
  const rgba = new Uint8ClampedArray(page.width * page.height * 4);
  page.pixels.forEach((value, i) => rgba.set([value, value, value, 255], i * 4));
  const sheet = layoutPrint({ ...canvas, sheet: "letter", marginMm: DEFAULT_MARGIN_MM }).sheets[0]!;
  const unitPt = canvas.unit === "in" ? 72 : 72 / 2.54;
  const printed = {
    image: { width: page.width, height: page.height, data: rgba },
    gridOrigin: {
      x: (sheet.x - sheet.region.x * unitPt) / POINTS_PER_MM,
      y: (sheet.y - sheet.region.y * unitPt) / POINTS_PER_MM,
    },
  };
  if (withoutMarks) {
    const mmPerUnit = unitPt / POINTS_PER_MM;
    const paper = {
      widthMm: canvas.paperWidth * mmPerUnit,
      heightMm: canvas.paperHeight * mmPerUnit,
      gridMm: canvas.gridSize * mmPerUnit,
    };
    const half = MARK_MM / 2 + MARK_QUIET_MM;
    const px = (mm: number) => Math.round(mm * PAGE_PX_PER_MM);
    for (const placement of MARK_PLACEMENTS)
      for (const centre of markCentres(paper, placement)) {
        const [cx, cy] = [printed.gridOrigin.x + centre.x, printed.gridOrigin.y + centre.y];
        for (let y = Math.max(0, px(cy - half)); y < Math.min(page.height, px(cy + half)); y++)
          for (let x = Math.max(0, px(cx - half)); x < Math.min(page.width, px(cx + half)); x++)
            rgba.set([255, 255, 255, 255], (y * page.width + x) * 4);
      }
  }
  return printed;
}

/**
 * The app's PDF for `canvas` paper on Letter sheets (the grid view as the canvas starts, English
 * words, the marks naming `dragonId`): its layout and its blank grid pages as printed.
 */
export async function blankGridPages(canvas: CanvasPaper, dragonId = "bench") {
  const layout = layoutPrint({ ...canvas, sheet: "letter", marginMm: DEFAULT_MARGIN_MM });
  const white = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
    .jpeg()
    .toBuffer();
  const pdf = await gridPdf({
    scene: { ...canvas, zoom: 1, offsetX: 0, offsetY: 0, imageSize: { width: 1000, height: 1000 } },
    unit: canvas.unit,
    view: GRID_VIEW_DEFAULTS,
    picture: async () => white.buffer.slice(white.byteOffset, white.byteOffset + white.byteLength) as ArrayBuffer,
    cellSheets: false,
    blankCells: new Set(),
    sheet: "letter",
    marginMm: DEFAULT_MARGIN_MM,
    words: ENGLISH_PDF_WORDS,
    dragonId,
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "grid-page-"));
  try {
    const file = path.join(dir, "grid.pdf");
    fs.writeFileSync(file, pdf);
    // The pictures come first, a page per sheet; the blank grid pages after them.
    const count = layout.sheets.length;
    return { layout, pages: renderPdf(file, PAGE_PX_PER_MM * 25.4, { first: count + 1, last: 2 * count }) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The app's PDF for `canvas` paper on one Letter sheet (the grid view as the canvas starts, English
 * words, the marks naming `dragonId`) and its blank grid page as printed.
 */
export async function printedGridPage(
  canvas: CanvasPaper,
  { dragonId = "bench", withoutMarks = false }: { dragonId?: string; withoutMarks?: boolean } = {},
): Promise<PrintedSheet> {
  const { layout, pages } = await blankGridPages(canvas, dragonId);
  if (layout.sheets.length !== 1) throw new Error("The paper must fit one Letter sheet");
  return printedSheetOf(pages[0]!, canvas, withoutMarks);
}

/** Paper left around a poster in its photo's sheet image, in mm. */
const POSTER_AROUND_MM = 15;

/**
 * A paper larger than Letter as the learner assembles it (decision 070): `pages` (the blank grid
 * pages of the app's PDF for `canvas` paper on Letter, rendered at 8 px/mm) cut on their dashed
 * lines and laid in reading order, each on the sheet before and up to half of `layMm` off it each
 * way, as taped by hand.
 */
export function posterOf(
  pages: GreyPage[],
  canvas: CanvasPaper,
  { layMm = 0, seed = 1 }: { layMm?: number; seed?: number } = {},
): PrintedSheet {
  const layout = layoutPrint({ ...canvas, sheet: "letter", marginMm: DEFAULT_MARGIN_MM });
  if (pages.length !== layout.sheets.length) throw new Error(`${layout.sheets.length} sheets, ${pages.length} pages`);
  const next = seededRandom(seed);
  const mmPerUnit = POINTS_PER_UNIT[canvas.unit] / POINTS_PER_MM;
  const px = (mm: number) => Math.round(mm * PAGE_PX_PER_MM);
  const width = px(canvas.paperWidth * mmPerUnit + 2 * POSTER_AROUND_MM);
  const height = px(canvas.paperHeight * mmPerUnit + 2 * POSTER_AROUND_MM);
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  layout.sheets.forEach((sheet, k) => {
    const page = pages[k]!;
    const off = () => (k ? (next() - 0.5) * layMm : 0);
    const left = px(POSTER_AROUND_MM + sheet.region.x * mmPerUnit + off());
    const top = px(POSTER_AROUND_MM + sheet.region.y * mmPerUnit + off());
    // The sheet's part of the paper: from its cut edges (its region's corner on the page) on.
    const [fromX, fromY] = [px(sheet.x / POINTS_PER_MM), px(sheet.y / POINTS_PER_MM)];
    const [w, h] = [px(sheet.region.width * mmPerUnit), px(sheet.region.height * mmPerUnit)];
    for (let y = 0; y < h && top + y < height; y++)
      for (let x = 0; x < w && left + x < width; x++) {
        const value = page.pixels[(fromY + y) * page.width + fromX + x]!;
        rgba.set([value, value, value, 255], ((top + y) * width + left + x) * 4);
      }
  });
  return { image: { width, height, data: rgba }, gridOrigin: { x: POSTER_AROUND_MM, y: POSTER_AROUND_MM } };
}
