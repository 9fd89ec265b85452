import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import {
  DRAG_THRESHOLD_PX,
  MIN_CELL_PX,
  cellAt,
  clampZoom,
  columnLabel,
  gridDimensions,
  type Cell,
} from "../../../shared/grid/grid";
import type { GridView, ImageMode } from "../../../shared/grid/grid-view";
import type { PaperScene } from "../../../shared/paper-scene/paper-scene";
import { drawRegion } from "./draw-region";
import { useElementSize } from "./use-element-size";

const COLUMN_LABEL_HEIGHT = 28;
const PAD = 12;

/** Row labels get between 32 and 48 px, by how many digits the last row number has. */
const rowLabelWidth = (rows: number) => Math.min(48, Math.max(32, 14 + String(rows).length * 9));

/** Pixels a paper unit when the paper and its labels fit a box, never with cells under 15 px. */
function paperScale(box: { width: number; height: number }, scene: PaperScene): number {
  const { rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  const fit = Math.min(
    (box.width - rowLabelWidth(rows) - PAD * 2) / scene.paperWidth,
    (box.height - COLUMN_LABEL_HEIGHT - PAD * 2) / scene.paperHeight,
  );
  return Math.max(fit, MIN_CELL_PX / scene.gridSize, 0);
}

/** The height the paper and its labels take when they fill this width (a phone gives it no more). */
export function paperHeightAt(width: number, scene: PaperScene): number {
  return Math.ceil(scene.paperHeight * paperScale({ width, height: Infinity }, scene)) + COLUMN_LABEL_HEIGHT + PAD * 2;
}

interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  startX: number;
  startY: number;
  startOffset: { x: number; y: number };
  startZoom: number;
  startDistance: number;
  moved: boolean;
  pinched: boolean;
}

/**
 * The paper with the image under the grid, fitted to the space it has (never with cells under
 * 15 px). Drag moves the image, two fingers pinch to zoom, a click or tap opens a cell.
 */
