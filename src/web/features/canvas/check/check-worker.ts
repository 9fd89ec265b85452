// The drawing check off the page's thread (decision 028): a 12 MP photo is read, its grid found
// (when no corners were placed by hand: the printed page's corner marks first, then the grid's own
// lines, decision 062), straightened and compared here, so the screen keeps answering; the photo
// never leaves the device.
import {
  checkEachWayUp,
  checkMargin,
  tooDark,
  type CheckOutcome,
  type CheckProblem,
  type CheckStep,
} from "../../../../shared/drawing-check/check-drawing";
import type { CellCheck } from "../../../../shared/drawing-check/cell-check";
import type { Correction } from "../../../../shared/drawing-check/corrections";
import type { KeptCell, KeptWhole } from "../../../../shared/drawing-check/kept-checks";
import { checkPractice } from "../../../../shared/drawing-check/practice-check";
import type { PracticeLayout } from "../../../../shared/drawing-check/practice-sheet";
import { findGrid } from "../../../../shared/drawing-check/find-grid";
import { findMarks } from "../../../../shared/drawing-check/find-marks";
import { findSheet } from "../../../../shared/drawing-check/sheet-edges";
import type { MarkPlacement } from "../../../../shared/drawing-check/mark-layout";
import type { AreaMm, PaperMm } from "../../../../shared/drawing-check/paper-geometry";
import { toGrey, type RgbaImage } from "../../../../shared/drawing-check/raster";
import type { Corners } from "../../../../shared/drawing-check/straighten";
import { templateReference, type TemplateReference } from "../../../../shared/drawing-check/reference";
import { warmUpStages } from "../../../../shared/drawing-check/warm-up";
import { checkBeside, Helper, serveHelp } from "./check-helper";

/**
 * Sent when the check's screen opens, before the learner has a photo (decision 071): what the
 * photo will be compared with is made, and a check runs once on a page made here, so the photo's
 * check finds its code compiled and optimised.
 */
export interface PrepareRequest {
  kind: "prepare";
  template: ImageData;
  paper: PaperMm;
  pxPerMm: number;
  marks: Record<MarkPlacement, readonly number[]>;
  /**
   * A second worker of this script that helps the check (check-helper.ts): the check's worker
   * "asks" on the port, the helper "serves" on the other end; null to work alone.
   */
  helper: { port: MessagePort; role: "ask" | "serve" } | null;
}

/** The helper's worker stopped (the page saw it fail): the check does its part itself. */
export interface HelperGone {
  kind: "helper-gone";
}

export interface CheckRequest {
  kind: "check";
  /** Sent without a copy, and given back (a "photo" reply) as soon as its pixels are read. */
  photo: ImageBitmap;
  /** Placed by hand; null to find them (the printed page's corner marks, else the grid's lines). */
  corners: Corners | null;
  /** The marks this dragon, paper and grid print, outside or inside the grid (mark-layout.ts). */
  marks: Record<MarkPlacement, readonly number[]>;
  /** Where the sheets of a paper printed on several join, in mm from the grid's corner: left out (joins.ts). */
  joins: AreaMm[];
  paper: PaperMm;
  pxPerMm: number;
  /** Null when a prepare request for the same template came first: its copy is used. */
  template: ImageData | null;
  /** The practice sheets this learner may have printed for this dragon and paper (practice-sheet.ts), and their marks. */
  practice: { layout: PracticeLayout; ids: readonly number[] }[];
}

export type CheckReply =
  /** A prepare request done (timed by `npm run bench`). */
  | { kind: "prepared" }
  | { kind: "step"; step: CheckStep | "finding-marks" | "finding-lines" }
  /** The request's photo given back, read (whatever the check then finds), for the screen to show again. */
  | { kind: "photo"; photo: ImageBitmap }
  /** Neither corner marks of ours nor the grid's lines in the photo. */
  | { kind: "not-found" }
  /** Nothing found, in a photo too dark to find anything in. */
  | { kind: "too-dark" }
  /** Marks of a page printed for another dragon, paper or grid. */
  | { kind: "other-page" }
  | {
      kind: "done";
      problem: CheckProblem | null;
      corners: Corners;
      cells: CellCheck[];
      gridFound: number;
      straightened: ImageData;
      /** The whole drawing's figures as a check keeps them, what to fix first, and the cells with those taken out. */
      whole: KeptWhole | null;
      corrections: Correction[];
      localCells: CellCheck[] | null;
      evenGrid: boolean;
    }
  /** A photo of practice sheet number `sheet` of the request's, scored cell by cell. */
  | {
      kind: "practice";
      sheet: number;
      problem: CheckProblem | null;
      corners: Corners;
      cells: KeptCell[];
      straightened: ImageData;
    }
  | { kind: "failed"; message: string };

/** The straightened raster as ImageData over the same memory, to hand to the page. */
const imageData = (image: RgbaImage) =>
  new ImageData(
    new Uint8ClampedArray(image.data.buffer as ArrayBuffer, image.data.byteOffset, image.data.length),
    image.width,
    image.height,
  );

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PrepareRequest | CheckRequest | HelperGone>) => void) | null;
  postMessage(message: CheckReply, transfer?: Transferable[]): void;
};

/**
 * The pixels of a canvas (or an ImageData sent here) copied into an array made by this worker's
 * script. Chromium's own arrays behind ImageData are read by the check's code about 2.5 times
 * slower (the corner marks of a 12 MP photo: 0.27 s against 0.1 s), and the warm-up has optimised
 * that code for arrays like the copy; the copy takes a few tens of milliseconds.
 */
