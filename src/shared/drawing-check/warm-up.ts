// A check run ahead of the learner's photo, on a page made here: a perfect copy of the template's
// middle cells on their grid, on a sheet lying on a dark table. The browser starts a check's worker while the learner
// is still taking the photo and runs this in it (decision 071): the check's code is then compiled
// and optimised for the arrays it works on, and the photo's own check runs at the speed of a second
// run rather than a first (in Node, a first run of a 12 MP check takes about 40 % longer).
import { checkDrawing } from "./check-drawing";
import { findGrid } from "./find-grid";
import { findMarks } from "./find-marks";
import type { MarkPlacement } from "./mark-layout";
import type { PaperMm } from "./paper-geometry";
import { crop, type RgbaImage } from "./raster";
import { findSheet } from "./sheet-edges";
import type { Corners } from "./straighten";
import { gridLineAt } from "../grid/grid";

/** White paper round the grid, and the table round the sheet, in mm. */
const SHEET_MM = 12;
const TABLE_MM = 8;
const TABLE_GREY = 70;
const GRID_GREY = 110;
const LINE_MM = 0.3;

export interface WarmUpInput {
  /** The template on the paper at `pxPerMm`, as the check gets it. */
  template: RgbaImage;
  paper: PaperMm;
  pxPerMm: number;
  marks: Record<MarkPlacement, readonly number[]>;
}

/** Cells of the template the warm-up's page shows, across and down: enough to compile the code, a fraction of a check's time. */
const WARM_UP_CELLS = 4;

/** The middle WARM_UP_CELLS² cells of the paper (where the drawing is), as a paper of their own, and the template on them. */
function middleCells({ template, paper, pxPerMm }: WarmUpInput): { paper: PaperMm; template: RgbaImage } {
  const columns = Math.min(WARM_UP_CELLS, paper.columns);
  const rows = Math.min(WARM_UP_CELLS, paper.rows);
  const widthMm = Math.min(columns * paper.gridMm, paper.widthMm);
  const heightMm = Math.min(rows * paper.gridMm, paper.heightMm);
  const x = Math.floor((paper.columns - columns) / 2) * paper.gridMm;
  const y = Math.floor((paper.rows - rows) / 2) * paper.gridMm;
  const width = Math.min(Math.round(widthMm * pxPerMm), template.width);
  const height = Math.min(Math.round(heightMm * pxPerMm), template.height);
  const left = Math.min(Math.round(x * pxPerMm), template.width - width);
  const top = Math.min(Math.round(y * pxPerMm), template.height - height);
  return {
    paper: { widthMm, heightMm, gridMm: paper.gridMm, columns, rows },
    template: crop(template, left, top, width, height),
  };
}

/** The page the warm-up checks: the template with its grid ruled over it, on a sheet on a table; and the grid's corners. */
export function warmUpPage(input: WarmUpInput): {
  photo: RgbaImage;
  corners: Corners;
  paper: PaperMm;
  template: RgbaImage;
} {
  const { paper, template } = middleCells(input);
  const { pxPerMm } = input;
  const border = Math.round((SHEET_MM + TABLE_MM) * pxPerMm);
  const table = Math.round(TABLE_MM * pxPerMm);
  const width = template.width + 2 * border;
  const height = template.height + 2 * border;
  // The same kind of array as a canvas's pixels, so the code is optimised for what the photo brings.
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const onTable = x < table || y < table || x >= width - table || y >= height - table;
      const p = (y * width + x) * 4;
      data.fill(onTable ? TABLE_GREY : 255, p, p + 3);
      data[p + 3] = 255;
    }
  for (let y = 0; y < template.height; y++)
    data.set(
      template.data.subarray(y * template.width * 4, (y + 1) * template.width * 4),
      ((y + border) * width + border) * 4,
    );
  const line = Math.max(1, Math.round(LINE_MM * pxPerMm));
  const rule = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const p = (y * width + x) * 4;
        for (let k = 0; k < 3; k++) data[p + k] = Math.min(data[p + k]!, GRID_GREY);
      }
  };
  const px = (mm: number) => border + Math.round(mm * pxPerMm);
  for (let i = 0; i <= paper.columns; i++) {
    const x = Math.min(px(gridLineAt(i, paper.columns, paper.widthMm, paper.gridMm)), border + template.width - line);
    rule(x, border, x + line, border + template.height);
  }
  for (let i = 0; i <= paper.rows; i++) {
    const y = Math.min(px(gridLineAt(i, paper.rows, paper.heightMm, paper.gridMm)), border + template.height - line);
    rule(border, y, border + template.width, y + line);
  }
  const right = border + template.width;
  const bottom = border + template.height;
  return {
    paper,
    template,
    photo: { width, height, data },
    corners: [
      { x: border, y: border },
      { x: right, y: border },
      { x: right, y: bottom },
      { x: border, y: bottom },
    ],
  };
}

/**
 * Every stage a photo's check may go through, each run once on the warm-up page when called (their
 * outcomes are dropped). Separate, so a worker can stop between them when the photo comes.
 */
export function warmUpStages(input: WarmUpInput): (() => unknown)[] {
  const { photo, corners, paper, template } = warmUpPage(input);
  const { pxPerMm, marks } = input;
  let sheet: Corners | null = null;
  return [
    () => findMarks(photo, paper, marks),
    () => (sheet = findSheet(photo)),
    () => findGrid(photo, paper),
    () => checkDrawing({ photo, corners, paper, pxPerMm, template, sheet }),
  ];
}