export function PaperCanvas({
  scene,
  image,
  quality,
  imageMode,
  view,
  done,
  onMove,
  onZoom,
  onOpenCell,
}: {
  scene: PaperScene;
  image: CanvasImageSource | null;
  /** "hires" once the full image is in; tests and the benchmark wait for it. */
  quality: "preview" | "hires";
  /** The view the image is already toned in (the page toned it once, not per frame). */
  imageMode: ImageMode;
  view: GridView;
  done: ReadonlySet<string>;
  onMove: (offsetX: number, offsetY: number) => void;
  onZoom: (zoom: number) => void;
  onOpenCell: (cell: Cell) => void;
}) {
  const { t } = useLingui();
  const [boxElement, setBoxElement] = useState<HTMLDivElement | null>(null);
  const box = useElementSize(boxElement);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const gesture = useRef<Gesture | null>(null);
  // While a gesture runs, the scene lives here and is drawn each frame; React state catches up at the end.
  const live = useRef(scene);
  const frame = useRef(0);

  const { columns, rows } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  const labelWidth = rowLabelWidth(rows);
  // Never shrink a cell under 15 px: past that the paper grows and the area scrolls.
  const scale = paperScale(box, scene);
  const paperPx = { width: Math.floor(scene.paperWidth * scale), height: Math.floor(scene.paperHeight * scale) };
  const cellPx = scene.gridSize * scale;
  const ready = box.width > 0 && paperPx.width > 0;

  const draw = (current: PaperScene, moving = false) => {
    const canvas = canvasRef.current;
    if (!canvas || !ready) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(paperPx.width * ratio);
    const height = Math.round(paperPx.height * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    drawRegion(
      canvas.getContext("2d")!,
      image,
      current,
      { x: 0, y: 0, width: current.paperWidth, height: current.paperHeight },
      width,
      height,
      { grid: true, view, done, moving },
    );
  };

  const drawnMode = useRef(imageMode);
  useEffect(() => {
    if (!gesture.current) live.current = scene;
    draw(live.current);
    if (drawnMode.current !== imageMode) {
      drawnMode.current = imageMode;
      // Timed by `npm run bench` (value view switch to drawn paper).
      performance.mark("value-view-drawn");
    }
  });

  const schedule = () => {
    cancelAnimationFrame(frame.current);
    // Mid-gesture: the quick scaling, so a frame fits in a frame; the state the gesture ends in
    // is drawn again at full quality by the effect above.
    frame.current = requestAnimationFrame(() => draw(live.current, true));
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current ??= {
      pointers: new Map(),
      startX: event.clientX,
      startY: event.clientY,
      startOffset: { x: scene.offsetX, y: scene.offsetY },
      startZoom: scene.zoom,
      startDistance: 0,
      moved: false,
      pinched: false,
    };
    const g = gesture.current;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()];
      Object.assign(g, {
        startDistance: Math.hypot(a!.x - b!.x, a!.y - b!.y),
        startZoom: live.current.zoom,
        pinched: true,
      });
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const g = gesture.current;
    if (!g || !g.pointers.has(event.pointerId)) return;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      if (g.startDistance > 0)
        live.current = { ...live.current, zoom: clampZoom(g.startZoom * (distance / g.startDistance)) };
      schedule();
      return;
    }
    const dx = event.clientX - g.startX;
    const dy = event.clientY - g.startY;
    if (!g.moved && Math.hypot(dx, dy) > DRAG_THRESHOLD_PX) g.moved = true;
    if (g.moved && !g.pinched) {
      live.current = { ...live.current, offsetX: g.startOffset.x + dx / scale, offsetY: g.startOffset.y + dy / scale };
      schedule();
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const g = gesture.current;
    if (!g) return;
    g.pointers.delete(event.pointerId);
    if (g.pointers.size > 0) return;
    gesture.current = null;
    if (g.pinched) {
      onZoom(Math.round(live.current.zoom * 10) / 10);
    } else if (g.moved) {
      onMove(live.current.offsetX, live.current.offsetY);
    } else if (event.type === "pointerup") {
      // A click or tap that did not travel: open the cell under it.
      const rect = event.currentTarget.getBoundingClientRect();
      const cell = cellAt(
        (event.clientX - rect.left) / scale,
        (event.clientY - rect.top) / scale,
        scene.paperWidth,
        scene.paperHeight,
        scene.gridSize,
      );
      if (cell) {
        // Timed by `npm run bench` (click to drawn cell) and visible in any performance trace.
        performance.mark("cell-viewer-requested");
        onOpenCell(cell);
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = scene.gridSize / 4;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onMove(scene.offsetX + move[0], scene.offsetY + move[1]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpenCell({ column: 0, row: 0 });
    }
  };

  const labelFont = Math.max(9, Math.min(13, cellPx * 0.55));
  const doneCount = done.size;
  const paperLabel =
    doneCount > 0
      ? t({
          message: plural(doneCount, {
            one: `Paper with the dragon under a ${columns} by ${rows} grid, # cell marked done. Click a square to open it in the cell viewer. Arrow keys move the image; Enter opens cell A1.`,
            other: `Paper with the dragon under a ${columns} by ${rows} grid, # cells marked done. Click a square to open it in the cell viewer. Arrow keys move the image; Enter opens cell A1.`,
          }),
        })
      : t`Paper with the dragon under a ${columns} by ${rows} grid. Click a square to open it in the cell viewer. Arrow keys move the image; Enter opens cell A1.`;
  return (
    // Left to right in every language (decision 056): column A is on the left, the row numbers beside it, as on the printed page.
    <div ref={setBoxElement} dir="ltr" className="relative h-full w-full overflow-auto">
      {ready && (
        <div
          className="mx-auto grid w-fit"
          style={{
            gridTemplateColumns: `${labelWidth}px ${paperPx.width}px`,
            gridTemplateRows: `${COLUMN_LABEL_HEIGHT}px ${paperPx.height}px`,
            padding: PAD,
          }}
        >
          <span />
          <div className="relative" aria-hidden>
            {Array.from({ length: columns }, (_, c) => (
              <span
                key={c}
                className="absolute top-1 text-center font-semibold text-ink-soft"
                style={{ left: c * cellPx, width: Math.min(cellPx, paperPx.width - c * cellPx), fontSize: labelFont }}
              >
                {columnLabel(c)}
              </span>
            ))}
          </div>
          <div className="relative" aria-hidden>
            {Array.from({ length: rows }, (_, r) => (
              <span
                key={r}
                className="absolute right-2 flex items-center font-semibold text-ink-soft"
                style={{ top: r * cellPx, height: Math.min(cellPx, paperPx.height - r * cellPx), fontSize: labelFont }}
              >
                {r + 1}
              </span>
            ))}
          </div>
          <canvas
            ref={canvasRef}
            data-testid="paper"
            data-image={quality}
            data-view={imageMode}
            tabIndex={0}
            role="application"
            aria-roledescription={t`drawing paper`}
            aria-label={paperLabel}
            className="cursor-grab touch-none rounded-sm bg-white shadow-[0_1px_3px_rgba(43,33,24,0.18),0_8px_24px_rgba(43,33,24,0.08)] active:cursor-grabbing"
            style={{ width: paperPx.width, height: paperPx.height }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          />
        </div>
      )}
    </div>
  );
}
