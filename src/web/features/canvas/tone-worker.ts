// Tones the paper's picture off the main thread (decision 013): a 2048 px image is 3 megapixels, too
// much work for one frame, and a learner may be dragging while it happens.
import type { Tone } from "../../../shared/grid/grid-view";
import { tonePixels } from "../../../shared/tones/tone-pixels";

interface ToneRequest {
  tone: Tone;
  image: ImageBitmap;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToneRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { tone, image } = event.data;
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.drawImage(image, 0, 0);
  image.close();
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  tonePixels(pixels.data, tone);
  ctx.putImageData(pixels, 0, 0);
  const toned = canvas.transferToImageBitmap();
  scope.postMessage({ tone, image: toned }, [toned]);
};
