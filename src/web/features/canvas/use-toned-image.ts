import { useEffect, useState } from "react";
import type { ImageMode } from "../../../shared/grid-view";
import { toneCanvas } from "./draw-region";

/**
 * The paper's picture in a value view: toned once per mode (a few tens of ms for the 2048 px
 * display image), so dragging redraws a ready bitmap and never re-tones. `mode` tells which view
 * the returned image is in, so the page can say when a switch has landed.
 */
export function useTonedImage(image: ImageBitmap | null, mode: ImageMode): { image: ImageBitmap | null; mode: ImageMode } {
  const [toned, setToned] = useState<{ source: ImageBitmap; mode: ImageMode; image: ImageBitmap } | null>(null);
  useEffect(() => {
    if (!image || mode === "color") return;
    let cancelled = false;
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(image, 0, 0);
    toneCanvas(ctx, mode, 0, 0, canvas.width, canvas.height);
    void createImageBitmap(canvas).then((bitmap) => {
      if (cancelled) bitmap.close();
      else setToned({ source: image, mode, image: bitmap });
    });
    return () => {
      cancelled = true;
    };
  }, [image, mode]);
  if (!image || mode === "color") return { image, mode: "color" };
  // Until the new view is ready the paper keeps the previous picture (no flash of colour).
  if (toned && toned.source === image) return { image: toned.image, mode: toned.mode };
  return { image, mode: "color" };
}
