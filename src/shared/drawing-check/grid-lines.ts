// The grid on the learner's paper, found in the straightened photo: each line segment between two
// crossings is looked for within a few millimetres of where the corners put it. What is found does
// two jobs: those pixels (and the printed cell labels) are not the learner's drawing, and how far
// each line sits from where it should gives every cell a local correction, so corners placed a
// millimetre or two off by hand, or paper that is not quite flat, still line up.
import { CELL_LABEL_MAX_PT, DEFAULT_MARGIN_MM, POINTS_PER_MM, STROKE_PAD_PT } from "../print/pdf-layout";
import { cellLabel, gridLinePlaces } from "../grid/grid";
import type { Mask } from "./raster";
import { drawnLinesMm, type PaperMm } from "./paper-geometry";

/** How far from its expected place a line is looked for. */
const SEARCH_MM = 3;
/** A printed line is at least this much darker than the paper along its length (grey levels). */
const MIN_LINE_DARKNESS = 5;
/** Cleared on each side of a found line (the line's own width is added). */
const CLEAR_MM = 0.45;
/** Crossings are left out of the search: the other lines' ink is there. */
const END_SHARE = 0.12;

export interface GridFit {
  /** Pixels that belong to the grid or its labels, not to the drawing. */
  grid: Mask;
  /** Per cell (row-major), how far its lines sit from where the corners put them, in pixels. */
  offsets: Float32Array;
  /** Share of line segments found: low when the photo is blurred or the corners are off. */
  found: number;
  /** Each whole line's offset from where it should be, in mm (the median of its found segments); null when not found. */
  lineOffsetsMm: { vertical: (number | null)[]; horizontal: (number | null)[] };
}

/** The median offset of a line's found segments, in mm; null with fewer than half found. */
function lineOffset(segments: Segment[], pxPerMm: number): number | null {
  const found = segments.filter((segment) => segment.found).map((segment) => segment.offset);
  if (found.length < segments.length / 2 || !found.length) return null;
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)]! / pxPerMm;
}

interface Darkness {
  width: number;
  height: number;
  data: Float32Array;
}

interface Segment {
  offset: number;
  found: boolean;
}

/** Darkness counts up to this: a dark pencil line does not outweigh a long faint printed one. */
const SATURATE = 12;
/** A whole line may lean by up to this much from end to end (corners placed by hand). */
const LEAN_MM = 3;
/** A segment is looked for this close to its whole line. */
const REFINE_MM = 0.6;

/** A straight line across the run: `start` at `from`, `end` at `from + length`, in pixels off the expected place. */
interface Lean {
  start: number;
  end: number;
  from: number;
  length: number;
}

/**
 * Saturated mean darkness along a run from `t0` to `t1`, `shift` pixels beside `lean`, across from
 * `fixed`. (The line is passed as numbers, not as a function of t: this runs millions of times a check.)
 */
function darknessAlong(
  image: Darkness,
  fixed: number,
  t0: number,
  t1: number,
  across: boolean,
  lean: Lean,
  shift = 0,
  step = 1,
): number {
  const { width, height, data } = image;
  const { start, end, from, length } = lean;
  const limit = across ? height : width;
  let sum = 0;
  let n = 0;
  for (let t = t0; t < t1; t += step, n++) {
    const f = Math.round(fixed + (start + ((end - start) * (t - from)) / length + shift));
    if (f < 0 || f >= limit) continue;
    sum += Math.min(SATURATE, data[across ? f * width + t : t * width + f]!);
  }
  return n ? sum / n : 0;
}

/** Found when clearly a line: darker than the paper by a few grey levels, well above the typical offset. */
const isLine = (best: number, scores: number[]) => {
  const sorted = [...scores].sort((a, b) => a - b);
  return best >= MIN_LINE_DARKNESS && best >= 2 * sorted[Math.floor(sorted.length / 2)]! + 1;
};

/**
 * A whole grid line first (it may lean: its offsets at both ends are searched), then each segment
 * between crossings close to it. A pencil line running beside a grid line for a while cannot pull
 * the fit onto itself, since the whole length decides.
 */
