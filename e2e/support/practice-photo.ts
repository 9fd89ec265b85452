// A photo of the practice sheet the app made (its PDF, printed by poppler at 8 px/mm): each square
// copied in pencil into the empty one beside it, the row `lowRow` 3 mm low, photographed
// (scripts/lib/drawing-photo.ts). For the journeys that take 'Practise these cells' to its end.
import { photoOfPracticeSheet, type DrawingPhoto } from "../../scripts/lib/drawing-photo";
import { practiceLayout } from "../../src/shared/drawing-check/practice-sheet";
import { PAGE_PX_PER_MM } from "../../src/shared/drawing-check/synthetic-photo";
import { DEFAULT_MARGIN_MM } from "../../src/shared/print/pdf-layout";
import { renderPdf } from "./pdf-raster";

/** The sheet of `labels` (1-inch squares, on Letter as the app lays out paper in inches) in `pdfFile`, drawn on and photographed. */
export async function photoOfPracticePdf(
  pdfFile: string,
  labels: string[],
  template: Buffer,
  lowRow: number,
): Promise<DrawingPhoto> {
  const pages = renderPdf(pdfFile, PAGE_PX_PER_MM * 25.4);
  if (pages.length !== 1) throw new Error(`A practice sheet is one page, not ${pages.length}`);
  const [sheet] = pages;
  const rgba = new Uint8ClampedArray(sheet!.width * sheet!.height * 4);
  sheet!.pixels.forEach((value, i) => rgba.set([value, value, value, 255], i * 4));
  const layout = practiceLayout(labels, 25.4, { width: 215.9, height: 279.4 }, DEFAULT_MARGIN_MM)!;
  return photoOfPracticeSheet(template, layout, {
    sheet: {
      image: { width: sheet!.width, height: sheet!.height, data: rgba },
      gridOrigin: { x: layout.x, y: layout.y },
    },
    lowRow,
  });
}
