import { useEffect, useRef, useState } from "react";
import { IMAGE_MODES, type ImageMode } from "../../../shared/grid/grid-view";

type Toned = Partial<Record<ImageMode, ImageBitmap>>;

/**
 * The paper's picture in each value view, toned in a worker (the main thread stays free for
 * dragging) as soon as the picture is in, the current view first, so a later switch only redraws
 * the paper. Costs three more display-size bitmaps (about 12 MB each at 2048 × 1536). `mode`
 * tells which view the returned image is in, so the page can say when a switch has landed.
 */
export function useTonedImage(
  image: ImageBitmap | null,
  mode: ImageMode,
): { image: ImageBitmap | null; mode: ImageMode } {
  const [toned, setToned] = useState<{ source: ImageBitmap; images: Toned } | null>(null);
  const wanted = useRef(mode);
  useEffect(() => {
    wanted.current = mode;
  }, [mode]);

  useEffect(() => {
    if (!image) return;
    let cancelled = false;
    const worker = new Worker(new URL("./tone-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<{ id: number; image: ImageBitmap }>) => {
      const done = IMAGE_MODES[event.data.id]!;
      if (cancelled) return event.data.image.close();
      setToned((current) => ({
        source: image,
        images: { ...(current?.source === image ? current.images : {}), [done]: event.data.image },
      }));
    };
    const order = IMAGE_MODES.filter((m) => m !== "color").sort(
      (a, b) => Number(b === wanted.current) - Number(a === wanted.current),
    );
    // Copies go to the worker (transferred, then closed there); the page keeps its own.
    void (async () => {
      for (const m of order) {
        const copy = await createImageBitmap(image);
        if (cancelled) return copy.close();
        worker.postMessage({ id: IMAGE_MODES.indexOf(m), image: copy, mode: m }, [copy]);
      }
    })();
    return () => {
      cancelled = true;
      worker.terminate();
    };
  }, [image]);

  const ready = toned && toned.source === image ? toned.images[mode] : undefined;
  if (!image || mode === "color") return { image, mode: "color" };
  if (ready) return { image: ready, mode };
  // Until the view is ready the paper keeps the colour picture.
  return { image, mode: "color" };
}
