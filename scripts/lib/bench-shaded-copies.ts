// Part of `npm run bench` (issue 45): is a shaded copy judged by its shapes, not its shading?
// Synthetic 12 MP photos (synthetic-photo.ts) of five sample dragons copied on a printed grid page
// (no corner marks: the grid found by its lines, as a learner's photo is): the outlines in pencil,
// and the colour picture shaded over them in grey, as dark as a line where it is darkest. In each
// photo one drawn cell's lines and shading are moved 3 mm diagonally, any of four ways; each photo at a
// random turn within 30° of upright, with its own noise. Counted: photos whose moved cell is
// flagged (not within 1.5 mm), the other drawn cells flagged (false alarms), and photos whose
// shading, faithful but for the moved cell, is said to be off somewhere (tone.ts). Prints one JSON line.
import fs from "node:fs";
import path from "node:path";
import { checkEachWayUp } from "../../src/shared/drawing-check/check-drawing";
import { findGrid } from "../../src/shared/drawing-check/find-grid";
import { syntheticPhoto } from "../../src/shared/drawing-check/synthetic-photo";
import { gridLineAt } from "../../src/shared/grid/grid";
import { DEFAULT_CANVAS_PAPER, templateOnPaper } from "./drawing-photo";
import { printedGridPage } from "./printed-grid-page";
import { seededRandom } from "./seeded-random";

const PHOTOS = Number(process.env.BENCH_SHADED_PHOTOS ?? 10);
const TEMPLATES = [
  "emerald-dragon.png",
  "fire-breathing-dragon-head.png",
  "grumpy-green-dragon.png",
  "jade-sky-dragon.png",
  "teal-pearl-dragon.png",
];

// The blank grid page of the app's PDF for the default paper, its marks gone.
const sheet = await printedGridPage(DEFAULT_CANVAS_PAPER, { withoutMarks: true });
const result = {
  photos: 0,
  movedFound: 0,
  notFound: 0,
  otherCells: 0,
  falseAlarms: 0,
  /** The moved cells judged within 1.5 mm: which dragon, cell and distance, to look at. */
  missed: [] as string[],
  /** Photos whose shading, faithful but for the moved cell, was said to be too dark or too light somewhere (tone.ts). */
  toneSaid: [] as string[],
};
for (const [t, name] of TEMPLATES.entries()) {
  const { paper, pxPerMm, template, pencil, tone } = await templateOnPaper(
    fs.readFileSync(path.resolve("assets/samples", name)),
  );
  // Cells with a good share of the template's outlines: the ones a moved copy shows.
  const outlineIn = (column: number, row: number) => {
    let count = 0;
    const x0 = Math.round(gridLineAt(column, paper.columns, paper.widthMm, paper.gridMm) * pxPerMm);
    const x1 = Math.round(gridLineAt(column + 1, paper.columns, paper.widthMm, paper.gridMm) * pxPerMm);
    const y0 = Math.round(gridLineAt(row, paper.rows, paper.heightMm, paper.gridMm) * pxPerMm);
    const y1 = Math.round(gridLineAt(row + 1, paper.rows, paper.heightMm, paper.gridMm) * pxPerMm);
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) count += pencil.mask.data[y * pencil.mask.width + x]!;
    return count;
  };
  const cells = [];
  for (let row = 0; row < paper.rows; row++)
    for (let column = 0; column < paper.columns; column++) cells.push({ column, row, outline: outlineIn(column, row) });
  const most = Math.max(...cells.map((cell) => cell.outline));
  const candidates = cells.filter((cell) => cell.outline >= 0.25 * most);
  for (let n = 0; n < PHOTOS; n++) {
    const next = seededRandom(500 * t + n + 1);
    const cell = candidates[Math.floor(next() * candidates.length)]!;
    // Diagonally, so that whichever way its lines run, they move at least 2 mm across themselves.
    const angle = (Math.floor(next() * 4) + 0.5) * (Math.PI / 2);
    const moved = { column: cell.column, row: cell.row, dx: 3 * Math.cos(angle), dy: 3 * Math.sin(angle) };
    const shot = syntheticPhoto({
      paper,
      pencil,
      tone,
      sheet,
      moved: [moved],
      tiltDegrees: (next() - 0.5) * 60,
      seed: 11 + 37 * n + t,
    });
    result.photos++;
    const ways = findGrid(shot.photo, paper);
    if (!ways.length) {
      result.notFound++;
      continue;
    }
    const { outcome } = checkEachWayUp({ photo: shot.photo, paper, pxPerMm, template }, ways);
    const flagged = (status: string) => status === "near" || status === "off";
    const toneOff = outcome.corrections.find((correction) => correction.kind === "tone");
    if (toneOff) result.toneSaid.push(`${name} ${toneOff.from}-${toneOff.to} ${toneOff.darker ? "darker" : "lighter"}`);
    for (const checked of outcome.cells) {
      if (checked.status === "empty" || checked.status === "not-drawn") continue;
      if (checked.column === moved.column && checked.row === moved.row) {
        if (flagged(checked.status)) result.movedFound++;
        else result.missed.push(`${name} ${checked.label} ${checked.errorMm.toFixed(1)} mm ${checked.status}`);
        continue;
      }
      result.otherCells++;
      if (flagged(checked.status)) result.falseAlarms++;
    }
  }
}
console.log(JSON.stringify(result));
