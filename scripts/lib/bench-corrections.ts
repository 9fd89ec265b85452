// Part of `npm run bench` (issue 45): does the check say first what is wrong with the whole drawing?
// Synthetic 12 MP photos (synthetic-photo.ts: a sample dragon's outlines in pencil on a printed page,
// turned, in perspective, lit unevenly, blurred, noisy; five dragons in turn), each seed another photo and another place
// where the learner began, with one whole-drawing error planted: 5 % too large or too small, turned
// 3° either way, shifted 4 mm, 5 % too wide or too tall for its height, one part (three squares by
// three) drawn 10 % too large for the rest, one line of the learner's grid ruled 3 mm off, or the
// learner's grid ruled by hand 2° off square (upright or level lines, either way; the drawing copied
// into its squares); and on copies shaded like a grey print of the colour picture, one part (three
// squares by three) shaded at a third of its tone, or darkened by half a line's darkness. Counted: photos whose first correction names the planted cause, and faithful
// copies, line-drawn or shaded, given any correction at all (a false alarm). The grid is placed from the true corners
// (this measures the corrections, not the finding of the page), except for a grid off square, whose
// measure rests on where the grid is found: that one is found by its lines, as the app does. The
// sheet's edges are looked for in every photo, as the app does when it finds the grid itself.
// Prints one JSON line.
import fs from "node:fs";
import path from "node:path";
import { checkEachWayUp } from "../../src/shared/drawing-check/check-drawing";
import { findGrid } from "../../src/shared/drawing-check/find-grid";
import { findSheet } from "../../src/shared/drawing-check/sheet-edges";
import type { Correction } from "../../src/shared/drawing-check/corrections";
import { columnLabel } from "../../src/shared/grid/grid";
import { syntheticPhoto } from "../../src/shared/drawing-check/synthetic-photo";
import type { CellBlock } from "../../src/shared/drawing-check/proportion";
import { DEFAULT_CANVAS_PAPER, partsWithLines, shadedOff, templateOnPaper } from "./drawing-photo";
import { printedGridPage } from "./printed-grid-page";
import { seededRandom } from "./seeded-random";

const PHOTOS = Number(process.env.BENCH_CORRECTION_PHOTOS ?? 10);
// Another set of photos than the default's seeds 1 to 10, to see a figure hold on other photos.
const FIRST_SEED = Number(process.env.BENCH_CORRECTION_FIRST_SEED ?? 1);
const TEMPLATES = await Promise.all(
  [
    "blocky-dragon-face.png",
    "fire-breathing-dragon-head.png",
    "jade-sky-dragon.png",
    "spiky-dragon-profile.png",
    "wavy-serpent-dragon.png",
  ].map((name) => templateOnPaper(fs.readFileSync(path.resolve("assets/samples", name)))),
);
// The canvas's default paper for every dragon.
const { paper } = TEMPLATES[0]!;
// Its blank grid page from the app's PDF, the marks gone (the grid is placed from its corners);
// a learner's grid with a line ruled off is drawn by synthetic-photo.ts instead.
const printedPage = await printedGridPage(DEFAULT_CANVAS_PAPER, { withoutMarks: true });

type Planted =
  | "larger"
  | "smaller"
  | "turned"
  | "shifted"
  | "stretched"
  | "part"
  | "grid"
  | "leaning"
  | "lighter"
  | "darker"
  | "faithful"
  | "shaded";
const PLANTED: Planted[] = [
  "larger",
  "smaller",
  "turned",
  "shifted",
  "stretched",
  "part",
  "grid",
  "leaning",
  "lighter",
  "darker",
  "faithful",
  "shaded",
];

function plant(kind: Planted, next: () => number) {
  // Where the learner began: anywhere on the drawing.
  const aboutMm = { x: 30 + next() * (paper.widthMm - 60), y: 30 + next() * (paper.heightMm - 60) };
  const sign = next() < 0.5 ? -1 : 1;
  const angle = next() * 2 * Math.PI;
  switch (kind) {
    case "larger":
      return { scale: 1.05, aboutMm };
    case "smaller":
      return { scale: 0.95, aboutMm };
    case "turned":
      return { degrees: 3 * sign, aboutMm };
    case "shifted":
      return { shiftMm: { x: 4 * Math.cos(angle), y: 4 * Math.sin(angle) } };
    case "stretched":
      // Its area right, 5 % too wide for its height or too tall for its width.
      return { stretch: sign > 0 ? 1.05 : 1 / 1.05, aboutMm };
    case "part":
    case "grid":
    case "leaning":
    case "lighter":
    case "darker":
    case "faithful":
    case "shaded":
      return undefined;
  }
}

/** The column and row of a square's label ("C4"). */
const place = (label: string) => {
  const [, letters = "", digits = "0"] = /^([A-Z]+)(\d+)$/.exec(label) ?? [];
  return { column: columnIndex(letters), row: Number(digits) - 1 };
};
/** A tone correction, the planted way, over squares overlapping the planted ones. */
const toneNamed = (first: Correction | undefined, planted: CellBlock | undefined, darker: boolean) =>
  first?.kind === "tone" && first.darker === darker && squaresOverlap(first, planted);
const overlaps = (first: Correction | undefined, planted: CellBlock | undefined) =>
  first?.kind === "part" && first.larger && squaresOverlap(first, planted);
