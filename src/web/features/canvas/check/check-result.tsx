import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../../components/ui/button";
import type { CellCheck } from "../../../../shared/drawing-check/cell-check";
import { STATUS_LOOK, STATUS_ORDER } from "./status-look";
import { describeCell } from "../../../../shared/drawing-check/words";
import { describeCorrection, type Correction } from "../../../../shared/drawing-check/corrections";
import type { TranslateMessage } from "../../../../shared/i18n/translate";
import { columnLabel } from "../../../../shared/grid/grid";
import type { CellBlock } from "../../../../shared/drawing-check/proportion";
import type { PaperMm } from "../../../../shared/drawing-check/paper-geometry";
import { partSquares, type Pointer } from "../../../../shared/drawing-check/pointers";

const FLICKER_MS = 600;
const WORST_SHOWN = 8;

/**
 * The straightened photo with the template over it: an opacity slider, and a flicker that swaps
 * them. Each correction of 'What to fix first' points at its place on it, under its number.
 */
export function PhotoOverlay({
  photo,
  template,
  paper,
  pointers,
}: {
  photo: ImageBitmap;
  template: HTMLCanvasElement;
  paper: PaperMm;
  pointers: (Pointer | null)[];
}) {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [opacity, setOpacity] = useState(0.5);
  const [flicker, setFlicker] = useState(false);
  const [shownTemplate, setShownTemplate] = useState(true);

  useEffect(() => {
    if (!flicker) return;
    const timer = window.setInterval(() => setShownTemplate((shown) => !shown), FLICKER_MS);
    return () => window.clearInterval(timer);
  }, [flicker]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.width = photo.width;
    canvas.height = photo.height;
    const ctx = canvas.getContext("2d")!;
    ctx.globalAlpha = 1;
    ctx.drawImage(photo, 0, 0);
    // Flicker shows the template fully, then the photo alone, so a difference jumps out.
    const alpha = flicker ? (shownTemplate ? 1 : 0) : opacity;
    if (alpha > 0) {
      ctx.globalAlpha = alpha;
      ctx.drawImage(template, 0, 0, photo.width, photo.height);
    }
  }, [photo, template, opacity, flicker, shownTemplate]);

  return (
    <figure className="flex flex-col gap-3">
      {/* The photo is the paper as it lies: its places are left and right in every language. */}
      <div dir="ltr" className="relative">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t`Your paper, straightened, with the template over it`}
          className="block h-auto w-full rounded-xl border border-line bg-white"
        />
        <CorrectionPointers paper={paper} pointers={pointers} />
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-ink-soft">
        <label className="flex min-h-11 flex-1 items-center gap-3">
          <span className="shrink-0 font-semibold text-ink">
            <Trans>Template</Trans>
          </span>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={opacity}
            disabled={flicker}
            onChange={(e) => setOpacity(Number(e.target.value))}
            className="w-full accent-[#c2410c]"
            aria-label={t`Template opacity`}
          />
        </label>
        <Button variant="secondary" aria-pressed={flicker} onClick={() => setFlicker((f) => !f)}>
          {flicker ? t`Stop flicker` : t`Flicker`}
        </Button>
      </figcaption>
    </figure>
  );
}

/** A share of the paper's width or height as a CSS position, kept inside so a number is never cut off. */
const inside = (mm: number, of: number) => `${Math.min(96, Math.max(4, (mm / of) * 100))}%`;

/**
 * The corrections' places over the photo: a dashed box round a part or the whole drawing, a solid
 * line on the grid line to redraw, and the correction's number. The words in 'What to fix first'
 * say the same, so screen readers skip these.
 */
