import { useEffect, useState } from "react";

/** Longest side of the bitmap the paper is drawn from; the cell viewer uses the full image. */
const DISPLAY_MAX = 2048;

export interface TemplateImage {
  /** For the paper: at most 2048 px on the long side, cheap to redraw while dragging. */
  display: ImageBitmap | null;
  /** For the cell viewer: the hi-res image once it has arrived (the display image until then). */
  full: ImageBitmap | null;
  /** True once the hi-res image is in. */
  sharp: boolean;
  error: boolean;
}

async function loadBitmap(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  const res = await fetch(url, { signal, credentials: "include" });
  if (!res.ok) throw new Error(`${res.status}`);
  // Decoding happens off the main thread, so a 12-megapixel PNG does not freeze the page.
  return createImageBitmap(await res.blob());
}

async function shrink(bitmap: ImageBitmap): Promise<ImageBitmap> {
  const long = Math.max(bitmap.width, bitmap.height);
  if (long <= DISPLAY_MAX) return bitmap;
  const factor = DISPLAY_MAX / long;
  return createImageBitmap(bitmap, {
    resizeWidth: Math.round(bitmap.width * factor),
    resizeHeight: Math.round(bitmap.height * factor),
    resizeQuality: "high",
  });
}

/** Load a template: the preview first (fast), then the hi-res image that replaces it. */
const EMPTY: TemplateImage = { display: null, full: null, sharp: false, error: false };

export function useTemplateImage(previewUrl: string | undefined, hiresUrl: string | undefined): TemplateImage {
  // Kept with the URL it belongs to, so switching version never shows the other version's image.
  const [state, setState] = useState<TemplateImage & { url?: string }>(EMPTY);
  useEffect(() => {
    if (!previewUrl || !hiresUrl) return;
    const controller = new AbortController();
    let cancelled = false;
    loadBitmap(previewUrl, controller.signal)
      .then(
        (preview) =>
          !cancelled &&
          setState((s) =>
            s.url === hiresUrl && s.sharp ? s : { ...EMPTY, display: preview, full: preview, url: hiresUrl },
          ),
      )
      .catch(() => undefined);
    loadBitmap(hiresUrl, controller.signal)
      .then(async (hires) => {
        const display = await shrink(hires);
        if (!cancelled) setState({ display, full: hires, sharp: true, error: false, url: hiresUrl });
      })
      .catch(
        () =>
          !cancelled &&
          setState((s) => (s.url === hiresUrl && s.display ? s : { ...EMPTY, error: true, url: hiresUrl })),
      );
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [previewUrl, hiresUrl]);
  return state.url === hiresUrl ? state : EMPTY;
}