const squaresOverlap = (first: { from: string; to: string }, planted: CellBlock | undefined) => {
  if (!planted) return false;
  const from = place(first.from);
  const to = place(first.to);
  return (
    from.column <= planted.right && to.column >= planted.left && from.row <= planted.bottom && to.row >= planted.top
  );
};

/** One inner line of the learner's grid ruled 3 mm off, either way: the column left of it 3 mm narrower or wider. */
function ruledOff(next: () => number) {
  const line = 1 + Math.floor(next() * (paper.columns - 1));
  return { axis: "vertical" as const, line, mm: next() < 0.5 ? -3 : 3 };
}

/** The learner's upright or level lines ruled 2° off square, either way. */
const leaning = (next: () => number) => {
  const degrees = next() < 0.5 ? -2 : 2;
  return next() < 0.5 ? { upright: degrees } : { level: degrees };
};

const columnIndex = (label: string) => Array.from({ length: paper.columns }, (_, i) => columnLabel(i)).indexOf(label);
const named = (
  kind: Planted,
  first: Correction | undefined,
  line: number,
  part?: CellBlock,
  stretch = 1,
  leans?: { upright?: number; level?: number },
) =>
  (kind === "leaning" &&
    first?.kind === "lean" &&
    first.lines === (leans?.upright ? "upright" : "level") &&
    first.clockwise === (leans?.upright ?? leans?.level ?? 0) > 0) ||
  // Either column beside the planted line names it: "E narrower, the line on its right" or "F wider, on its left".
  (kind === "grid" &&
    first?.kind === "grid" &&
    first.axis === "column" &&
    columnIndex(first.label) + (first.line === "end" ? 1 : 0) === line) ||
  (kind === "larger" && first?.kind === "size" && first.larger) ||
  (kind === "smaller" && first?.kind === "size" && !first.larger) ||
  (kind === "turned" && first?.kind === "turn") ||
  (kind === "shifted" && first?.kind === "shift") ||
  (kind === "stretched" && first?.kind === "stretch" && first.wider === stretch > 1) ||
  (kind === "part" && overlaps(first, part)) ||
  ((kind === "lighter" || kind === "darker") && toneNamed(first, part, kind === "darker"));

const results: Record<Planted, { photos: number; named: number; misses: string[] }> = Object.fromEntries(
  PLANTED.map((kind) => [kind, { photos: 0, named: 0, misses: [] as string[] }]),
) as never;
// BENCH_CORRECTION_KINDS=stretched,faithful measures only those kinds (while working on one).
const only = process.env.BENCH_CORRECTION_KINDS?.split(",");
for (const kind of PLANTED.filter((k) => !only || only.includes(k))) {
  for (let seed = FIRST_SEED; seed < FIRST_SEED + PHOTOS; seed++) {
    const next = seededRandom(seed * 31 + kind.length);
    const tiltDegrees = -35 + next() * 70;
    const gridLineOff = kind === "grid" ? ruledOff(next) : undefined;
    const gridLeans = kind === "leaning" ? leaning(next) : undefined;
    const { template, pencil, pxPerMm, tone } = TEMPLATES[(seed - 1) % TEMPLATES.length]!;
    // A part three squares by three, somewhere with lines in most of its squares.
    const parts = partsWithLines(pencil, paper);
    const toneOff = kind === "lighter" || kind === "darker";
    const part = kind === "part" || toneOff ? parts[Math.floor(next() * parts.length)] : undefined;
    const drawnAs = plant(kind, next);
    const shot = syntheticPhoto({
      paper,
      pencil,
      tone: toneOff
        ? shadedOff(tone, pencil, paper, { block: part!, way: kind })
        : kind === "shaded"
          ? tone
          : undefined,
      seed,
      tiltDegrees,
      drawnAs,
      partDrawnAs: kind === "part" && part ? { block: part, scale: 1.1 } : undefined,
      gridLineOff,
      gridLeans,
      handRuled: gridLeans && { wobbleMm: 0.7 },
      sheet: gridLineOff || gridLeans ? undefined : printedPage,
    });
    const input = { photo: shot.photo, paper, pxPerMm, template, sheet: findSheet(shot.photo) };
    const ways = gridLeans ? findGrid(shot.photo, paper) : [shot.corners];
    const outcome = ways.length ? checkEachWayUp(input, ways).outcome : null;
    if (!outcome) {
      results[kind].photos++;
      results[kind].misses.push(`${seed}: grid not found`);
      continue;
    }
    const first = outcome.corrections[0];
    const entry = results[kind];
    entry.photos++;
    if (
      kind === "faithful" || kind === "shaded"
        ? outcome.corrections.length === 0
        : named(kind, first, gridLineOff?.line ?? 0, part, drawnAs?.stretch, gridLeans)
    )
      entry.named++;
    else
      entry.misses.push(
        `${seed}: ${outcome.corrections.map((c) => (c.kind === "part" ? `part ${c.from}-${c.to} ${c.percent}%` : c.kind === "stretch" ? `stretch ${c.wider ? "+" : "-"}${c.percent}%` : c.kind === "lean" ? `lean ${c.lines} ${c.clockwise ? "+" : "-"}${c.degrees.toFixed(1)}°` : c.kind === "tone" ? `tone ${c.darker ? "darker" : "lighter"} ${c.from}-${c.to}` : c.kind)).join(",") || "none"}`,
      );
  }
}
console.log(JSON.stringify(results));
