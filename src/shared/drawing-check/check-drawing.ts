// The whole check, from a photo and the grid's corners in it to a verdict per cell (decision 028).
// Pure and synchronous: the Web Worker (check-worker.ts) runs it off the page's thread, in parts
// beside a helper on a second thread (check-helper.ts, decision 079); the tests and the benchmark
// run it as it is.
import type { CellCheck } from "./cell-check";
import { compareCells, type CompareInput } from "./compare";
import { aboutTheWholeDrawing, corrections, ownShift, type Correction } from "./corrections";
import { isDrawn, keptWhole, type KeptWhole } from "./kept-checks";
import { leaningGrid, unevenGrid } from "./grid-check";
import { fitGrid, type GridFit } from "./grid-lines";
import { findInk } from "./ink";
import { insideMarkAreas, type MarkPlacement } from "./mark-layout";
import type { AreaMm, PaperMm } from "./paper-geometry";
import { crop, medianGrey, toGrey, type GreyImage, type Mask, type RgbaImage } from "./raster";
import { templateReference, type TemplateReference } from "./reference";
import { straighten, type Corners } from "./straighten";
import { undoWholeDrawing, wholeDrawing } from "./whole-drawing";
import { partOutOfProportion, undoPart } from "./proportion";
import { toneOff } from "./tone";

/** Below this paper brightness the pencil cannot be told from the shadows. */
const TOO_DARK = 70;
/** Is the paper in this photo (or its straightened grid) too dark to read? */
export const tooDark = (grey: GreyImage) => medianGrey(grey) < TOO_DARK;

/** Less of the grid than this found: the photo is too blurred, or the corners are not on the grid. */
const GRID_FOUND_AT_LEAST = 0.35;
/** Photo kept around the paper: corners placed a little inside the grid still leave its outer lines in view. */
const MARGIN_MM = 5;
/** That margin in pixels, at the check's scale. */
export const checkMargin = (pxPerMm: number) => Math.round(MARGIN_MM * pxPerMm);

export type CheckProblem = "too-dark" | "grid-not-found";

export interface CheckInput {
  photo: RgbaImage;
  corners: Corners;
  paper: PaperMm;
  pxPerMm: number;
  /** The template as placed on the paper, rendered at `pxPerMm` (the same size as the straightened photo). */
  template: RgbaImage;
  /** What is compared with, made from `template` before the photo came (templateReference, with checkMargin); else made here. */
  reference?: TemplateReference;
  /** Where the page's corner marks were found; inside the grid, the squares they cover are not compared. */
  marks?: MarkPlacement;
  /** Other parts of the grid printed on, not drawn on (a practice sheet's template cells, a poster's joins), in mm from its corner: not compared either. */
  covered?: AreaMm[];
  /** Cells unrelated to one another (a practice sheet's): no whole drawing or part to fit, the cells only. */
  cellsAlone?: boolean;
  /**
   * Where the sheet's edges meet in the photo (sheet-edges.ts), to tell whether the learner's grid
   * is square; only with corners found in the photo (corners placed by hand are not that exact).
   */
  sheet?: Corners | null;
}

/** Each pixel of `areas` (mm from the grid's corner, `origin` pixels in) set to `value`, on a buffer of `channels` per pixel. */
function fill(
  image: { width: number; height: number; data: { [i: number]: number } },
  areas: AreaMm[],
  pxPerMm: number,
  origin: number,
  channels: number,
  value: number,
) {
  for (const area of areas) {
    const x0 = Math.max(0, Math.floor(area.x * pxPerMm) + origin);
    const y0 = Math.max(0, Math.floor(area.y * pxPerMm) + origin);
    const x1 = Math.min(image.width, Math.ceil((area.x + area.width) * pxPerMm) + origin);
    const y1 = Math.min(image.height, Math.ceil((area.y + area.height) * pxPerMm) + origin);
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++)
        for (let k = 0; k < channels; k++) image.data[(y * image.width + x) * channels + k] = value;
  }
}

/** `made` when it was made from a template of this size with this margin; else made now. */
function referenceFor(template: RgbaImage, margin: number, made?: TemplateReference): TemplateReference {
  const fits =
    made?.margin === margin &&
    made.padded.width === template.width + 2 * margin &&
    made.padded.height === template.height + 2 * margin;
  return fits ? made : templateReference(template, margin);
}

