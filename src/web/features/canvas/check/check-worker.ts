// The drawing check off the page's thread (decision 028): a 12 MP photo is read, straightened and
// compared here, so the screen keeps answering; the photo never leaves the device.
import { checkDrawing, type CheckProblem, type CheckStep } from "./check-drawing";
import type { CellCheck } from "./cell-check";
import type { PaperMm } from "./paper-geometry";
import type { Corners } from "./straighten";

export interface CheckRequest {
  photo: ImageBitmap;
  corners: Corners;
  paper: PaperMm;
  pxPerMm: number;
  template: ImageData;
}

export type CheckReply =
  | { kind: "step"; step: CheckStep }
  | { kind: "done"; problem: CheckProblem | null; cells: CellCheck[]; gridFound: number; straightened: ImageData }
  | { kind: "failed"; message: string };

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(message: CheckReply, transfer?: Transferable[]): void };

scope.onmessage = (event) => {
  const { photo, corners, paper, pxPerMm, template } = event.data;
  try {
    const canvas = new OffscreenCanvas(photo.width, photo.height);
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(photo, 0, 0);
    photo.close();
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const outcome = checkDrawing({ photo: pixels, corners, paper, pxPerMm, template }, (step) => scope.postMessage({ kind: "step", step }));
    const { straightened } = outcome;
    const image = new ImageData(new Uint8ClampedArray(straightened.data.buffer as ArrayBuffer, straightened.data.byteOffset, straightened.data.length), straightened.width, straightened.height);
    scope.postMessage({ kind: "done", problem: outcome.problem, cells: outcome.cells, gridFound: outcome.gridFound, straightened: image }, [image.data.buffer]);
  } catch (error) {
    scope.postMessage({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