function CorrectionPointers({ paper, pointers }: { paper: PaperMm; pointers: (Pointer | null)[] }) {
  const { i18n } = useLingui();
  if (!pointers.some(Boolean)) return null;
  const accent = "#c2410c";
  return (
    <>
      <svg
        aria-hidden
        viewBox={`0 0 ${paper.widthMm} ${paper.heightMm}`}
        preserveAspectRatio="none"
        className="pointer-events-none absolute inset-0 h-full w-full"
      >
        {pointers.map((pointer, i) => {
          if (!pointer) return null;
          if ("line" in pointer.shape) {
            const { from, to } = pointer.shape.line;
            return (
              <line
                key={i}
                x1={from.x}
                y1={from.y}
                x2={to.x}
                y2={to.y}
                stroke={accent}
                strokeWidth={4}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            );
          }
          const { box } = pointer.shape;
          return (
            <rect
              key={i}
              x={box.left}
              y={box.top}
              width={box.right - box.left}
              height={box.bottom - box.top}
              fill="none"
              stroke={accent}
              strokeWidth={3}
              strokeDasharray="8 5"
              vectorEffect="non-scaling-stroke"
            />
          );
        })}
      </svg>
      {pointers.map(
        (pointer, i) =>
          pointer && (
            <span
              key={i}
              aria-hidden
              data-testid="correction-pointer"
              className="pointer-events-none absolute grid h-7 w-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-accent text-sm font-bold text-white shadow ring-2 ring-white"
              style={{ left: inside(pointer.badge.x, paper.widthMm), top: inside(pointer.badge.y, paper.heightMm) }}
            >
              {i18n.number(i + 1)}
            </span>
          ),
      )}
    </>
  );
}

/** The squares a correction of a part out of proportion names, outlined on the heat map. */
function partOutline(corrections: Correction[]): CellBlock | null {
  const part = corrections.find((correction) => correction.kind === "part");
  return part ? partSquares(part) : null;
}

/**
 * The grid, each cell coloured by its verdict; each a button that opens the cell beside the photo.
 * A part out of proportion that the corrections name is outlined, so the learner sees where it is.
 */