export interface CheckOutcome {
  problem: CheckProblem | null;
  cells: CellCheck[];
  /** Share of the grid's line segments found in the photo. */
  gridFound: number;
  /** Local grid corrections per cell, in pixels (row-major x, y pairs). */
  offsets: Float32Array;
  /** The paper, straightened, at `pxPerMm`. */
  straightened: RgbaImage;
  /** The whole drawing against the template as a check keeps it: size off, turn, and its own shift (null with nothing drawn). */
  kept: KeptWhole | null;
  /** What to fix first: the learner's grid, then the whole drawing's errors worth saying, largest first (at most 3). */
  corrections: Correction[];
  /** The cells judged again with those errors taken out; null when there are none. */
  localCells: CellCheck[] | null;
  /** Every line of the full grid measured, none ruled off, the grid square where that was seen: the learner's grid is even. */
  evenGrid: boolean;
}

/** The check's stages, told as they start (the screen shows them on a long check). */
export type CheckStep = "straightening" | "finding-grid" | "comparing";

/**
 * The photo measured, up to comparing: straightened, its ink and grid found. The cells' verdicts
 * (compareCells on `compare`) and the whole drawing's figures (wholeFigures) both start from here
 * and need nothing of each other, so the worker may work them out at once on two threads.
 */
export interface Measured {
  input: CheckInput;
  margin: number;
  straightened: RgbaImage;
  grey: GreyImage;
  /** The template with the margin round it, and its lines. */
  template: RgbaImage;
  lines: Mask;
  fit: GridFit;
  compare: CompareInput;
}

/** A problem's outcome (a photo too dark, no grid inside the corners), or the photo measured. */
export function measureDrawing(
  input: CheckInput,
  onStep: (step: CheckStep) => void = () => {},
): { outcome: CheckOutcome } | { measured: Measured } {
  const { paper, pxPerMm } = input;
  onStep("straightening");
  const margin = checkMargin(pxPerMm);
  const wide = straighten(input.photo, input.corners, paper.widthMm, paper.heightMm, pxPerMm, margin);
  const straightened = crop(wide, margin, margin, input.template.width, input.template.height);
  const grey = toGrey(wide);
  const none = {
    cells: [],
    gridFound: 0,
    offsets: new Float32Array(0),
    straightened,
    kept: null,
    corrections: [],
    localCells: null,
    evenGrid: false,
  };
  if (tooDark(grey)) return { outcome: { problem: "too-dark", ...none } };
  onStep("finding-grid");
  const { ink, darkness, shaded } = findInk(grey, pxPerMm);
  // Marks printed inside the grid (and a practice sheet's printed squares, a poster's joins) are
  // neither grid nor pencil.
  const covered = [...(input.marks === "inside" ? insideMarkAreas(paper) : []), ...(input.covered ?? [])];
  fill(ink, covered, pxPerMm, margin, 1, 0);
  fill(shaded, covered, pxPerMm, margin, 1, 0);
  fill({ width: ink.width, height: ink.height, data: darkness }, covered, pxPerMm, margin, 1, 0);
  const { padded: template, lines, edges, toLines } = referenceFor(input.template, margin, input.reference);
  // Marks inside the grid: a page the paper fills, its outer lines in the printer's blank strip.
  const fit = fitGrid(
    { width: ink.width, height: ink.height, data: darkness },
    paper,
    pxPerMm,
    margin,
    input.marks !== "inside",
  );
  if (fit.found < GRID_FOUND_AT_LEAST) return { outcome: { problem: "grid-not-found", ...none, gridFound: fit.found } };
  // They hide the learner's lines as the grid does, so the template's there are not asked for, nor
  // its tone judged. (Painting the template white there instead drew outlines round each area.)
  fill(fit.grid, covered, pxPerMm, margin, 1, 1);
  onStep("comparing");
  // The drawing is the ink that is not the grid.
  for (let i = 0; i < ink.data.length; i++) if (fit.grid.data[i]) ink.data[i] = 0;
  const compare: CompareInput = {
    paper,
    pxPerMm,
    ink,
    shaded,
    offsets: fit.offsets,
    grid: fit.grid,
    toLines,
    edges,
    origin: margin,
  };
  return { measured: { input, margin, straightened, grey, template, lines, fit, compare } };
}

/** The whole drawing's size, turn and place, a part out of proportion, its tone: none needs a cell's verdict. */
export interface WholeFigures {
  found: ReturnType<typeof wholeDrawing>;
  /** The ink moved back by the whole drawing's fit. */
  wholeUndone: Mask;
  part: ReturnType<typeof partOutOfProportion>;
  tone: ReturnType<typeof toneOff>;
}

