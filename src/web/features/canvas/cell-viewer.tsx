import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Check, ChevronLeft, ChevronRight, RotateCcw, ScanSearch, X } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MIN_CELL_PX, cellLabel, gridDimensions, type Cell } from "../../../shared/grid/grid";
import { toneOf, type GridView } from "../../../shared/grid/grid-view";
import { viewerRegion, type PaperScene } from "../../../shared/paper-scene/paper-scene";
import { drawRegion } from "./draw-region";
import { useElementSize } from "./use-element-size";
import { closeOnEscape } from "../../components/ui/close-on-escape";
import { ToolLabel } from "./tool-label";

const SWIPE_PX = 50;

/**
 * One cell at a time, big: it fills the screen's width (or its height, if that is the smaller).
 * ← and → (and swipes) move along the row; a click shows the cell among its eight neighbours.
 * Above the cell its label, 'Check this cell' and Close; under it, within a thumb's reach, the
 * arrows either side of 'Mark done', which turns into 'Done ✓' and Undo (decision 049).
 */
export function CellViewer({
  cell,
  scene,
  image,
  view,
  doneCells,
  onToggleDone,
  onNavigate,
  onClose,
  onCheck,
  photo = null,
  hint = null,
}: {
  cell: Cell;
  scene: PaperScene;
  image: CanvasImageSource | null;
  /** Grid look and value view: the full image is toned as each cell is drawn (it is small). */
  view: GridView;
  doneCells: ReadonlySet<string>;
  onToggleDone: (label: string) => void;
  onNavigate: (cell: Cell) => void;
  onClose: () => void;
  /** 'Check this cell': a drawing check that answers for this cell first. */
  onCheck: () => void;
  /** The learner's paper from a drawing check, straightened: the same part of it is shown beside the cell. */
  photo?: { image: CanvasImageSource; pxPerMm: number; mmPerUnit: number } | null;
  /** The guided first drawing's hint for this cell (decision 076). */
  hint?: ReactNode;
}) {
  const { t } = useLingui();
  const doneStatusId = useId();
  const [context, setContext] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  // A callback ref: the dialog's content mounts a render after this component does.
  const [stageElement, setStageElement] = useState<HTMLDivElement | null>(null);
  const stage = useElementSize(stageElement);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const photoRef = useRef<HTMLCanvasElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const { columns } = gridDimensions(scene.paperWidth, scene.paperHeight, scene.gridSize);
  const hasPrevious = cell.column > 0;
  const hasNext = cell.column < columns - 1;

  // Beside the learner's photo, the two share the stage: side by side when it is wide, else one above the other.
  // Each takes its caption under it (28 px) and the two are 24 px apart: one above the other, both fit whole.
  const sideBySide = stage.width >= stage.height;
  const size = Math.max(
    MIN_CELL_PX,
    Math.floor(
      photo
        ? sideBySide
          ? Math.min(stage.width / 2 - 12, stage.height - 28)
          : Math.min(stage.width, (stage.height - 24) / 2 - 28)
        : Math.min(stage.width, stage.height),
    ),
  );
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || stage.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(size * ratio);
    canvas.height = Math.round(size * ratio);
    // The single cell shows the picture only (and the diagonals, when on); the 3×3 view the grid and the done marks too.
    drawRegion(
      canvas.getContext("2d", { willReadFrequently: view.imageMode !== "color" })!,
      image,
      scene,
      viewerRegion(cell, scene, context),
      canvas.width,
      canvas.height,
      {
        grid: context || view.diagonals,
        outline: context ? cell : null,
        view,
        tone: toneOf(view),
        done: context ? doneCells : undefined,
      },
    );
    performance.mark("cell-viewer-drawn");
  }, [cell, scene, image, context, size, stage.width, view, doneCells]);

  useEffect(() => {
    const canvas = photoRef.current;
    if (!canvas || !photo || stage.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(size * ratio);
    canvas.height = Math.round(size * ratio);
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // The same region of the paper as the cell canvas, cut from the straightened photo.
    const region = viewerRegion(cell, scene, context);
    const toPx = photo.mmPerUnit * photo.pxPerMm;
    const scale = canvas.width / region.width;
    ctx.setTransform(scale / toPx, 0, 0, scale / toPx, -region.x * scale, -region.y * scale);
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(photo.image, 0, 0);
  }, [cell, scene, photo, context, size, stage.width]);

  const name = cellLabel(cell);
  const label = t`Cell ${name}`;
  const done = doneCells.has(name);
  // Said once to screen readers when the learner marks or unmarks this cell, not on every move.
  const toggleDone = () => {
    setAnnouncement(done ? t`Cell ${name} is not done` : t`Cell ${name} is done`);
    onToggleDone(cellLabel(cell));
  };

  const go = (delta: -1 | 1) => {
    const column = cell.column + delta;
    if (column >= 0 && column < columns) onNavigate({ column, row: cell.row });
  };

  const escape = closeOnEscape(onClose);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      escape(event);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if ((event.key === "d" || event.key === "D") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      toggleDone();
    }
  };

  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(dx < 0 ? 1 : -1);
    else if (Math.hypot(dx, event.clientY - start.y) <= 5) setContext((c) => !c);
  };

  const roundButtonClass =
    "flex items-center justify-center gap-2 rounded-full font-semibold ring-1 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/70";
  const quietButtonClass = `${roundButtonClass} bg-white/15 text-white ring-white/30 hover:bg-white/25`;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-[#15110d]" />
        <DialogPrimitive.Content
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          data-full-screen
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          <div className="flex items-center gap-2 py-2 ps-4 pe-3 sm:px-6">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate font-display text-2xl font-bold">
              {label}
            </DialogPrimitive.Title>
            <button type="button" onClick={onCheck} className={`${quietButtonClass} min-h-12 shrink-0 px-4`}>
              <ScanSearch className="h-5 w-5" aria-hidden /> <ToolLabel short={t`Check`} long={t`Check this cell`} />
            </button>
            <DialogPrimitive.Close
              aria-label={t`Close cell viewer`}
              className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
            >
              <X className="h-6 w-6" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {hint && (
            <div className="mx-3 mt-1 max-w-lg rounded-xl bg-white px-4 py-2.5 text-center text-base font-semibold text-ink sm:mx-auto">
              {hint}
            </div>
          )}
          <div ref={setStageElement} className="flex min-h-0 flex-1 items-center justify-center">
            <div className={`flex items-center justify-center gap-6 ${sideBySide ? "flex-row" : "flex-col"}`}>
              <figure className="flex flex-col items-center gap-1">
                <canvas
                  ref={canvasRef}
                  data-testid="cell-canvas"
                  data-context={context ? "3x3" : "single"}
                  role="img"
                  aria-label={
                    context ? t`Cell ${name} with its neighbours, outlined in the middle` : t`Cell ${name}, enlarged`
                  }
                  className="cursor-pointer touch-pan-y select-none bg-white"
                  style={{ width: size, height: size }}
                  onPointerDown={onPointerDown}
                  onPointerUp={onPointerUp}
                />
                {photo && (
                  <figcaption className="text-sm text-white/80">
                    <Trans>Template</Trans>
                  </figcaption>
                )}
              </figure>
              {photo && (
                <figure className="flex flex-col items-center gap-1">
                  <canvas
                    ref={photoRef}
                    role="img"
                    aria-label={t`Cell ${name} on your paper`}
                    className="bg-white"
                    style={{ width: size, height: size }}
                  />
                  <figcaption className="text-sm text-white/80">
                    <Trans>Your paper</Trans>
                  </figcaption>
                </figure>
              )}
            </div>
          </div>
          {/* Previous is the cell on the left and Next the one on the right, in every language: the grid is never mirrored. */}
          <div className="mx-auto flex w-full max-w-lg items-center gap-3 px-3 pt-3 rtl:flex-row-reverse">
            {hasPrevious ? (
              <button
                type="button"
                aria-label={t`Previous cell`}
                className={`${quietButtonClass} min-h-14 w-14 shrink-0`}
                onClick={() => go(-1)}
              >
                <ChevronLeft className="h-8 w-8" aria-hidden />
              </button>
            ) : (
              <span className="w-14 shrink-0" />
            )}
            {/* 'Done ✓' and Undo wrap onto two lines where the language's words are too long for one ('Rückgängig');
                on one line 'Done ✓' takes the room left over, as 'Mark done' did. */}
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
              {done && (
                <p
                  id={doneStatusId}
                  className="flex min-h-14 flex-[100_1_auto] items-center justify-center gap-1.5 rounded-full bg-[#15803d] px-3 text-lg font-semibold"
                >
                  <Trans>Done</Trans> <span aria-hidden>✓</span>
                </p>
              )}
              <button
                type="button"
                aria-keyshortcuts="D"
                aria-describedby={done ? doneStatusId : undefined}
                title={done ? t`Undo: not done yet (D)` : t`Mark done (D)`}
                onClick={toggleDone}
                className={
                  done
                    ? `${quietButtonClass} min-h-14 flex-[1_0_auto] px-5`
                    : `${roundButtonClass} min-h-14 flex-1 bg-white px-5 text-lg text-ink ring-white hover:bg-white/90`
                }
              >
                {done ? <RotateCcw className="h-5 w-5" aria-hidden /> : <Check className="h-6 w-6" aria-hidden />}
                {done ? t`Undo` : t`Mark done`}
              </button>
            </div>
            {hasNext ? (
              <button
                type="button"
                aria-label={t`Next cell`}
                className={`${quietButtonClass} min-h-14 w-14 shrink-0`}
                onClick={() => go(1)}
              >
                <ChevronRight className="h-8 w-8" aria-hidden />
              </button>
            ) : (
              <span className="w-14 shrink-0" />
            )}
          </div>
          <p className="px-4 pb-3 pt-2 text-center text-sm text-white/70">
            <span className="sm:hidden">
              {context ? t`Tap to see just this cell` : t`Tap to see its neighbours`} · <Trans>swipe to move</Trans>
            </span>
            <span className="max-sm:hidden">
              {context ? t`Click to see just this cell` : t`Click to see its neighbours`} ·{" "}
              <Trans>← → to move along the row</Trans> · <Trans>D marks done</Trans>
            </span>
          </p>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
