// 'Practise these cells' as a one-sheet PDF (decision 067): under a title and what to do, each cell
// of the template printed at its true size beside an empty square of the same size, the cell's
// label on its left, and the four corner marks that tell the drawing check which sheet a photo
// shows (src/shared/drawing-check/practice-sheet.ts places everything). Pure, as grid-pdf.ts is:
// the browser draws the pictures (web/features/canvas/make-pdf.ts).
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import { MARK_MM, markCentres } from "../drawing-check/mark-layout";
import type { PaperMm } from "../drawing-check/paper-geometry";
import { PRACTICE_LABEL_MM, cellOnPaper, practiceMarkIds, type PracticeLayout } from "../drawing-check/practice-sheet";
import { POINTS_PER_UNIT, type Unit } from "../grid/paper";
import { INK, NO_PICTURES, drawMark, printableWords, wordWriter, type PdfWords } from "./grid-pdf";
import { POINTS_PER_MM, type Rect } from "./pdf-layout";
import { boxFor, placeLine, type TextPictures } from "./pdf-text";

export interface PracticePdfRequest {
  dragonId: string;
  /** The drawing's paper and grid, in mm and in the canvas's unit (the pictures' regions are in it). */
  paper: PaperMm;
  unit: Unit;
  layout: PracticeLayout;
  /** The sheet, in millimetres (portrait), and what the printer cannot reach at its edges. */
  sheetMm: { width: number; height: number };
  marginMm: number;
  /** The picture under a part of the paper, as the canvas shows it: JPEG bytes at `pixelsPerUnit` (grid-pdf.ts). */
  picture: (region: Rect, pixelsPerUnit: number) => Promise<ArrayBuffer>;
  words: PdfWords;
  textPictures?: TextPictures;
}

/** The cells are printed at 200 dpi: sharp enough to copy fine lines from. */
const CELL_DPI = 200;
const LINE_PT = 0.6;

export async function practicePdf(request: PracticePdfRequest): Promise<Uint8Array> {
  const { paper, layout, sheetMm, marginMm, unit } = request;
  const pt = (mm: number) => mm * POINTS_PER_MM;
  const [width, height] = [pt(sheetMm.width), pt(sheetMm.height)];
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const words = request.textPictures ? request.words : printableWords(new Set(font.getCharacterSet()), request.words);
  pdf.setTitle(words.practiceTitle);
  pdf.setCreator("Dragon Grid");
  const writer = wordWriter(pdf, font, request.textPictures ?? NO_PICTURES, words.direction);
  const page = pdf.addPage([width, height]);

  // The title and what to do, each shrunk to the line if it must be, from the start of the line.
  const box = boxFor({ x: pt(marginMm), width: width - 2 * pt(marginMm) }, width, writer.direction);
  let baseline = pt(marginMm) + 13;
  for (const [text, preferred] of [
    [words.practiceTitle, 14],
    [words.practiceHow, 9],
  ] as const) {
    const { x, size } = placeLine(box, preferred, writer.width(text, preferred), writer.direction);
    await writer.write(page, text, { x, y: height - baseline, size });
    baseline += 16;
  }

  const { gridMm } = layout.grid;
  const mmPerUnit = POINTS_PER_UNIT[unit] / POINTS_PER_MM;
  const pixelsPerUnit = (CELL_DPI / 25.4) * mmPerUnit;
  const toPage = (xMm: number, yMm: number) => ({ x: pt(layout.x + xMm), y: height - pt(layout.y + yMm) });
  for (const [row, label] of layout.labels.entries()) {
    const cell = cellOnPaper(paper, label);
    const region = {
      x: cell.x / mmPerUnit,
      y: cell.y / mmPerUnit,
      width: cell.width / mmPerUnit,
      height: cell.height / mmPerUnit,
    };
    const picture = await pdf.embedJpg(await request.picture(region, pixelsPerUnit));
    // At its true size: a cell the paper cuts short stays short, from the square's top-left corner.
    const corner = toPage(0, row * gridMm + cell.height);
    page.drawImage(picture, { x: corner.x, y: corner.y, width: pt(cell.width), height: pt(cell.height) });
    const size = 11;
    const labelWidth = font.widthOfTextAtSize(label, size);
    const middle = toPage(0, (row + 0.5) * gridMm);
    page.drawText(label, {
      x: middle.x - pt(PRACTICE_LABEL_MM / 2) - labelWidth / 2,
      y: middle.y - size * 0.35,
      size,
      font,
      color: INK,
    });
  }
  // The squares: a grid of two columns, the lines the check finds.
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: toPage(x1, y1), end: toPage(x2, y2), thickness: LINE_PT, color: rgb(0.27, 0.27, 0.27) });
  for (let column = 0; column <= 2; column++) line(column * gridMm, 0, column * gridMm, layout.grid.heightMm);
  for (let row = 0; row <= layout.labels.length; row++) line(0, row * gridMm, 2 * gridMm, row * gridMm);

  const ids = practiceMarkIds(request.dragonId, paper, layout);
  markCentres(layout.grid, "outside").forEach((centre, corner) => {
    drawMark(page, ids[corner]!, pt(layout.x + centre.x - MARK_MM / 2), pt(layout.y + centre.y - MARK_MM / 2));
  });
  return pdf.save();
}
