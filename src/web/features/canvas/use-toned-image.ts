import { useEffect, useRef, useState } from "react";
import type { Tone } from "../../../shared/grid/grid-view";

type Toned = Partial<Record<Tone, ImageBitmap>>;

/** The value views, toned ahead from the template's picture so a switch only redraws the paper. */
export const VALUE_TONES: readonly Tone[] = ["grayscale", "values3", "values5"];

/**
 * The paper's picture in `tone`, toned in a worker (the main thread stays free for dragging): the
 * tones in `ahead` as soon as the picture is in, the current one first, any other when asked.
 * Costs a display-size bitmap per tone (about 12 MB each at 2048 × 1536). `tone` in the answer
 * tells which tone the returned image is in ("color" until the asked one is ready), so the page
 * can say when a switch has landed.
 */
export function useTonedImage(
  image: ImageBitmap | null,
  tone: Tone,
  ahead: readonly Tone[],
): { image: ImageBitmap | null; tone: Tone } {
  const [toned, setToned] = useState<{ source: ImageBitmap; images: Toned } | null>(null);
  const worker = useRef<{ source: ImageBitmap; ask: (tone: Tone) => void } | null>(null);
  const wanted = useRef(tone);
  useEffect(() => {
    wanted.current = tone;
  }, [tone]);

  useEffect(() => {
    if (!image) return;
    let cancelled = false;
    const thread = new Worker(new URL("./tone-worker.ts", import.meta.url), { type: "module" });
    thread.onmessage = (event: MessageEvent<{ tone: Tone; image: ImageBitmap }>) => {
      if (cancelled) return event.data.image.close();
      setToned((current) => ({
        source: image,
        images: { ...(current?.source === image ? current.images : {}), [event.data.tone]: event.data.image },
      }));
    };
    const asked = new Set<Tone>(["color"]);
    // Copies go to the worker (transferred, then closed there); the page keeps its own.
    const ask = (next: Tone) => {
      if (asked.has(next)) return;
      asked.add(next);
      void createImageBitmap(image).then((copy) => {
        if (cancelled) return copy.close();
        thread.postMessage({ tone: next, image: copy }, [copy]);
      });
    };
    worker.current = { source: image, ask };
    ask(wanted.current);
    for (const next of ahead) ask(next);
    return () => {
      cancelled = true;
      worker.current = null;
      thread.terminate();
    };
    // `ahead` is read when a picture arrives: a new list alone does not tone the same picture again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [image]);

  useEffect(() => {
    if (worker.current?.source === image) worker.current.ask(tone);
  }, [image, tone]);

  const ready = toned && toned.source === image ? toned.images[tone] : undefined;
  if (!image || tone === "color") return { image, tone: "color" };
  if (ready) return { image: ready, tone };
  // Until the tone is ready the paper keeps the picture as it is.
  return { image, tone: "color" };
}
