// The gridded picture as a PDF at true scale (decision 013), on sheets the learner's printer can print
// to the edge of its margin (decision 013; the layout is pdf-layout.ts). Pure: the picture comes from
// the caller (the browser draws it on a canvas, web/features/canvas/make-pdf.ts). Loaded only when a
// learner asks for it (the draw page imports make-pdf dynamically): the PDF library is ~250 KB gzip
// (decision 042).
import {
  PDFDocument,
  StandardFonts,
  clip,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from "@cantoo/pdf-lib";
import { cellLabel, cellRect, gridDimensions, type Cell } from "../grid/grid";
import { GRID_RGB, type GridView } from "../grid/grid-view";
import { POINTS_PER_UNIT, type PaperPreset, type Unit } from "../grid/paper";
import { gridLines, type PaperScene } from "../paper-scene/paper-scene";
import {
  CELL_LABEL_MAX_PT,
  POINTS_PER_MM,
  STROKE_PAD_PT,
  cellLabelBox,
  cellSheetGrid,
  cornerMarks,
  joinMarks,
  layoutPrint,
  type PrintLayout,
  type PrintSheet,
  type Rect,
  type Sides,
} from "./pdf-layout";
import {
  MARK_MM,
  MARK_QUIET_MM,
  insideMarkAreas,
  markCentres,
  markIds,
  type MarkPlacement,
} from "../drawing-check/mark-layout";
import { markModules } from "../drawing-check/mark-modules";
import {
  boxFor,
  fontWrites,
  pictureRect,
  placeLine,
  type LineBox,
  type TextPicture,
  type TextPictures,
  type WordsDirection,
} from "./pdf-text";

/** The words printed on the PDF, in the learner's language: the draw page translates them. */
export interface PdfWords {
  /** The document's title, in its properties. */
  title: string;
  /** The two kinds of page, named in each sheet's label. */
  pictureAndGrid: string;
  gridAlone: string;
  /** A sheet's kind and place in its set: "Picture and grid · sheet 2 of 4 · row 1, column 2". */
  sheetPlace: (part: string, place: { sheet: number; sheets: number; row: number; column: number }) => string;
  /** How the sheets of a page join. */
  joinSheets: string;
  /** A cell sheet's heading: "Cell B7". */
  cell: (label: string) => string;
  /** A practice sheet's title and what to do with it (practice-pdf.ts). */
  practiceTitle: string;
  practiceHow: string;
  /** The language they are in (BCP 47), and which way its lines run. */
  lang: string;
  direction: WordsDirection;
}

/**
 * The words in English. The PDF's font (Helvetica, built into every PDF reader) writes Latin
 * scripts only: lines it cannot write (Japanese, Chinese, Arabic) are drawn as pictures by the
 * browser (pdf-text.ts), or, by a caller that cannot draw them, printed in English.
 */
export const ENGLISH_PDF_WORDS: PdfWords = {
  title: "Dragon Grid drawing grid",
  pictureAndGrid: "Picture and grid",
  gridAlone: "Grid alone",
  sheetPlace: (part, { sheet, sheets, row, column }) =>
    `${part} · sheet ${sheet} of ${sheets} · row ${row}, column ${column}`,
  joinSheets:
    "Cut on the dashed lines, lay each cut edge on the dotted line of the sheet it joins, marks on marks, and tape.",
  cell: (label) => `Cell ${label}`,
  practiceTitle: "Practice sheet",
  practiceHow:
    "Copy each square into the empty one beside it, then check a photo of this sheet with 'Check my drawing'.",
  lang: "en",
  direction: "ltr",
};

/** The words, if the font can write every letter of them; else the English ones. */
export function printableWords(letters: ReadonlySet<number>, words: PdfWords): PdfWords {
  const samples = [
    words.sheetPlace(words.pictureAndGrid, { sheet: 1, sheets: 2, row: 1, column: 2 }),
    words.sheetPlace(words.gridAlone, { sheet: 1, sheets: 2, row: 1, column: 2 }),
    words.joinSheets,
    words.cell("A1"),
    words.practiceTitle,
    words.practiceHow,
  ];
  return samples.every((text) => fontWrites(letters, text)) ? words : ENGLISH_PDF_WORDS;
}

/**
 * Writes the PDF's words: as text where the font can write the line, else as the browser's picture
 * of it, at the same place and size. A picture is embedded once and reused (the instructions are
 * the same on every sheet).
 */
export interface WordWriter {
  /** The line's width in points at `size` points. */
  width: (text: string, size: number) => number;
  /** The line starting at `x` (its left edge) on the baseline `y`, in PDF points. */
  write: (page: PDFPage, text: string, at: { x: number; y: number; size: number }) => Promise<void>;
  direction: WordsDirection;
}

export function wordWriter(
  pdf: PDFDocument,
  font: PDFFont,
  pictures: TextPictures,
  direction: WordsDirection,
): WordWriter {
  const letters = new Set(font.getCharacterSet());
  const embedded = new Map<string, Promise<{ image: PDFImage; picture: TextPicture }>>();
  const picture = (text: string, size: number) => {
    const key = `${size}\n${text}`;
    let made = embedded.get(key);
    if (!made) {
      made = pictures
        .draw(text, { size, color: INK_RGB, direction })
        .then(async (picture) => ({ image: await pdf.embedPng(picture.png), picture }));
      embedded.set(key, made);
    }
    return made;
  };
  return {
    direction,
    width: (text, size) =>
      fontWrites(letters, text) ? font.widthOfTextAtSize(text, size) : pictures.measure(text, size),
    write: async (page, text, { x, y, size }) => {
      if (fontWrites(letters, text)) {
        page.drawText(text, { x, y, size, font, color: INK });
        return;
      }
      const { image, picture: made } = await picture(text, size);
      page.drawImage(image, pictureRect(made, x, y));
    },
  };
}

export interface GridPdfRequest {
  scene: PaperScene;
  unit: Unit;
  view: GridView;
  /**
   * The picture under a part of the paper, as the canvas shows it (value view included) and
   * without grid lines: JPEG bytes at `pixelsPerUnit` pixels a paper unit. The page draws it.
   */
  picture: (region: Rect, pixelsPerUnit: number) => Promise<ArrayBuffer>;
  /** Add pages of enlarged cells with their labels. */
  cellSheets: boolean;
  /** Labels of the cells with nothing to draw (blank-cells.ts): left out of the cell sheets. */
  blankCells: ReadonlySet<string>;
  /** The sheet size the learner prints on. */
  sheet: PaperPreset;
  /** What the printer cannot reach at each edge, in millimetres: nothing is drawn there. */
  marginMm: number;
  /** The titles and instructions printed on the pages, in the learner's language. */
  words: PdfWords;
  /**
   * How the browser draws a line the font cannot write (pdf-text.ts). Without it, words in a
   * script the font cannot write are printed in English.
   */
  textPictures?: TextPictures;
  /** The dragon: its id goes into the drawing check's corner marks (src/shared/drawing-check/mark-layout.ts), printed on the blank grid page where they fit. */
  dragonId: string;
}

/** A caller that cannot draw pictures of words gets English words (printableWords), which the font writes. */
export const NO_PICTURES: TextPictures = {
  measure: () => {
    throw new Error("No text pictures: the words must be ones the font writes");
  },
  draw: () => Promise.reject(new Error("No text pictures: the words must be ones the font writes")),
};

/** The picture on page 1 is a raster at this many dots per inch: a crisp print, a quick PDF. */
const PICTURE_DPI = 150;
/** At most this many pixels in the page-1 picture, whatever the paper size. */
const PICTURE_MAX_PIXELS = 8_000_000;
/** Grid lines at thickness 1: half a point, as fine as a sharp pencil. */
const LINE_PT = 0.5;

const GRID_ALPHA: Record<GridView["gridColor"], number> = { dark: 0.8, light: 1, accent: 0.9 };
const INK_RGB: [number, number, number] = [0.17, 0.13, 0.09];
export const INK = rgb(...INK_RGB);

/**
 * The grid as vector lines at true scale: `unit` paper units become `pt` points, so printed at
 * 100 % a 1-inch square measures 1 inch. (x0, y0) is where the top-left corner of `region` (the
 * part of the paper drawn) lands on the page, in points from the page's top-left; a larger `pt`
 * enlarges it (cell sheets). On `trimmed` sides the paper runs on past `region` into the strip the
 * printer cannot reach: labels of the cells cut there move into the part printed. A label under
 * one of `marks` (corner marks inside the grid, paper units) moves right, past it.
 */
function drawGrid(
  page: PDFPage,
  font: PDFFont,
  scene: PaperScene,
  view: GridView,
  pt: number,
  box: { x0: number; y0: number; region: Rect; trimmed?: Sides; marks?: Rect[] },
) {
  const pageHeight = page.getHeight();
  const [r, g, b] = GRID_RGB[view.gridColor].map((v) => v / 255) as [number, number, number];
  const color = rgb(r, g, b);
  const opacity = GRID_ALPHA[view.gridColor] * view.gridOpacity;
  const thickness = LINE_PT * view.gridThickness;
  const { region } = box;
  const trimmed = box.trimmed ?? { left: false, right: false, top: false, bottom: false };
  const marks = box.marks ?? [];
  const toPage = (x: number, y: number) => ({
    x: box.x0 + (x - region.x) * pt,
    y: pageHeight - (box.y0 + (y - region.y) * pt),
  });
  const line = (x1: number, y1: number, x2: number, y2: number, width = thickness, alpha = opacity) =>
    page.drawLine({ start: toPage(x1, y1), end: toPage(x2, y2), thickness: width, color, opacity: alpha });

  // Diagonals of a cell split between sheets stop at the sheet's part of the paper, strokes whole.
  const clipFrom = toPage(region.x, region.y + region.height);
  page.pushOperators(
    pushGraphicsState(),
    rectangle(
      clipFrom.x - STROKE_PAD_PT,
      clipFrom.y - STROKE_PAD_PT,
      region.width * pt + 2 * STROKE_PAD_PT,
      region.height * pt + 2 * STROKE_PAD_PT,
    ),
    clip(),
    endPath(),
  );
  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  const inside = (v: number, from: number, length: number) => v >= from - 1e-9 && v <= from + length + 1e-9;
  const right = Math.min(region.x + region.width, scene.paperWidth);
  const bottom = Math.min(region.y + region.height, scene.paperHeight);
  // The grid ladder's step's lines (decision 074).
  const lines = gridLines(scene, view.gridLines);
  for (const x of lines.x) if (inside(x, region.x, region.width)) line(x, Math.max(0, region.y), x, bottom);
  for (const y of lines.y) if (inside(y, region.y, region.height)) line(Math.max(0, region.x), y, right, y);
  const fontSize = Math.max(4, Math.min(CELL_LABEL_MAX_PT, scene.gridSize * pt * 0.16));
  const within = (x: number, y: number, width: number, height: number) =>
    x >= region.x - 1e-9 &&
    y >= region.y - 1e-9 &&
    x + width <= region.x + region.width + 1e-9 &&
    y + height <= region.y + region.height + 1e-9;
  // Only the cells this part of the paper meets: a poster's sheet holds a few of 40,000.
  const first = {
    column: Math.max(0, Math.floor(region.x / scene.gridSize)),
    row: Math.max(0, Math.floor(region.y / scene.gridSize)),
  };
  const last = {
    column: Math.min(columns, Math.ceil((region.x + region.width) / scene.gridSize)),
    row: Math.min(rows, Math.ceil((region.y + region.height) / scene.gridSize)),
  };
  for (let row = first.row; row < last.row; row++) {
    for (let c = first.column; c < last.column; c++) {
      const cell = cellRect({ column: c, row }, scene.paperWidth, scene.paperHeight, scene.gridSize);
      const meets =
        cell.x < region.x + region.width &&
        cell.x + cell.width > region.x &&
        cell.y < region.y + region.height &&
        cell.y + cell.height > region.y;
      if (view.diagonals && view.gridLines === "full" && meets) {
        line(cell.x, cell.y, cell.x + cell.width, cell.y + cell.height, thickness * 0.75, opacity * 0.6);
        line(cell.x + cell.width, cell.y, cell.x, cell.y + cell.height, thickness * 0.75, opacity * 0.6);
      }
      // Every cell carries its label in its top-left corner, so a printed sheet cut up still says
      // where it goes; on every sheet where the label fits whole (the sheets' overlap is wider than
      // any label, so each is whole somewhere).
      const label = cellLabel({ column: c, row });
      const box = cellLabelBox(font.widthOfTextAtSize(label, fontSize), fontSize);
      let labelX = trimmed.left && cell.x < region.x ? region.x : cell.x;
      const labelY = trimmed.top && cell.y < region.y ? region.y : cell.y;
      // The letters themselves, not the label's padding, must stay off a mark and its white.
      const text = { x: labelX + (fontSize * 0.35) / pt, width: (box.width - fontSize * 0.7) / pt };
      const under = marks.find(
        (m) =>
          text.x < m.x + m.width &&
          text.x + text.width > m.x &&
          labelY + (fontSize * 0.15) / pt < m.y + m.height &&
          labelY + (fontSize * 1.15) / pt > m.y,
      );
      if (under) labelX = under.x + under.width;
      // A label moved in must still be inside its own cell, or it would read as the next one's.
      const movedOut =
        (labelX !== cell.x || labelY !== cell.y) &&
        (labelX + box.width / pt > cell.x + cell.width || labelY + box.height / pt > cell.y + cell.height);
      if (movedOut || !within(labelX, labelY, box.width / pt, box.height / pt)) continue;
      const at = toPage(labelX, labelY);
      page.drawText(label, {
        x: at.x + fontSize * 0.35,
        y: at.y - fontSize * 1.15,
        size: fontSize,
        font,
        color,
        opacity: Math.min(1, opacity + 0.1),
      });
    }
  }
  page.pushOperators(popGraphicsState());
}

/** The picture under the part of the paper a sheet shows, cut to that part. */
function drawPicture(page: PDFPage, picture: PDFImage, scene: PaperScene, layout: PrintLayout, sheet: PrintSheet) {
  const { scale } = layout;
  const { region } = sheet;
  const top = layout.height - sheet.y;
  page.pushOperators(
    pushGraphicsState(),
    rectangle(sheet.x, top - region.height * scale, region.width * scale, region.height * scale),
    clip(),
    endPath(),
  );
  const left = sheet.x - region.x * scale;
  const paperTop = top + region.y * scale;
  page.drawImage(picture, {
    x: left,
    y: paperTop - scene.paperHeight * scale,
    width: scene.paperWidth * scale,
    height: scene.paperHeight * scale,
  });
  page.pushOperators(popGraphicsState());
}

/**
 * Where sheets join: a dashed cut line on the edge shared with the sheet before (left or above),
 * a dotted line where the next sheet's cut edge goes, and two ring-and-cross marks in each overlap
 * that land on each other when the sheets are laid right.
 */
function drawJoins(page: PDFPage, layout: PrintLayout, sheet: PrintSheet, gridSize: number) {
  const { scale, overlap } = layout;
  const { region, shares } = sheet;
  const toPage = (x: number, y: number) => ({
    x: sheet.x + (x - region.x) * scale,
    y: layout.height - (sheet.y + (y - region.y) * scale),
  });
  const line = (x1: number, y1: number, x2: number, y2: number, dashArray: number[]) =>
    page.drawLine({ start: toPage(x1, y1), end: toPage(x2, y2), thickness: 0.6, color: INK, dashArray });
  const mark = (x: number, y: number) => {
    const at = toPage(x, y);
    page.drawCircle({ x: at.x, y: at.y, size: 4, borderColor: INK, borderWidth: 0.5 });
    page.drawLine({ start: { x: at.x - 7, y: at.y }, end: { x: at.x + 7, y: at.y }, thickness: 0.5, color: INK });
    page.drawLine({ start: { x: at.x, y: at.y - 7 }, end: { x: at.x, y: at.y + 7 }, thickness: 0.5, color: INK });
  };
  const right = region.x + region.width;
  const bottom = region.y + region.height;
  const cut = [6, 3];
  const guide = [2, 2];
  if (shares.left) line(region.x, region.y, region.x, bottom, cut);
  if (shares.top) line(region.x, region.y, right, region.y, cut);
  if (shares.right) line(right - overlap, region.y, right - overlap, bottom, guide);
  if (shares.bottom) line(region.x, bottom - overlap, right, bottom - overlap, guide);
  for (const at of joinMarks(layout, sheet, gridSize)) mark(at.x, at.y);
}

/**
 * The four corner marks, black modules at true size (decisions 028 and 047): outside the grid's
 * corners, or inside them on white that hides the grid under them.
 */
function drawCornerMarks(
  page: PDFPage,
  request: GridPdfRequest,
  layout: PrintLayout,
  sheet: PrintSheet,
  placement: MarkPlacement,
) {
  const mmPerUnit = POINTS_PER_UNIT[request.unit] / POINTS_PER_MM;
  const { paperWidth, paperHeight, gridSize } = request.scene;
  const paper = { widthMm: paperWidth * mmPerUnit, heightMm: paperHeight * mmPerUnit, gridMm: gridSize * mmPerUnit };
  const ids = markIds(request.dragonId, paper, placement);
  // Where the grid's top-left corner is on the sheet, in points (in the blank strip when trimmed).
  const gridX = sheet.x - sheet.region.x * layout.scale;
  const gridY = sheet.y - sheet.region.y * layout.scale;
  markCentres(paper, placement).forEach((centre, corner) => {
    const left = gridX + centre.x * POINTS_PER_MM - (MARK_MM / 2) * POINTS_PER_MM;
    const top = gridY + centre.y * POINTS_PER_MM - (MARK_MM / 2) * POINTS_PER_MM;
    const quiet = MARK_QUIET_MM * POINTS_PER_MM;
    if (placement === "inside")
      page.drawRectangle({
        x: left - quiet,
        y: layout.height - (top + MARK_MM * POINTS_PER_MM + quiet),
        width: MARK_MM * POINTS_PER_MM + 2 * quiet,
        height: MARK_MM * POINTS_PER_MM + 2 * quiet,
        color: rgb(1, 1, 1),
      });
    drawMark(page, ids[corner]!, left, top);
  });
}

/** One corner mark's black modules at true size, its top-left corner at (`left`, `top`) points from the page's top-left. */
export function drawMark(page: PDFPage, id: number, left: number, top: number) {
  const module = (MARK_MM / 8) * POINTS_PER_MM;
  markModules(id).forEach((row, y) =>
    row.forEach((black, x) => {
      if (black)
        page.drawRectangle({
          x: left + x * module,
          y: page.getHeight() - (top + (y + 1) * module),
          width: module,
          height: module,
          color: rgb(0, 0, 0),
        });
    }),
  );
}

/**
 * A sheet's name and place in the set, and how to join it, shrunk to fit its band; right to left,
 * the band mirrored, the lines from its right end.
 */
async function drawSheetLabel(
  page: PDFPage,
  writer: WordWriter,
  layout: PrintLayout,
  sheet: PrintSheet,
  part: string,
  words: PdfWords,
) {
  if (!layout.labelBox) return;
  const box: LineBox = boxFor(layout.labelBox, layout.width, writer.direction);
  const place = { sheet: sheet.number, sheets: layout.sheets.length, row: sheet.row, column: sheet.column };
  const lines: [string, number][] = [
    [words.sheetPlace(part, place), 8],
    [words.joinSheets, 6.5],
  ];
  let y = layout.height - layout.labelBox.y;
  for (const [text, preferred] of lines) {
    const { x, size } = placeLine(box, preferred, writer.width(text, preferred), writer.direction);
    y -= preferred + 1.5;
    await writer.write(page, text, { x, y, size });
  }
}

/**
 * The picture as placed, under the grid; then the grid alone; then cell sheets if asked. Each of
 * the first two on as many sheets as the paper needs at true scale.
 */
export async function gridPdf(request: GridPdfRequest): Promise<Uint8Array> {
  const { scene, unit, view } = request;
  const layout = layoutPrint({
    paperWidth: scene.paperWidth,
    paperHeight: scene.paperHeight,
    unit,
    sheet: request.sheet,
    marginMm: request.marginMm,
  });
  const pageSize: [number, number] = [layout.width, layout.height];
  const marks = cornerMarks(layout, { ...request, paperWidth: scene.paperWidth, paperHeight: scene.paperHeight });
  const mmPerUnit = POINTS_PER_UNIT[unit] / POINTS_PER_MM;
  const markAreas = insideMarkAreas({
    widthMm: scene.paperWidth * mmPerUnit,
    heightMm: scene.paperHeight * mmPerUnit,
    gridMm: scene.gridSize * mmPerUnit,
  }).map((a) => ({ x: a.x / mmPerUnit, y: a.y / mmPerUnit, width: a.width / mmPerUnit, height: a.height / mmPerUnit }));
  const pdf = await PDFDocument.create();
  // The title is in the document's properties, which any script can be written in.
  pdf.setTitle(request.words.title);
  pdf.setCreator("Dragon Grid");
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const words = request.textPictures ? request.words : printableWords(new Set(font.getCharacterSet()), request.words);
  const writer = wordWriter(pdf, font, request.textPictures ?? NO_PICTURES, words.direction);
  const whole = { x: 0, y: 0, width: scene.paperWidth, height: scene.paperHeight };

  const unitsPerInch = unit === "in" ? 1 : 2.54;
  const pixelsPerUnit = Math.min(
    PICTURE_DPI / unitsPerInch,
    Math.sqrt(PICTURE_MAX_PIXELS / (scene.paperWidth * scene.paperHeight)),
  );
  const picture = await pdf.embedJpg(await request.picture(whole, pixelsPerUnit));
  for (const [part, withPicture] of [
    [words.pictureAndGrid, true],
    [words.gridAlone, false],
  ] as const) {
    for (const sheet of layout.sheets) {
      const page = pdf.addPage(pageSize);
      if (withPicture) drawPicture(page, picture, scene, layout, sheet);
      drawGrid(page, font, scene, view, layout.scale, {
        x0: sheet.x,
        y0: sheet.y,
        region: sheet.region,
        trimmed: sheet.trimmed,
        marks: !withPicture && marks === "inside" ? markAreas : [],
      });
      if (!withPicture && marks) drawCornerMarks(page, request, layout, sheet, marks);
      drawJoins(page, layout, sheet, scene.gridSize);
      await drawSheetLabel(page, writer, layout, sheet, part, words);
    }
  }

  if (request.cellSheets) await addCellSheets(pdf, font, writer, request, pageSize, words);
  return pdf.save();
}

/** Enlarged cells with their labels, as many to a page as fit at least 2.5 inches wide each; blank ones left out. */
async function addCellSheets(
  pdf: PDFDocument,
  font: PDFFont,
  writer: WordWriter,
  request: GridPdfRequest,
  pageSize: [number, number],
  words: PdfWords,
) {
  const { scene, view } = request;
  const { across, down, size, gap, labelHeight, left, top } = cellSheetGrid(pageSize[0], pageSize[1], request.marginMm);
  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  const cells: Cell[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      if (!request.blankCells.has(cellLabel({ column, row }))) cells.push({ column, row });
  // 200 dpi at the enlarged size: sharp enough to copy fine lines from.
  const pixelsPerUnit = (size / scene.gridSize / 72) * 200;
  let page: PDFPage | null = null;
  for (const [index, cell] of cells.entries()) {
    const slot = index % (across * down);
    if (slot === 0) page = pdf.addPage(pageSize);
    const region = {
      x: cell.column * scene.gridSize,
      y: cell.row * scene.gridSize,
      width: scene.gridSize,
      height: scene.gridSize,
    };
    const picture = await pdf.embedJpg(await request.picture(region, pixelsPerUnit));
    const x0 = left + (slot % across) * (size + gap);
    const y0 = top + Math.floor(slot / across) * (size + labelHeight + gap) + labelHeight;
    // The heading over the cell's start: its left edge, or right to left its right edge.
    const heading = words.cell(cellLabel(cell));
    const x = writer.direction === "rtl" ? x0 + size - writer.width(heading, 11) : x0;
    await writer.write(page!, heading, { x, y: pageSize[1] - y0 + 4, size: 11 });
    page!.drawImage(picture, { x: x0, y: pageSize[1] - y0 - size, width: size, height: size });
    page!.drawRectangle({
      x: x0,
      y: pageSize[1] - y0 - size,
      width: size,
      height: size,
      borderColor: INK,
      borderWidth: 0.75,
      borderOpacity: 0.8,
    });
    if (view.diagonals && view.gridLines === "full")
      drawGrid(page!, font, scene, view, size / scene.gridSize, { x0, y0, region });
  }
}
