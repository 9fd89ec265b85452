// A photo of a practice sheet (practice-sheet.ts) scored cell by cell: the check as for the grid page
// (check-drawing.ts), on the sheet's grid of pairs, the printed template cells left out, each
// empty square judged against the template cell beside it, at the drawing's true size.
import { checkDrawing, type CheckProblem, type CheckStep } from "./check-drawing";
import type { KeptCell } from "./kept-checks";
import type { PaperMm } from "./paper-geometry";
import { practiceTemplate, printedSquares, type PracticeLayout } from "./practice-sheet";
import type { RgbaImage } from "./raster";
import type { Corners } from "./straighten";

export interface PracticeInput {
  photo: RgbaImage;
  /** The sheet's grid of pairs in the photo (its corner marks found them). */
  corners: Corners;
  /** The drawing's paper, and the template on it at `pxPerMm`. */
  paper: PaperMm;
  template: RgbaImage;
  pxPerMm: number;
  layout: PracticeLayout;
}

export interface PracticeOutcome {
  problem: CheckProblem | null;
  /** Each practised cell's verdict, as a check keeps it, in the sheet's order. */
  cells: KeptCell[];
  /** The sheet's grid, straightened, at `pxPerMm`. */
  straightened: RgbaImage;
}

export function checkPractice(input: PracticeInput, onStep: (step: CheckStep) => void = () => {}): PracticeOutcome {
  const { layout, pxPerMm } = input;
  const outcome = checkDrawing(
    {
      photo: input.photo,
      corners: input.corners,
      paper: layout.grid,
      pxPerMm,
      template: practiceTemplate(input.template, input.paper, layout, pxPerMm),
      marks: "outside",
      covered: printedSquares(layout),
      cellsAlone: true,
    },
    onStep,
  );
  // The squares drawn in are the grid's second column.
  const cells = outcome.problem
    ? []
    : layout.labels.map((label, row) => {
        const drawn = outcome.cells.find((cell) => cell.column === 1 && cell.row === row)!;
        return { label, status: drawn.status, errorMm: Math.round(drawn.errorMm * 10) / 10 };
      });
  return { problem: outcome.problem, cells, straightened: outcome.straightened };
}
