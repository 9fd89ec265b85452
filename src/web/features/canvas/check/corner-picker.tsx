import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Corners, Point } from "../../../../shared/drawing-check/straighten";
import { useElementSize } from "../use-element-size";

// The photo's own corners, in the order of the handles: top-left is on the left in every language.
const NAMES = [
  msg`Top-left corner of the grid`,
  msg`Top-right corner of the grid`,
  msg`Bottom-right corner of the grid`,
  msg`Bottom-left corner of the grid`,
] as const;
const MAGNIFIER_PX = 148;
const MAGNIFY = 4;

/**
 * Four handles the learner drags (or moves with the arrow keys, Shift for bigger steps) onto the
 * outer corners of their grid in the photo; while one moves, a magnifier shows what is under it,
 * away from the finger.
 */
export function CornerPicker({
  photo,
  corners,
  onChange,
}: {
  photo: ImageBitmap;
  corners: Corners;
  onChange: (corners: Corners) => void;
}) {
  const { t, i18n } = useLingui();
  const [stageElement, setStageElement] = useState<HTMLDivElement | null>(null);
  const stage = useElementSize(stageElement);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const magnifierRef = useRef<HTMLCanvasElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const dragging = useRef<number | null>(null);

  const scale = stage.width > 0 ? Math.min(stage.width / photo.width, stage.height / photo.height) : 0;
  const shown = { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
  // Never more than 45 % of the photo's shorter side: a wide photo on a phone stays visible around it.
  const magnifier = Math.round(Math.min(MAGNIFIER_PX, 0.45 * Math.min(shown.width, shown.height)));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || scale === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(shown.width * ratio));
    canvas.height = Math.max(1, Math.round(shown.height * ratio));
    const ctx = canvas.getContext("2d")!;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(photo, 0, 0, canvas.width, canvas.height);
  }, [photo, scale, shown.width, shown.height]);

  useEffect(() => {
    const canvas = magnifierRef.current;
    if (!canvas || active === null || scale === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = canvas.height = Math.round(magnifier * ratio);
    const ctx = canvas.getContext("2d")!;
    const span = magnifier / (scale * MAGNIFY);
    const corner = corners[active]!;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(photo, corner.x - span / 2, corner.y - span / 2, span, span, 0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = "#c2410c";
    ctx.lineWidth = 2 * ratio;
    const middle = canvas.width / 2;
    ctx.beginPath();
    ctx.moveTo(middle, 0);
    ctx.lineTo(middle, canvas.height);
    ctx.moveTo(0, middle);
    ctx.lineTo(canvas.width, middle);
    ctx.stroke();
  }, [active, corners, photo, scale, magnifier]);

  const move = (index: number, point: Point) => {
    const next = corners.map((corner, i) =>
      i === index
        ? { x: Math.min(photo.width, Math.max(0, point.x)), y: Math.min(photo.height, Math.max(0, point.y)) }
        : corner,
    ) as Corners;
    onChange(next);
  };

  const pointFromEvent = (event: PointerEvent) => {
    const box = wrapperRef.current!.getBoundingClientRect();
    return { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
  };

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = index;
    setActive(index);
  };
  const onPointerMove = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (dragging.current === index) move(index, pointFromEvent(event));
  };
  const onPointerUp = () => {
    dragging.current = null;
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    const step = (event.shiftKey ? 10 : 1) / scale;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      event.key
    ];
    if (!delta) return;
    event.preventDefault();
    const corner = corners[index]!;
    move(index, { x: corner.x + delta[0]!, y: corner.y + delta[1]! });
  };

  // The magnifier sits in the top corner away from the handle being moved.
  const magnifierLeft = active !== null && corners[active]!.x * scale < shown.width / 2;
  return (
    <div ref={setStageElement} className="relative flex min-h-0 flex-1 items-center justify-center">
      {scale > 0 && (
        <div ref={wrapperRef} className="relative" style={{ width: shown.width, height: shown.height }}>
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={t`Your photo`}
            className="block"
            style={{ width: shown.width, height: shown.height }}
          />
          <svg className="pointer-events-none absolute inset-0" width={shown.width} height={shown.height} aria-hidden>
            <polygon
              points={corners.map((c) => `${c.x * scale},${c.y * scale}`).join(" ")}
              fill="rgba(194, 65, 12, 0.08)"
              stroke="#c2410c"
              strokeWidth={2}
              strokeDasharray="6 4"
            />
          </svg>
          {corners.map((corner, index) => (
            <button
              key={index}
              type="button"
              aria-label={i18n._(NAMES[index]!)}
              aria-describedby="corner-keys"
              data-corner={index}
              className="absolute flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full bg-white/30 ring-2 ring-accent focus-visible:ring-4"
              style={{ left: corner.x * scale, top: corner.y * scale }}
              onPointerDown={onPointerDown(index)}
              onPointerMove={onPointerMove(index)}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onFocus={() => setActive(index)}
              onBlur={() => setActive((current) => (current === index && dragging.current === null ? null : current))}
              onKeyDown={onKeyDown(index)}
            >
              <span className="h-2 w-2 rounded-full bg-accent" aria-hidden />
            </button>
          ))}
          {active !== null && (
            <canvas
              ref={magnifierRef}
              aria-hidden
              className={`pointer-events-none absolute top-2 rounded-full border-4 border-white shadow-lg ${magnifierLeft ? "right-2" : "left-2"}`}
              style={{ width: magnifier, height: magnifier }}
            />
          )}
        </div>
      )}
      <p id="corner-keys" className="sr-only">
        <Trans>Drag it onto the corner, or move it with the arrow keys; hold Shift for bigger steps.</Trans>
      </p>
    </div>
  );
}
