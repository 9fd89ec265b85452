// Part of `npm run bench` (issue 45, decision 067): practice sheets. For each sample dragon, the
// practice sheet the app makes (src/shared/print/practice-pdf.ts, its three squares with the most
// lines, on Letter) printed by poppler at 8 px/mm, each square copied in pencil, one row 3 mm low,
// photographed at 12 MP at its own turn, light and noise; the sheet found by its marks and scored.
// Counted: photos whose sheet was found, the row drawn low flagged, the other rows flagged (false
// alarms). Prints one JSON line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { findMarks } from "../../src/shared/drawing-check/find-marks";
import { markIdsByPlacement } from "../../src/shared/drawing-check/mark-layout";
import { checkPractice } from "../../src/shared/drawing-check/practice-check";
import { practiceLayout, practiceMarkIds } from "../../src/shared/drawing-check/practice-sheet";
import { cellLabel } from "../../src/shared/grid/grid";
import { ENGLISH_PDF_WORDS } from "../../src/shared/print/grid-pdf";
import { DEFAULT_MARGIN_MM } from "../../src/shared/print/pdf-layout";
import { practicePdf } from "../../src/shared/print/practice-pdf";
import { PAGE_PX_PER_MM } from "../../src/shared/drawing-check/synthetic-photo";
import { renderPdf } from "../../e2e/support/pdf-raster";
import { BENCH_DRAGONS, practiceSheetShot, templateOnPaper } from "./drawing-photo";

const PHOTOS_PER_DRAGON = Number(process.env.BENCH_PRACTICE_PHOTOS ?? 2);
const LETTER_MM = { width: 215.9, height: 279.4 };

const result = {
  photos: 0,
  notFound: 0,
  movedFound: 0,
  otherCells: 0,
  falseAlarms: 0,
  /** The low rows judged within 1.5 mm: which dragon, cell and distance, to look at. */
  missed: [] as string[],
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-practice-"));
try {
  for (const [t, name] of BENCH_DRAGONS.entries()) {
    const bytes = fs.readFileSync(path.resolve("assets/samples", name));
    const { paper, pxPerMm, template, pencil } = await templateOnPaper(bytes);
    // The three whole squares with the most lines: what a learner would practise.
    const square = Math.round(paper.gridMm * pxPerMm);
    const lines: { label: string; ink: number }[] = [];
    for (let row = 0; (row + 1) * square <= pencil.mask.height; row++)
      for (let column = 0; (column + 1) * square <= pencil.mask.width; column++) {
        let ink = 0;
        for (let y = row * square; y < (row + 1) * square; y++)
          for (let x = column * square; x < (column + 1) * square; x++)
            ink += pencil.mask.data[y * pencil.mask.width + x]!;
        lines.push({ label: cellLabel({ column, row }), ink });
      }
    const labels = lines
      .sort((a, b) => b.ink - a.ink)
      .slice(0, 3)
      .map((cell) => cell.label);
    const layout = practiceLayout(labels, paper.gridMm, LETTER_MM, DEFAULT_MARGIN_MM)!;
    const pdf = await practicePdf({
      dragonId: name,
      paper,
      unit: "in",
      layout,
      sheetMm: LETTER_MM,
      marginMm: DEFAULT_MARGIN_MM,
      words: ENGLISH_PDF_WORDS,
      // The template's part under the square, from its raster at the check's scale.
      picture: async (region, pixelsPerUnit) => {
        const [x, y, w, h] = [region.x, region.y, region.width, region.height].map((inches) =>
          Math.round(inches * 25.4 * pxPerMm),
        );
        const jpeg = await sharp(Buffer.from(template.data), {
          raw: { width: template.width, height: template.height, channels: 4 },
        })
          .extract({ left: x!, top: y!, width: w!, height: h! })
          .resize(Math.round(region.width * pixelsPerUnit), Math.round(region.height * pixelsPerUnit))
          .flatten({ background: "#ffffff" })
          .jpeg()
          .toBuffer();
        return jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.byteLength) as ArrayBuffer;
      },
    });
    const file = path.join(dir, `${t}.pdf`);
    fs.writeFileSync(file, pdf);
    const [printed] = renderPdf(file, PAGE_PX_PER_MM * 25.4);
    const rgba = new Uint8ClampedArray(printed!.width * printed!.height * 4);
    printed!.pixels.forEach((value, i) => rgba.set([value, value, value, 255], i * 4));
    const sheet = {
      image: { width: printed!.width, height: printed!.height, data: rgba },
      gridOrigin: { x: layout.x, y: layout.y },
    };
    const ids = practiceMarkIds(name, paper, layout);
    for (let n = 0; n < PHOTOS_PER_DRAGON; n++) {
      const lowRow = (t + n) % layout.labels.length;
      const shot = await practiceSheetShot(bytes, layout, {
        sheet,
        lowRow,
        photoWidth: 4000,
        photoHeight: 3000,
        tiltDegrees: ((n * 37 + t * 11) % 40) - 20,
        seed: 301 + 17 * n + t,
      });
      result.photos++;
      const found = findMarks(shot.photo, paper, markIdsByPlacement(name, paper), [{ grid: layout.grid, ids }]);
      if (found.found !== "ours" || found.sheet !== 0) {
        result.notFound++;
        continue;
      }
      const { cells } = checkPractice({ photo: shot.photo, corners: found.corners, paper, template, pxPerMm, layout });
      cells.forEach((cell, row) => {
        if (row === lowRow) {
          if (cell.status !== "close") result.movedFound++;
          else result.missed.push(`${name} ${cell.label} ${cell.errorMm} mm`);
        } else {
          result.otherCells++;
          result.falseAlarms += cell.status !== "close" ? 1 : 0;
        }
      });
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(result));