const ownPixels = ({ width, height, data }: ImageData): RgbaImage => ({
  width,
  height,
  data: new Uint8ClampedArray(data),
});

/**
 * The photo's pixels, in an array of this worker's. Copied straight out as RGBA through a
 * VideoFrame where the browser can (about half the time of drawing it on a canvas and reading that
 * back); else through a canvas, let go at once (12 MP is 48 MB).
 */
async function photoPixels(photo: ImageBitmap): Promise<RgbaImage> {
  const { width, height } = photo;
  try {
    const frame = new VideoFrame(photo, { timestamp: 0 });
    try {
      const data = new Uint8ClampedArray(width * height * 4);
      const [plane] = await frame.copyTo(data, { format: "RGBA" } as VideoFrameCopyToOptions);
      if (plane?.offset === 0 && plane.stride === width * 4) return { width, height, data };
    } finally {
      frame.close();
    }
  } catch {
    // No VideoFrame, or none that converts to RGBA: the canvas below.
  }
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.drawImage(photo, 0, 0);
  const pixels = ownPixels(ctx.getImageData(0, 0, width, height));
  canvas.width = canvas.height = 0;
  return pixels;
}

/** Made by a prepare request, for the same template, paper and scale as the check that follows it. */
let prepared: { template: RgbaImage; reference: TemplateReference } | null = null;
/** Set when the photo's check starts (or, in a helper, its first request): a warm-up still running stops at its next stage. */
let checking = false;
/** The check's helper on another thread, when the page started one. */
let helper: Helper | null = null;

/** A macrotask's pause, in which a check that came is run. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function prepare({ template: sent, paper, pxPerMm, marks }: PrepareRequest) {
  const template = ownPixels(sent);
  prepared = { template, reference: templateReference(template, checkMargin(pxPerMm)) };
  for (const stage of warmUpStages({ template, paper, pxPerMm, marks })) {
    await pause();
    if (checking) return;
    stage();
  }
}

scope.onmessage = async (event) => {
  if (event.data.kind === "helper-gone") return helper?.lost();
  if (event.data.kind === "prepare") {
    const link = event.data.helper;
    if (link?.role === "serve") serveHelp(link.port, () => (checking = true));
    else if (link) helper = new Helper(link.port);
    // A warm-up that fails leaves the check to run cold: it says nothing.
    void prepare(event.data)
      .catch(() => {})
      .finally(() => scope.postMessage({ kind: "prepared" }));
    return;
  }
  checking = true;
  const { photo, marks, paper, pxPerMm } = event.data;
  try {
    // The page shows the photo again if the check asks for corners: it is given back, not copied.
    const pixels = await photoPixels(photo).finally(() => scope.postMessage({ kind: "photo", photo }, [photo]));
    const template = event.data.template ? ownPixels(event.data.template) : prepared?.template;
    if (!template) throw new Error("No template to compare the photo with");
    const onStep = (step: CheckStep) => scope.postMessage({ kind: "step", step });
    const input = { photo: pixels, paper, pxPerMm, template, reference: prepared?.reference };
    // The grid page's check leaves out where a poster's sheets join; a practice sheet is one sheet.
    const page = { ...input, covered: event.data.joins };
    let checked: { outcome: CheckOutcome; corners: Corners };
    if (event.data.corners) {
      checked = {
        outcome: await checkBeside(helper, { ...page, corners: event.data.corners }, onStep),
        corners: event.data.corners,
      };
    } else {
      scope.postMessage({ kind: "step", step: "finding-marks" });
      const { practice } = event.data;
      const sheets = practice.map(({ layout, ids }) => ({ grid: layout.grid, ids }));
      // The sheet's own edges tell whether a grid found in the photo is square (grid-check.ts):
      // looked for beside the marks when there is a helper.
      const sheetFound = helper?.sheet(pixels) ?? (() => Promise.resolve(findSheet(pixels)));
      const found = findMarks(pixels, paper, marks, sheets);
      if (found.found === "other-page") return scope.postMessage({ kind: "other-page" });
      if (found.found === "ours" && found.sheet !== null) {
        const { layout } = practice[found.sheet]!;
        const scored = checkPractice({ ...input, corners: found.corners, layout }, onStep);
        const image = imageData(scored.straightened);
        return scope.postMessage(
          {
            kind: "practice",
            sheet: found.sheet,
            problem: scored.problem,
            corners: found.corners,
            cells: scored.cells,
            straightened: image,
          },
          [image.data.buffer],
        );
      }
      const sheet = await sheetFound();
      if (found.found === "ours") {
        const outcome = await checkBeside(
          helper,
          { ...page, corners: found.corners, marks: found.placement, sheet },
          onStep,
        );
        checked = { outcome, corners: found.corners };
      } else {
        scope.postMessage({ kind: "step", step: "finding-lines" });
        const ways = findGrid(pixels, paper);
        // A photo too dark to find anything in is said to be too dark, not to have no grid.
        if (!ways.length) return scope.postMessage({ kind: tooDark(toGrey(pixels)) ? "too-dark" : "not-found" });
        checked = checkEachWayUp({ ...page, sheet }, ways, onStep);
      }
    }
    const { outcome, corners } = checked;
    const { straightened } = outcome;
    const image = imageData(straightened);
    scope.postMessage(
      {
        kind: "done",
        problem: outcome.problem,
        corners,
        cells: outcome.cells,
        gridFound: outcome.gridFound,
        whole: outcome.kept,
        corrections: outcome.corrections,
        localCells: outcome.localCells,
        evenGrid: outcome.evenGrid,
        straightened: image,
      },
      [image.data.buffer],
    );
  } catch (error) {
    scope.postMessage({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
