// 'Practise these cells' (decision 067): the worst cells of a check on one sheet, each template cell
// printed at its true size beside an empty square of the same size, the pairs one under another
// as a grid of two columns, with corner marks outside its corners. The marks' ids name the dragon,
// the paper and the cells, so a photo of the sheet is told from the grid page and from other
// practice sheets, and the cells it holds are known from the check it was made from.
import { gridLineAt, parseCellLabel } from "../grid/grid";
import { PRACTICE_MAX, type KeptCell } from "./kept-checks";
import { MARK_ROOM_MM, markIds } from "./mark-layout";
import type { AreaMm, PaperMm } from "./paper-geometry";
import type { RgbaImage } from "./raster";

/** A practice sheet holds the worst 3 to 6 cells (PRACTICE_MAX): enough to be worth a sheet, few enough to do in one sitting. */
export const PRACTICE_MIN = 3;
/** The band at the top of the sheet for its title and what to do. */
export const PRACTICE_HEADING_MM = 16;
/** Room left of the pairs for each row's cell label. */
export const PRACTICE_LABEL_MM = 14;
/** The printed squares' insides the check leaves alone (their lines stay in view: they are the grid's). */
const PRINTED_INSET_MM = 0.75;

const STATUS_RANK: Record<KeptCell["status"], number> = {
  off: 0,
  near: 1,
  partial: 2,
  close: 3,
  "not-drawn": 9,
  empty: 9,
};

/**
 * The cells to practise, worst first: those off, near, then half drawn, the furthest first; when
 * fewer than three, the next-furthest drawn cells make up three. None when nothing was off. The
 * distances are taken to a tenth of a millimetre, as a check keeps them, so a kept check names the
 * same cells as the result it was kept from.
 */
export function cellsToPractise(cells: readonly Pick<KeptCell, "label" | "status" | "errorMm">[]): string[] {
  const ranked = cells
    .map((cell, index) => ({ ...cell, index, tenths: Math.round(cell.errorMm * 10) }))
    .filter((cell) => STATUS_RANK[cell.status] < 9)
    .sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || b.tenths - a.tenths || a.index - b.index);
  const wrong = ranked.filter((cell) => cell.status !== "close");
  if (!wrong.length) return [];
  const chosen = wrong.slice(0, PRACTICE_MAX);
  const rest = ranked
    .filter((cell) => cell.status === "close")
    .sort((a, b) => b.tenths - a.tenths || a.index - b.index);
  for (const cell of rest) if (chosen.length < PRACTICE_MIN) chosen.push(cell);
  return chosen.map((cell) => cell.label);
}

export interface PracticeLayout {
  /** The cells on the sheet, in its rows, top first (possibly fewer than asked: as many as fit). */
  labels: string[];
  /** The pairs as a grid: column 0 the template's cells, column 1 the squares to draw in. */
  grid: PaperMm;
  /** Where the grid's top-left corner is on the sheet, in mm from the sheet's top-left. */
  x: number;
  y: number;
}

/**
 * The pairs placed on a portrait sheet of `sheetMm` with `marginMm` the printer cannot reach: under
 * the heading, centred, with room for the labels on the left and the marks at the corners. Null when
 * not even one pair fits (squares larger than a third of the sheet).
 */
export function practiceLayout(
  labels: readonly string[],
  gridMm: number,
  sheetMm: { width: number; height: number },
  marginMm: number,
): PracticeLayout | null {
  const width = 2 * gridMm;
  const fitsAcross = width + 2 * Math.max(MARK_ROOM_MM, PRACTICE_LABEL_MM) <= sheetMm.width - 2 * marginMm;
  const top = marginMm + PRACTICE_HEADING_MM + MARK_ROOM_MM;
  const rows = Math.min(labels.length, Math.floor((sheetMm.height - marginMm - MARK_ROOM_MM - top) / gridMm));
  if (!fitsAcross || rows < 1) return null;
  return {
    labels: labels.slice(0, rows),
    grid: { widthMm: width, heightMm: rows * gridMm, gridMm, columns: 2, rows },
    x: (sheetMm.width - width) / 2,
    y: top,
  };
}

/** The name a practice sheet's marks carry: the drawing's paper and the cells (mark-layout.ts). */
const sheetName = (paper: PaperMm, labels: readonly string[]) =>
  `practice|${paper.widthMm.toFixed(1)}x${paper.heightMm.toFixed(1)}|${labels.join(",")}`;

/** The four marks' ids of the practice sheet of `labels` for this dragon and paper; always outside the grid's corners. */
export const practiceMarkIds = (dragonId: string, paper: PaperMm, layout: PracticeLayout) =>
  markIds(dragonId, layout.grid, "outside", sheetName(paper, layout.labels));

/** Where a cell of the drawing's grid is, in mm from its top-left corner (the last column and row may be cut short). */
export function cellOnPaper(paper: PaperMm, label: string): AreaMm {
  const { column, row } = parseCellLabel(label)!;
  const x = gridLineAt(column, paper.columns, paper.widthMm, paper.gridMm);
  const y = gridLineAt(row, paper.rows, paper.heightMm, paper.gridMm);
  return {
    x,
    y,
    width: gridLineAt(column + 1, paper.columns, paper.widthMm, paper.gridMm) - x,
    height: gridLineAt(row + 1, paper.rows, paper.heightMm, paper.gridMm) - y,
  };
}

/**
 * What the sheet should look like once drawn, at `pxPerMm` (the check compares the photo with it):
 * each cell of `template` (the template on the drawing's paper, at the same scale) in both squares
 * of its row, white where the drawing's cell is cut short.
 */
export function practiceTemplate(
  template: RgbaImage,
  paper: PaperMm,
  layout: PracticeLayout,
  pxPerMm: number,
): RgbaImage {
  const width = Math.round(layout.grid.widthMm * pxPerMm);
  const height = Math.round(layout.grid.heightMm * pxPerMm);
  const out = new Uint8ClampedArray(width * height * 4).fill(255);
  const px = (mm: number) => Math.round(mm * pxPerMm);
  layout.labels.forEach((label, row) => {
    const cell = cellOnPaper(paper, label);
    const [sx, sy] = [px(cell.x), px(cell.y)];
    const w = Math.min(px(cell.width), template.width - sx, px(layout.grid.gridMm));
    const h = Math.min(px(cell.height), template.height - sy, px(layout.grid.gridMm));
    for (const column of [0, 1])
      for (let y = 0; y < h; y++) {
        const from = ((sy + y) * template.width + sx) * 4;
        const to = ((px(row * layout.grid.gridMm) + y) * width + px(column * layout.grid.gridMm)) * 4;
        if (to + w * 4 <= out.length) out.set(template.data.subarray(from, from + w * 4), to);
      }
  });
  return { width, height, data: out };
}

/** The printed squares, inset (mm from the grid's corner): the check neither reads the learner's lines there nor expects any. */
export const printedSquares = (layout: PracticeLayout) =>
  layout.labels.map((_, row) => ({
    x: PRINTED_INSET_MM,
    y: row * layout.grid.gridMm + PRINTED_INSET_MM,
    width: layout.grid.gridMm - 2 * PRINTED_INSET_MM,
    height: layout.grid.gridMm - 2 * PRINTED_INSET_MM,
  }));
