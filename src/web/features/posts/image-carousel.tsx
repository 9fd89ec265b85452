import { useRef, useState, type KeyboardEvent, type TouchEvent } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { POST_THUMB_MAX_SIDE } from "../../../shared/posts";
import type { PostImage } from "../../../shared/posts/responses";

const SWIPE_PX = 40;

/** The thumbnail's width, as the server makes it: the photo fitted inside 400 px, never enlarged. */
const thumbWidth = (image: PostImage) =>
  Math.round(image.width * Math.min(1, POST_THUMB_MAX_SIDE / Math.max(image.width, image.height)));

/**
 * A post's photos, one at a time in a fixed 4:3 frame (nothing jumps while they load): previous
 * and next arrows, dots, swipes on touch screens, and the arrow keys when the frame has focus. On a
 * right-to-left page the whole carousel is mirrored: the next photo lies to the left, as the arrows,
 * the arrow keys and the swipes say.
 */
export function ImageCarousel({ images, label }: { images: PostImage[]; label: string }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const touchStart = useRef<number | null>(null);
  const count = images.length;
  const image = images[Math.min(index, count - 1)];
  if (!image) return null;
  const go = (next: number) => setIndex(Math.max(0, Math.min(count - 1, next)));
  const position = index + 1;
  // The step towards the right: the next photo, or on a right-to-left page the previous one.
  const rightwards = (element: Element) => (getComputedStyle(element).direction === "rtl" ? -1 : 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") go(index - rightwards(event.currentTarget));
    else if (event.key === "ArrowRight") go(index + rightwards(event.currentTarget));
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    // A swipe to the left brings in what lies to the right.
    const step = rightwards(event.currentTarget);
    go(end < start ? index + step : index - step);
  };

  const arrowClass =
    "absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white";
  return (
    <div
      role="region"
      aria-roledescription={t`carousel`}
      aria-label={count > 1 ? t`${label}, use the arrow keys to see the other photos` : label}
      tabIndex={count > 1 ? 0 : undefined}
      onKeyDown={count > 1 ? onKeyDown : undefined}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      className="relative overflow-hidden bg-paper-deep"
    >
      <div className="aspect-[4/3] w-full">
        <img
          key={image.imageUrl}
          src={image.imageUrl}
          srcSet={`${image.thumbUrl} ${thumbWidth(image)}w, ${image.imageUrl} ${image.width}w`}
          sizes="(min-width: 672px) 640px, 100vw"
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          alt={count > 1 ? t`${label}, photo ${position} of ${count}` : label}
          className="h-full w-full object-contain"
        />
      </div>
      {count > 1 && (
        <>
          {index > 0 && (
            <button
              type="button"
              className={`${arrowClass} start-2`}
              aria-label={t`Previous photo`}
              onClick={() => go(index - 1)}
            >
              <ChevronLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
            </button>
          )}
          {index < count - 1 && (
            <button
              type="button"
              className={`${arrowClass} end-2`}
              aria-label={t`Next photo`}
              onClick={() => go(index + 1)}
            >
              <ChevronRight className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
            </button>
          )}
          <div className="absolute inset-x-0 bottom-3 flex justify-center">
            {/* A small dark pill keeps the dots visible on white paper; each dot is a 44 px target. */}
            <div className="flex h-6 items-center rounded-full bg-ink/45 px-1.5 backdrop-blur-sm">
              {images.map((dot, i) => {
                const shown = i + 1;
                return (
                  <button
                    key={dot.imageUrl}
                    type="button"
                    aria-label={t`Show photo ${shown} of ${count}`}
                    aria-current={i === index ? "true" : undefined}
                    onClick={() => go(i)}
                    className="-my-2.5 flex h-11 w-6 items-center justify-center"
                  >
                    <span
                      className={`block h-2.5 w-2.5 rounded-full ${i === index ? "bg-white" : "bg-white/45"}`}
                      aria-hidden
                    />
                  </button>
                );
              })}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
