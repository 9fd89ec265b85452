// Part of `npm run bench` (issue 45, decision 062): is the learner's grid found by itself, with no
// corner marks and no corner placed, on the ordinary paper? Synthetic 12 MP photos
// (synthetic-photo.ts) of five sample dragons' outlines copied in pencil on
//  - the default paper (11 × 8.5 in) printed edge to edge on Letter: no marks, and no outer grid
//    line (the printer's 0.25 in blank strip);
//  - a grid ruled by hand in pencil, each line wandering up to 0.7 mm, with no labels;
//  - a 17 × 11 in paper printed on four Letter sheets, cut and taped (no marks: the sheets' joins left out);
//  - grids ruled by hand with fewer lines, as the grid ladder's steps have them (decision 077):
//    every other line, and the border alone;
// each photo at a random turn (within 30° of upright, or on its side as a phone held upright takes
// a landscape page) and its own noise. Counted: photos whose grid is found and registered (the
// worst cell's middle, corners and the cells' own grid corrections together, against where it
// really is) within 1 mm; drawn cells called near or off on these faithful copies; and the time the
// finding takes in Node. Prints one JSON line.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { checkEachWayUp } from "../../src/shared/drawing-check/check-drawing";
import { isDrawn } from "../../src/shared/drawing-check/kept-checks";
import { findGrid } from "../../src/shared/drawing-check/find-grid";
import {
  registrationErrorsMm,
  syntheticPhoto,
  type SyntheticOptions,
} from "../../src/shared/drawing-check/synthetic-photo";
import { joinAreas } from "../../src/shared/drawing-check/joins";
import type { GridLineSet } from "../../src/shared/grid/ladder";
import { DEFAULT_MARGIN_MM } from "../../src/shared/print/pdf-layout";
import { DEFAULT_CANVAS_PAPER, templateOnPaper, type CanvasPaper } from "./drawing-photo";
import { blankGridPages, posterOf, printedGridPage } from "./printed-grid-page";
import { seededRandom } from "./seeded-random";

const PHOTOS = Number(process.env.BENCH_FIND_GRID_PHOTOS ?? 10);
const TEMPLATES = [
  "blocky-dragon-face.png",
  "flying-line-art-dragon.png",
  "jade-sky-dragon.png",
  "spiky-dragon-profile.png",
  "wavy-serpent-dragon.png",
];
/** A paper four Letter sheets print: 17 × 11 in, 1 in squares. */
const POSTER: CanvasPaper = { paperWidth: 17, paperHeight: 11, gridSize: 1, unit: "in" };
const defaultPage = await printedGridPage(DEFAULT_CANVAS_PAPER, { withoutMarks: true });
const posterPages = (await blankGridPages(POSTER)).pages;
const KINDS: Record<
  string,
  { options: (n: number) => Partial<SyntheticOptions>; canvas?: CanvasPaper; lines?: GridLineSet }
> = {
  "default paper, no marks": { options: () => ({ sheet: defaultPage }) },
  "ruled by hand": { options: () => ({ handRuled: { wobbleMm: 0.7 } }) },
  // Each sheet laid up to 0.25 mm off the one before, each photo's paper taped anew.
  "tiled sheets": {
    options: (n) => ({ sheet: posterOf(posterPages, POSTER, { layMm: 0.5, seed: n + 1 }) }),
    canvas: POSTER,
  },
  "ruled by hand, every other line": { options: () => ({ handRuled: { wobbleMm: 0.7 } }), lines: "alternate" },
  "ruled by hand, border alone": { options: () => ({ handRuled: { wobbleMm: 0.7 } }), lines: "border" },
};

const results: Record<
  string,
  { photos: number; found: number; worstMm: number[]; findMs: number[]; flagged: number; cells: number }
> = {};
for (const [kind, { options, canvas, lines }] of Object.entries(KINDS)) {
  const result = { photos: 0, found: 0, worstMm: [] as number[], findMs: [] as number[], flagged: 0, cells: 0 };
  results[kind] = result;
  // Where a poster's sheets join is left out, as the app does (joins.ts).
  const covered = canvas ? joinAreas({ ...canvas, sheet: "letter", marginMm: DEFAULT_MARGIN_MM }, canvas.gridSize) : [];
  for (const [t, name] of TEMPLATES.entries()) {
    const onPaper = await templateOnPaper(fs.readFileSync(path.resolve("assets/samples", name)), canvas);
    const { pxPerMm, template, pencil } = onPaper;
    const paper = lines ? { ...onPaper.paper, lines } : onPaper.paper;
    for (let n = 0; n < PHOTOS; n++) {
      const next = seededRandom(1000 * t + n + 1);
      // One photo in five on its side, either way; the others within 30° of upright.
      const tiltDegrees = n % 5 === 4 ? (next() < 0.5 ? 90 : -90) + (next() - 0.5) * 20 : (next() - 0.5) * 60;
      const shot = syntheticPhoto({ ...options(n), paper, pencil, tiltDegrees, seed: 7 + 31 * n + t });
      const started = performance.now();
      const ways = findGrid(shot.photo, paper);
      result.findMs.push(performance.now() - started);
      result.photos++;
      if (!ways.length) {
        result.worstMm.push(Infinity);
        continue;
      }
      const { outcome, corners } = checkEachWayUp({ photo: shot.photo, paper, pxPerMm, template, covered }, ways);
      const worst = outcome.problem
        ? Infinity
        : Math.max(...registrationErrorsMm(shot, paper, corners, outcome.offsets, pxPerMm));
      result.worstMm.push(worst);
      if (worst < 1) result.found++;
      // A faithful copy: every drawn cell called near or off is a false alarm.
      const drawn = outcome.cells.filter(isDrawn);
      result.cells += drawn.length;
      result.flagged += drawn.filter((cell) => cell.status === "near" || cell.status === "off").length;
    }
  }
}
console.log(JSON.stringify(results));
