// The print dialog's PDF: the pages are src/shared/print/grid-pdf.ts; the picture on them is drawn
// here, on a canvas, exactly as the draw page shows it. Loaded only when a learner asks for a PDF
// (the print dialog imports this file dynamically), with the PDF library.
import { blankCellsOfPaper, drawRegion } from "./draw-region";
import { gridPdf, type GridPdfRequest } from "../../../shared/print/grid-pdf";
import { practicePdf, type PracticePdfRequest } from "../../../shared/print/practice-pdf";
import type { Rect } from "../../../shared/print/pdf-layout";
import { canvasTextPictures } from "./text-picture";
import { toneOf } from "../../../shared/grid/grid-view";

export type PdfRequest = Omit<GridPdfRequest, "picture" | "blankCells"> & {
  /** The picture's full image (hi-res once loaded): the template's, or its outline's in the outline view. */
  image: CanvasImageSource;
};

async function jpegOf(canvas: HTMLCanvasElement): Promise<ArrayBuffer> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) throw new Error("The picture could not be encoded");
  return blob.arrayBuffer();
}

/** A part of the paper drawn as the canvas shows it (value view included), without grid lines. */
function renderRegion(
  request: Pick<PdfRequest, "image" | "scene" | "view">,
  region: Rect,
  pixelsPerUnit: number,
): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(region.width * pixelsPerUnit));
  canvas.height = Math.max(1, Math.round(region.height * pixelsPerUnit));
  const ctx = canvas.getContext("2d", { willReadFrequently: request.view.imageMode !== "color" })!;
  drawRegion(ctx, request.image, request.scene, region, canvas.width, canvas.height, { tone: toneOf(request.view) });
  return canvas;
}

export function makeGridPdf(request: PdfRequest): Promise<Uint8Array> {
  return gridPdf({
    ...request,
    picture: (region, pixelsPerUnit) => jpegOf(renderRegion(request, region, pixelsPerUnit)),
    // Lines Helvetica cannot write (Japanese, Chinese, Arabic), drawn with the browser's fonts (decision 059).
    textPictures: canvasTextPictures(request.words.lang, request.words.direction),
    blankCells: request.cellSheets ? blankCellsOfPaper(request.image, request.scene, toneOf(request.view)) : new Set(),
  });
}

export type PracticeRequest = Omit<PracticePdfRequest, "picture" | "textPictures"> &
  Pick<PdfRequest, "image" | "scene" | "view">;

/** 'Practise these cells' (decision 067): the cells drawn as the canvas shows them. */
export function makePracticePdf(request: PracticeRequest): Promise<Uint8Array> {
  return practicePdf({
    ...request,
    picture: (region, pixelsPerUnit) => jpegOf(renderRegion(request, region, pixelsPerUnit)),
    textPictures: canvasTextPictures(request.words.lang, request.words.direction),
  });
}

/** The PDF handed to the browser as a download named `fileName`. */
export function savePdf(bytes: Uint8Array, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
