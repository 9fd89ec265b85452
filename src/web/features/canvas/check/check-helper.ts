// A second thread for the check (decision 079): a phone has several cores, and two stages of the
// check need nothing of what runs beside them. While the check's worker looks for the page's corner
// marks, its helper (another worker of the same script) looks for the sheet's edges on a small grey
// copy of the photo; while the worker works out the whole drawing's size, turn and proportions,
// the helper gives each cell its verdict. The two talk over a MessageChannel of their own; a helper
// that fails or is gone leaves the worker to do that part itself, with the same result.
import {
  checkDrawing,
  finishCheck,
  measureDrawing,
  wholeFigures,
  type WholeFigures,
  type CheckInput,
  type CheckOutcome,
  type CheckStep,
} from "../../../../shared/drawing-check/check-drawing";
import type { CellCheck } from "../../../../shared/drawing-check/cell-check";
import { compareCells, type CompareInput } from "../../../../shared/drawing-check/compare";
import type { RgbaImage } from "../../../../shared/drawing-check/raster";
import {
  findSheet,
  sheetIn,
  sheetSearchCopy,
  type SheetSearchCopy,
} from "../../../../shared/drawing-check/sheet-edges";
import type { Corners } from "../../../../shared/drawing-check/straighten";

type HelpRequest = { kind: "sheet"; copy: SheetSearchCopy } | { kind: "compare"; compare: CompareInput };
type HelpReply =
  { kind: "sheet"; corners: Corners | null } | { kind: "cells"; cells: CellCheck[] } | { kind: "failed" };

/** The helper's side: each request on `port` answered in turn; `onFirst` when the first comes (its warm-up stops). */
export function serveHelp(port: MessagePort, onFirst: () => void) {
  port.onmessage = (event: MessageEvent<HelpRequest>) => {
    onFirst();
    const request = event.data;
    try {
      port.postMessage(
        request.kind === "sheet"
          ? ({ kind: "sheet", corners: sheetIn(request.copy) } satisfies HelpReply)
          : ({ kind: "cells", cells: compareCells(request.compare) } satisfies HelpReply),
      );
    } catch {
      port.postMessage({ kind: "failed" } satisfies HelpReply);
    }
  };
}

/** The worker's side: asks the helper on `port`, whose answers come in the order asked. */
export class Helper {
  private readonly waiting: ((reply: HelpReply) => void)[] = [];
  private gone = false;

  constructor(private readonly port: MessagePort) {
    port.onmessage = (event: MessageEvent<HelpReply>) => this.waiting.shift()?.(event.data);
  }

  /** The helper's worker stopped: what was asked is answered "failed", and nothing more is asked. */
  lost() {
    this.gone = true;
    for (const answer of this.waiting.splice(0)) answer({ kind: "failed" });
  }

  private ask(request: HelpRequest, transfer: Transferable[] = []): Promise<HelpReply> {
    if (this.gone) return Promise.resolve({ kind: "failed" });
    return new Promise((resolve) => {
      this.port.postMessage(request, transfer);
      this.waiting.push(resolve);
    });
  }

  /** findSheet(photo), its search on the helper's thread: call it, do other work, then await it. */
  sheet(photo: RgbaImage): () => Promise<Corners | null> {
    const copy = sheetSearchCopy(photo);
    const asked = this.ask({ kind: "sheet", copy }, [copy.small.data.buffer]);
    return async () => {
      const reply = await asked;
      return reply.kind === "sheet" ? reply.corners : findSheet(photo);
    };
  }

  /** checkDrawing(input), the cells compared on the helper's thread while the whole drawing is measured on this one. */
  async check(input: CheckInput, onStep: (step: CheckStep) => void): Promise<CheckOutcome> {
    const step = measureDrawing(input, onStep);
    if ("outcome" in step) return step.outcome;
    const { measured } = step;
    // Copied, not handed over: this thread goes on reading the same rasters.
    const asked = this.ask({ kind: "compare", compare: measured.compare });
    // Worked out before knowing whether anything is drawn: a blank page's are dropped, and what
    // went wrong working them out counts only where the check on one thread would have asked.
    let figures: { made: WholeFigures } | { failed: unknown } | null = null;
    if (!measured.input.cellsAlone) {
      try {
        figures = { made: wholeFigures(measured) };
      } catch (failed) {
        figures = { failed };
      }
    }
    const reply = await asked;
    const cells = reply.kind === "cells" ? reply.cells : compareCells(measured.compare);
    return finishCheck(measured, cells, () => {
      if (!figures) return wholeFigures(measured);
      if ("failed" in figures) throw figures.failed;
      return figures.made;
    });
  }
}

/** The check on one thread, or beside `helper` when there is one: the same outcome either way. */
export const checkBeside = (helper: Helper | null, input: CheckInput, onStep: (step: CheckStep) => void) =>
  helper ? helper.check(input, onStep) : Promise.resolve(checkDrawing(input, onStep));
