// Part of `npm run bench` (issue 45): the check's noise floor. One drawn sheet per sample dragon
// (its outlines in pencil, one cell 3 mm low, on a printed grid page without marks) photographed
// ten ways: each photo at its own turn within 30° of upright, its own noise, the grid found by its
// lines. Counted per sheet: how far the median drawn cell's error moves between its photos (largest
// minus smallest), how far the whole drawing's size off moves (the progress page's size milestone
// reads it: decision 075), and the share of drawn cells' verdicts that differ from that cell's most common
// verdict. Prints one JSON line.
import fs from "node:fs";
import path from "node:path";
import { checkEachWayUp } from "../../src/shared/drawing-check/check-drawing";
import { isDrawn } from "../../src/shared/drawing-check/kept-checks";
import { findGrid } from "../../src/shared/drawing-check/find-grid";
import { syntheticPhoto } from "../../src/shared/drawing-check/synthetic-photo";
import { BENCH_DRAGONS, DEFAULT_CANVAS_PAPER, templateOnPaper } from "./drawing-photo";
import { printedGridPage } from "./printed-grid-page";

const PHOTOS = Number(process.env.BENCH_SAME_SHEET_PHOTOS ?? 10);

// The blank grid page of the app's PDF for the default paper, its marks gone.
const sheet = await printedGridPage(DEFAULT_CANVAS_PAPER, { withoutMarks: true });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const sheets: {
  name: string;
  photos: number;
  notFound: number;
  medianMovesMm: number;
  sizeMovesPercent: number;
  verdicts: number;
  changed: number;
}[] = [];
for (const [t, name] of BENCH_DRAGONS.entries()) {
  const { paper, pxPerMm, template, pencil } = await templateOnPaper(
    fs.readFileSync(path.resolve("assets/samples", name)),
  );
  const medians: number[] = [];
  const sizes: number[] = [];
  const statuses = new Map<string, string[]>();
  let notFound = 0;
  for (let n = 0; n < PHOTOS; n++) {
    const shot = syntheticPhoto({
      paper,
      pencil,
      sheet,
      moved: [{ column: 5, row: 3, dx: 0, dy: 3 }],
      tiltDegrees: ((n * 37 + t * 11) % 60) - 30,
      seed: 101 + 13 * n + t,
    });
    const ways = findGrid(shot.photo, paper);
    if (!ways.length) {
      notFound++;
      continue;
    }
    const { outcome } = checkEachWayUp({ photo: shot.photo, paper, pxPerMm, template }, ways);
    const drawn = outcome.cells.filter(isDrawn);
    medians.push(median(drawn.map((cell) => cell.errorMm)));
    if (outcome.kept) sizes.push(outcome.kept.sizePercent);
    for (const cell of outcome.cells) statuses.set(cell.label, [...(statuses.get(cell.label) ?? []), cell.status]);
  }
  let verdicts = 0;
  let changed = 0;
  for (const seen of statuses.values()) {
    // Cells never drawn in any photo are not verdicts on the drawing.
    if (seen.every((status) => status === "empty" || status === "not-drawn")) continue;
    const counts = new Map<string, number>();
    for (const status of seen) counts.set(status, (counts.get(status) ?? 0) + 1);
    const common = Math.max(...counts.values());
    verdicts += seen.length;
    changed += seen.length - common;
  }
  sheets.push({
    name,
    photos: PHOTOS,
    notFound,
    medianMovesMm: medians.length ? Math.max(...medians) - Math.min(...medians) : Infinity,
    sizeMovesPercent: sizes.length ? Math.max(...sizes) - Math.min(...sizes) : Infinity,
    verdicts,
    changed,
  });
}
console.log(JSON.stringify(sheets));
