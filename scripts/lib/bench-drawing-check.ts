// Part of `npm run bench` (decision 028): the drawing check's accuracy on synthetic 12 MP photos
// (synthetic-photo.ts: the template's lines in pencil on a printed grid page with its corner marks,
// turned 25°, in perspective, lit unevenly, blurred, noisy), each seed a different photo:
//  - registration: the grid found from the corner marks alone, and from corners placed 2 mm off by
//    hand; the worst cell's middle, in mm on the paper, against where it really is;
//  - two cells drawn 3 mm off (one low, one to the right): flagged, and the direction named;
//  - every other drawn cell within tolerance; a blank printed page "not drawn yet" everywhere;
//  - the check's own time in Node for a 12 MP photo (the browser's is timed in Chromium).
// Prints one JSON line.
import { performance } from "node:perf_hooks";
import { checkDrawing, type CheckOutcome } from "../../src/shared/drawing-check/check-drawing";
import { findMarks } from "../../src/shared/drawing-check/find-marks";
import { markIdsByPlacement } from "../../src/shared/drawing-check/mark-layout";
import type { Corners } from "../../src/shared/drawing-check/straighten";
import {
  SYNTHETIC_PAPER,
  cornersByHand,
  registrationErrorsMm,
  syntheticPhoto,
  syntheticTemplate,
  type SyntheticPhoto,
} from "../../src/shared/drawing-check/synthetic-photo";
import { describeCell } from "../../src/shared/drawing-check/words";

const PX_PER_MM = 4;
const SEEDS = [3, 17, 29];
const DRAGON = "00000000-0000-4000-8000-00000000d1a9";
const paper = SYNTHETIC_PAPER;
const template = syntheticTemplate(paper, PX_PER_MM);
const expected = markIdsByPlacement(DRAGON, paper);
const ids = expected.outside;
const PLANTED = [
  { column: 4, row: 3, dx: 0, dy: 3, words: /^E4: lines about [23] mm low$/ },
  { column: 7, row: 5, dx: 3, dy: 0, words: /^H6: lines about [23] mm to the right$/ },
];

const worstRegistrationMm = (shot: SyntheticPhoto, corners: Corners, outcome: CheckOutcome) =>
  Math.max(...registrationErrorsMm(shot, paper, corners, outcome.offsets, PX_PER_MM));

const results = {
  registrationMarksMm: 0,
  registrationByHandMm: 0,
  plantedFlagged: 0,
  plantedDirection: 0,
  planted: 0,
  othersOff: [] as string[],
  exactOff: [] as string[],
  blankDrawn: 0,
  marksMissed: 0,
  nodeCheckMs: [] as number[],
};
for (const seed of SEEDS) {
  const shot = syntheticPhoto({ seed, marks: ids, moved: PLANTED });
  const found = findMarks(shot.photo, paper, expected);
  if (found.found !== "ours") {
    results.marksMissed++;
    continue;
  }
  const started = performance.now();
  const outcome = checkDrawing({ photo: shot.photo, corners: found.corners, paper, pxPerMm: PX_PER_MM, template });
  results.nodeCheckMs.push(performance.now() - started);
  results.registrationMarksMm = Math.max(
    results.registrationMarksMm,
    worstRegistrationMm(shot, found.corners, outcome),
  );
  for (const planted of PLANTED) {
    const cell = outcome.cells.find((c) => c.column === planted.column && c.row === planted.row)!;
    results.planted++;
    if (cell.status === "near" || cell.status === "off") results.plantedFlagged++;
    if (planted.words.test(describeCell(cell))) results.plantedDirection++;
  }
  const plantedLabels = new Set(PLANTED.map((p) => `${String.fromCharCode(65 + p.column)}${p.row + 1}`));
  for (const cell of outcome.cells)
    if (!plantedLabels.has(cell.label) && (cell.status === "near" || cell.status === "off"))
      results.othersOff.push(`${seed}:${cell.label}`);

  const hand = cornersByHand(shot, paper, 2);
  results.registrationByHandMm = Math.max(
    results.registrationByHandMm,
    worstRegistrationMm(
      shot,
      hand,
      checkDrawing({ photo: shot.photo, corners: hand, paper, pxPerMm: PX_PER_MM, template }),
    ),
  );

  const exact = syntheticPhoto({ seed: seed + 1, marks: ids });
  const exactFound = findMarks(exact.photo, paper, expected);
  if (exactFound.found === "ours") {
    for (const cell of checkDrawing({
      photo: exact.photo,
      corners: exactFound.corners,
      paper,
      pxPerMm: PX_PER_MM,
      template,
    }).cells)
      if (cell.status !== "close" && cell.status !== "empty") results.exactOff.push(`${seed}:${cell.label}`);
  } else results.marksMissed++;

  const blank = syntheticPhoto({ seed: seed + 2, marks: ids, blank: true });
  const blankFound = findMarks(blank.photo, paper, expected);
  if (blankFound.found === "ours")
    results.blankDrawn += checkDrawing({
      photo: blank.photo,
      corners: blankFound.corners,
      paper,
      pxPerMm: PX_PER_MM,
      template,
    }).cells.filter((c) => c.status !== "not-drawn").length;
  else results.marksMissed++;
}
console.log(
  JSON.stringify({ seeds: SEEDS.length, ...results, nodeCheckMs: Math.round(Math.max(...results.nodeCheckMs)) }),
);