function findLine(
  image: Darkness,
  expected: number,
  crossings: number[],
  across: boolean,
  searchPx: number,
  leanPx: number,
  refinePx: number,
): Segment[] {
  const from = Math.round(crossings[0]!);
  const to = Math.round(crossings[crossings.length - 1]!);
  const length = Math.max(1, to - from);
  let best = { score: -1, start: 0, end: 0 };
  const scores: number[] = [];
  for (let start = -searchPx; start <= searchPx; start++) {
    for (let end = Math.max(-searchPx, start - leanPx); end <= Math.min(searchPx, start + leanPx); end++) {
      const score = darknessAlong(image, expected, from, to, across, { start, end, from, length }, 0, 2);
      if (start === end) scores.push(score);
      const preferred = score - (Math.abs(start) + Math.abs(end)) * 1e-4;
      if (preferred > best.score) best = { score: preferred, start, end };
    }
  }
  const lineFound = isLine(best.score, scores);
  const line = { start: best.start, end: best.end, from, length };
  const lineAt = (t: number) => line.start + ((line.end - line.start) * (t - from)) / length;
  return crossings.slice(0, -1).map((crossing, i) => {
    const span = crossings[i + 1]! - crossing;
    const a = Math.round(crossing + span * END_SHARE);
    const b = Math.round(crossings[i + 1]! - span * END_SHARE);
    const middle = lineAt((a + b) / 2);
    if (b - a < 4) return { offset: middle, found: false };
    let segment = { score: -1, offset: middle };
    const around: number[] = [];
    for (let o = -refinePx; o <= refinePx; o++) {
      const score = darknessAlong(image, expected, a, b, across, line, o);
      around.push(score);
      if (score - Math.abs(o) * 1e-3 > segment.score)
        segment = { score: score - Math.abs(o) * 1e-3, offset: middle + o };
    }
    return { offset: segment.offset, found: lineFound && segment.score >= MIN_LINE_DARKNESS };
  });
}

/** Fill in segments not found from the nearest found ones on the same line (or 0). */
function fillGaps(segments: Segment[]): number[] {
  return segments.map((segment, i) => {
    if (segment.found) return segment.offset;
    for (let d = 1; d < segments.length; d++) {
      const before = segments[i - d];
      const after = segments[i + d];
      if (before?.found && after?.found) return (before.offset + after.offset) / 2;
      if (before?.found) return before.offset;
      if (after?.found) return after.offset;
    }
    return 0;
  });
}

/** Which segment of `lines` (their places, in order) holds `at`: the last line at or before it, at most the last but one. */
const segmentAt = (lines: number[], at: number) =>
  Math.max(
    0,
    Math.min(
      lines.length - 2,
      lines.findLastIndex((line) => line <= at),
    ),
  );

/** Helvetica's capitals and digits average a little under 0.6 em. */
const labelSizeMm = (paper: PaperMm, label: string) => {
  const ptPerMm = 72 / 25.4;
  const fontPt = Math.max(4, Math.min(CELL_LABEL_MAX_PT, paper.gridMm * ptPerMm * 0.16));
  return { width: (label.length * 0.62 * fontPt + fontPt * 0.7) / ptPerMm, height: (fontPt * 1.5) / ptPerMm };
};

/**
 * On a page the paper fills, the printer's blank strip pushes the labels of the first row and
 * column this far in (pdf-layout.ts, decision 047): their place is left out from the cell's edge to there.
 */
const LABEL_STRIP_MM = DEFAULT_MARGIN_MM + STROKE_PAD_PT / POINTS_PER_MM;

/**
 * `origin`: where the paper's top-left corner is on the raster, in pixels from its own.
 * `outerLines`: false when the grid's outer lines are not on the page (a page the paper fills,
 * its edges in the printer's blank strip): the sheet's edge there is no line, so the outer cells
 * take their inner lines' place alone.
 */
