// Tones the paper's picture off the main thread (decision 013): a 2048 px image is 3 megapixels, too
// much work for one frame, and a learner may be dragging while it happens.
import type { ImageMode } from "../../../shared/grid/grid-view";
import { tonePixels } from "../../../shared/tones/tone-pixels";

interface ToneRequest {
  id: number;
  image: ImageBitmap;
  mode: ImageMode;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToneRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, image, mode } = event.data;
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.drawImage(image, 0, 0);
  image.close();
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  tonePixels(pixels.data, mode);
  ctx.putImageData(pixels, 0, 0);
  const toned = canvas.transferToImageBitmap();
  scope.postMessage({ id, image: toned }, [toned]);
};