export function wholeFigures({ input, margin, grey, template, lines, fit, compare }: Measured): WholeFigures {
  const { paper, pxPerMm } = input;
  const { ink, shaded, toLines } = compare;
  const found = wholeDrawing({ ink, toLines, lines, pxPerMm, origin: margin });
  // A part out of proportion shows once the whole drawing's errors are out of the way.
  const wholeUndone = found ? undoWholeDrawing(ink, found.fit) : ink;
  const placing = { paper, pxPerMm, origin: margin };
  const part = partOutOfProportion({ ...placing, ink: wholeUndone, toLines });
  // Tone where the learner shaded, on its own: the shapes above are the edges of their tones.
  const tone = toneOff({ ...placing, grey, shaded, ink, grid: fit.grid, template, toLines });
  return { found, wholeUndone, part, tone };
}

/**
 * The outcome from the cells' verdicts and, when anything is drawn (and the cells are not alone),
 * the whole drawing's figures, asked for only then: what to fix first, and the cells again with it taken out.
 */
export function finishCheck(measured: Measured, compared: CellCheck[], figures: () => WholeFigures): CheckOutcome {
  const { input, margin, straightened, fit, compare } = measured;
  const { paper, pxPerMm } = input;
  const { ink, shaded } = compare;
  // A page with nothing drawn on it is not drawn yet everywhere, not "nothing to draw"; its grid
  // is still checked (a grid ruled by hand is best put right before drawing on it).
  const drawn = compared.some(isDrawn);
  const cells = drawn ? compared : compared.map((cell) => ({ ...cell, status: "not-drawn" as const }));
  // The whole drawing's size, turn and place; with those said, the cells again without them.
  const whole = drawn && !input.cellsAlone ? figures() : null;
  const found = whole?.found ?? null;
  const part = whole?.part ?? null;
  const placing = { paper, pxPerMm, origin: margin };
  const lean = input.sheet ? leaningGrid(input.sheet, input.corners, paper) : null;
  const said = corrections(found?.whole ?? null, unevenGrid(fit.lineOffsetsMm), part, lean, whole?.tone ?? null);
  const wholeSaid = said.some(aboutTheWholeDrawing);
  const partSaid = part !== null && said.some((correction) => correction.kind === "part");
  // The ink already moved back by the fit is used again, not moved a second time.
  const undo = (mask: Mask, movedBack: Mask) => {
    const undone = found && wholeSaid ? movedBack : mask;
    return partSaid ? undoPart(undone, part, placing) : undone;
  };
  const localCells =
    wholeSaid || partSaid
      ? compareCells({
          ...compare,
          ink: undo(ink, whole!.wholeUndone),
          shaded: undo(shaded, found && wholeSaid ? undoWholeDrawing(shaded, found.fit) : shaded),
        })
      : null;
  return {
    problem: null,
    cells,
    gridFound: fit.found,
    offsets: fit.offsets,
    straightened,
    kept: found ? keptWhole({ ...found.whole, shiftMm: ownShift(found.whole) }, partSaid ? part : null) : null,
    corrections: said,
    localCells,
    evenGrid:
      [...fit.lineOffsetsMm.vertical, ...fit.lineOffsetsMm.horizontal].every((offset) => offset !== null) &&
      !said.some((correction) => correction.kind === "grid" || correction.kind === "lean"),
  };
}

/** The whole check on one thread: measured, compared, the whole drawing's figures when anything is drawn. */
export function checkDrawing(input: CheckInput, onStep: (step: CheckStep) => void = () => {}): CheckOutcome {
  const step = measureDrawing(input, onStep);
  if ("outcome" in step) return step.outcome;
  const { measured } = step;
  return finishCheck(measured, compareCells(measured.compare), () => wholeFigures(measured));
}

/**
 * The check from each of the ways the grid may lie in the photo (find-grid.ts answers more than one
 * only when its lines fit each equally well), keeping the one whose drawing matches the template
 * in the most cells once the whole drawing's errors are taken out.
 */
export function checkEachWayUp(
  input: Omit<CheckInput, "corners">,
  found: Corners[],
  onStep: (step: CheckStep) => void = () => {},
): { outcome: CheckOutcome; corners: Corners } {
  let best: { outcome: CheckOutcome; corners: Corners; matching: number } | null = null;
  // The same template each way: what it is compared with is made once.
  const reference = referenceFor(input.template, checkMargin(input.pxPerMm), input.reference);
  for (const corners of found) {
    const outcome = checkDrawing({ ...input, corners, reference }, onStep);
    // With the whole drawing's size, turn and place taken out: a copy drawn too large still matches best the right way up.
    const matching = (outcome.localCells ?? outcome.cells).filter((cell) => cell.status === "close").length;
    if (!best || matching > best.matching) best = { outcome, corners, matching };
  }
  if (!best) throw new RangeError("No corners to check from");
  return best;
}