export function fitGrid(darkness: Darkness, paper: PaperMm, pxPerMm: number, origin = 0, outerLines = true): GridFit {
  const { width, height } = darkness;
  const { columns, rows } = paper;
  const searchPx = Math.round(SEARCH_MM * pxPerMm);
  const at = (mm: number) => origin + mm * pxPerMm;
  const size = (mm: number) => mm * pxPerMm;
  // The lines on the paper (with fewer lines, the ladder's step's: decision 074), in pixels.
  const drawn = drawnLinesMm(paper);
  const xs = drawn.xs.map((x) => Math.min(at(x), width - 1));
  const ys = drawn.ys.map((y) => Math.min(at(y), height - 1));
  const leanPx = Math.round(LEAN_MM * pxPerMm);
  const refinePx = Math.max(1, Math.round(REFINE_MM * pxPerMm));
  // vertical[i][j]: the segment of drawn vertical line i between drawn rows j and j + 1; horizontal likewise.
  const inner = <T>(lines: T[]) => (outerLines ? lines : lines.slice(1, -1));
  const search = (lines: number[], others: number[], across: boolean) => {
    const found = inner(lines).map((at) => findLine(darkness, at, others, across, searchPx, leanPx, refinePx));
    return outerLines || found.length === 0 ? found : [found[0]!, ...found, found.at(-1)!];
  };
  const verticalFound = search(xs, ys, false);
  const horizontalFound = search(ys, xs, true);
  const all = [...inner(verticalFound).flat(), ...inner(horizontalFound).flat()];
  // Nothing to look for (a border alone, outside the printed page): the corners place the grid by themselves.
  const found = all.length ? all.filter((segment) => segment.found).length / all.length : 1;
  const none = (lines: number[], others: number[]) => lines.map(() => others.slice(1).map(() => 0));
  const vertical = verticalFound.length ? verticalFound.map(fillGaps) : none(xs, ys);
  const horizontal = horizontalFound.length ? horizontalFound.map(fillGaps) : none(ys, xs);

  const grid = new Uint8Array(width * height);
  const clear = Math.ceil(CLEAR_MM * pxPerMm) + 1;
  const paint = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++)
      grid.fill(1, y * width + Math.max(0, Math.floor(x0)), y * width + Math.min(width, Math.ceil(x1)));
  };
  xs.forEach((x, i) =>
    ys.slice(1).forEach((bottom, j) => {
      const off = vertical[i]![j]!;
      paint(x + off - clear, ys[j]! - clear, x + off + clear + 1, bottom + clear + 1);
    }),
  );
  ys.forEach((y, j) =>
    xs.slice(1).forEach((right, i) => {
      const off = horizontal[j]![i]!;
      paint(xs[i]! - clear, y + off - clear, right + clear + 1, y + off + clear + 1);
    }),
  );
  // Every line of the full grid, drawn or not: the cells', in pixels.
  const fullXs = gridLinePlaces(columns, paper.widthMm, paper.gridMm).map((x) => Math.min(at(x), width - 1));
  const fullYs = gridLinePlaces(rows, paper.heightMm, paper.gridMm).map((y) => Math.min(at(y), height - 1));
  // A paper may have more lines than its step (printed before the learner moved down the ladder):
  // those found are grid too, not drawing, though they neither count towards the fit nor place cells.
  const beyondStep = (full: number[], drawnAt: number[], others: number[], across: boolean) => {
    for (const place of full) {
      if (drawnAt.includes(place)) continue;
      const segments = findLine(darkness, place, others, across, searchPx, leanPx, refinePx);
      segments.forEach((segment, i) => {
        if (!segment.found) return;
        const [from, to] = [others[i]!, others[i + 1]!];
        const line = place + segment.offset;
        if (across) paint(from - clear, line - clear, to + clear + 1, line + clear + 1);
        else paint(line - clear, from - clear, line + clear + 1, to + clear + 1);
      });
    }
  };
  if (xs.length < fullXs.length || ys.length < fullYs.length) {
    beyondStep(fullXs, xs, fullYs, false);
    beyondStep(fullYs, ys, fullXs, true);
  }
  /**
   * How far the lines beside a point sit from where they should, across them: between the two
   * drawn lines either side of `along` (`lines`, in px), weighed by nearness, on their segment
   * at `across` (between the other way's lines `others`). Over a full grid, the cell's two lines' mean.
   */
  const between = (offsets: number[][], lines: number[], others: number[], along: number, across: number) => {
    const i = segmentAt(lines, along);
    const j = segmentAt(others, across);
    const share = Math.max(0, Math.min(1, (along - lines[i]!) / Math.max(1, lines[i + 1]! - lines[i]!)));
    return offsets[i]![j]! * (1 - share) + offsets[i + 1]![j]! * share;
  };

  const offsets = new Float32Array(columns * rows * 2);
  const pad = 0.8 * pxPerMm;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const [left, right] = [fullXs[c]!, fullXs[c + 1]!];
      const [top, bottom] = [fullYs[r]!, fullYs[r + 1]!];
      const [middleX, middleY] = [(left + right) / 2, (top + bottom) / 2];
      const dx = between(vertical, xs, ys, middleX, middleY);
      const dy = between(horizontal, ys, xs, middleY, middleX);
      offsets[(r * columns + c) * 2] = dx;
      offsets[(r * columns + c) * 2 + 1] = dy;
      // The printed label in the cell's top-left corner (and a label the learner wrote there);
      // in the first column and row, as far in as the printer's blank strip may have moved it.
      const label = labelSizeMm(paper, cellLabel({ column: c, row: r }));
      const inX = c === 0 ? size(LABEL_STRIP_MM) : 0;
      const inY = r === 0 ? size(LABEL_STRIP_MM) : 0;
      paint(
        left + dx - pad,
        top + dy - pad,
        left + dx + inX + size(label.width) + pad,
        top + dy + inY + size(label.height) + pad,
      );
    }
  }
  // Outer lines taken as their neighbours (marks inside the grid) were not looked for; lines not
  // drawn (the ladder's steps) were not either. Each at its place in the full grid.
  const measured = (lines: Segment[][], drawnAt: number[], full: number[]) =>
    full.map((place) => {
      const i = drawnAt.indexOf(place);
      const segments = lines[i];
      return !segments || (!outerLines && (i === 0 || i === lines.length - 1)) ? null : lineOffset(segments, pxPerMm);
    });
  const lineOffsetsMm = {
    vertical: measured(verticalFound, xs, fullXs),
    horizontal: measured(horizontalFound, ys, fullYs),
  };
  return { grid: { width, height, data: grid }, offsets, found, lineOffsetsMm };
}