export function HeatMap({
  cells,
  columns,
  rows,
  corrections,
  onOpen,
}: {
  cells: CellCheck[];
  columns: number;
  rows: number;
  corrections: Correction[];
  onOpen: (cell: CellCheck) => void;
}) {
  const outline = partOutline(corrections);
  // The grid's letters and numbers around it, as on the paper: on a phone the cells are too small
  // to carry their own labels. Each cell's button says its label to a screen reader already.
  const { t, i18n } = useLingui();
  const translate: TranslateMessage = (id, values) => i18n._(id, values);
  const edgeClass = "text-[10px] font-semibold leading-none text-ink-soft";
  return (
    <div className="flex flex-col gap-3">
      {/* Left to right in every language: the columns are lettered A, B, C from the left, as on the paper. */}
      <div dir="ltr" className="grid gap-1" style={{ gridTemplateColumns: "auto minmax(0, 1fr)" }}>
        <span aria-hidden />
        <div
          aria-hidden
          className={`grid text-center ${edgeClass}`}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {Array.from({ length: columns }, (_, column) => (
            <span key={column}>{columnLabel(column)}</span>
          ))}
        </div>
        <div
          aria-hidden
          className={`grid text-right ${edgeClass}`}
          style={{ gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}
        >
          {Array.from({ length: rows }, (_, row) => (
            <span key={row} className="flex items-center justify-end">
              {row + 1}
            </span>
          ))}
        </div>
        <div className="relative">
          <div
            role="group"
            aria-label={t`Heat map of your grid`}
            className="grid gap-px overflow-hidden rounded-xl border border-line bg-line"
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, aspectRatio: `${columns} / ${rows}` }}
          >
            {cells.map((cell) => {
              const look = STATUS_LOOK[cell.status];
              return (
                <button
                  key={cell.label}
                  type="button"
                  title={describeCell(cell, translate)}
                  aria-label={describeCell(cell, translate)}
                  data-status={cell.status}
                  onClick={() => onOpen(cell)}
                  className="flex min-h-0 items-center justify-center text-[10px] font-semibold leading-none focus-visible:relative focus-visible:z-10"
                  style={{
                    background:
                      cell.status === "not-drawn"
                        ? `repeating-linear-gradient(45deg, ${look.fill} 0 4px, #f6efe3 4px 8px)`
                        : look.fill,
                    color: look.text,
                  }}
                >
                  <span className="hidden sm:inline">{cell.label}</span>
                </button>
              );
            })}
          </div>
          {/* The words above name these squares; the outline only shows where they are. */}
          {outline && (
            <div
              aria-hidden
              data-testid="part-outline"
              className="pointer-events-none absolute rounded-md border-[3px] border-dashed border-ink"
              style={{
                left: `${(outline.left / columns) * 100}%`,
                top: `${(outline.top / rows) * 100}%`,
                width: `${((outline.right - outline.left + 1) / columns) * 100}%`,
                height: `${((outline.bottom - outline.top + 1) / rows) * 100}%`,
              }}
            />
          )}
        </div>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft" aria-label={t`What the colours mean`}>
        {STATUS_ORDER.map((status) => (
          <li key={status} className="flex items-center gap-2">
            <span
              className="inline-block h-3.5 w-3.5 rounded-sm border border-line"
              style={{ background: STATUS_LOOK[status].fill }}
              aria-hidden
            />
            {i18n._(STATUS_LOOK[status].name)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The cells furthest off, worst first, in the grid's words. */
export function WorstCells({ cells, onOpen }: { cells: CellCheck[]; onOpen: (cell: CellCheck) => void }) {
  const { i18n } = useLingui();
  const worst = cells
    .filter((cell) => cell.status === "near" || cell.status === "off")
    .sort((a, b) => b.errorMm - a.errorMm)
    .slice(0, WORST_SHOWN);
  if (!worst.length) return null;
  return (
    <section aria-labelledby="worst-cells">
      <h3 id="worst-cells" className="text-lg font-bold">
        <Trans>Where to look first</Trans>
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {worst.map((cell) => (
          <li key={cell.label}>
            <button
              type="button"
              onClick={() => onOpen(cell)}
              className="flex min-h-11 w-full items-center gap-3 rounded-xl border border-line bg-white px-4 py-2 text-start hover:bg-paper-deep"
            >
              <span
                className="inline-block h-3.5 w-3.5 shrink-0 rounded-sm"
                style={{ background: STATUS_LOOK[cell.status].fill }}
                aria-hidden
              />
              {describeCell(cell, (id, values) => i18n._(id, values))}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What to fix first: the learner's grid, then the whole drawing's size, turn, place and stretch
 * and a part out of proportion; at most three, in plain words, each under the number that marks
 * its place on the photo.
 */
export function Corrections({ corrections }: { corrections: Correction[] }) {
  const { i18n } = useLingui();
  if (!corrections.length) return null;
  return (
    <section aria-labelledby="fix-first" className="rounded-2xl border border-accent/30 bg-white px-4 py-3">
      <h3 id="fix-first" className="text-lg font-bold">
        <Trans>What to fix first</Trans>
      </h3>
      <ol className="mt-2 flex flex-col gap-3">
        {corrections.map((correction, index) => {
          const words = describeCorrection(correction, (id, values) => i18n._(id, values));
          return (
            <li key={correction.kind} className="flex gap-3">
              <span
                aria-hidden
                className="mt-0.5 grid h-7 w-7 shrink-0 place-items-center rounded-full bg-accent text-sm font-bold text-white"
              >
                {i18n.number(index + 1)}
              </span>
              <div>
                <p className="font-semibold">
                  {words.what}
                  {words.where && <> {words.where}</>}
                </p>
                <p className="text-ink-soft">{words.todo}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Which cells the heat map shows: as drawn, or with the whole drawing's size, turn and place and a part out of proportion taken out. */
export function HeatMapView({ view, onView }: { view: "drawn" | "local"; onView: (view: "drawn" | "local") => void }) {
  const { t } = useLingui();
  const option = (value: "drawn" | "local", label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onView(value)}
      className="min-h-11 flex-1 rounded-lg px-3 py-2 text-sm font-semibold aria-pressed:bg-white aria-pressed:shadow-sm"
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={t`Heat map view`} className="flex gap-1 rounded-xl bg-paper-deep p-1">
      {option("drawn", t`As drawn`)}
      {option("local", t`With size, turn, place and proportions taken out`)}
    </div>
  );
}
