import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from "react";
import { Link, useSearch } from "wouter";
import { ArrowLeft, ImagePlus, Minus, Move, Plus, Save, ScanSearch } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { inputClass } from "../../components/ui/text-field";
import { nextUndoneCell } from "../../../shared/grid/done-cells";
import { orientationOf } from "../../../shared/grid/paper";
import { toneOf, type GridView } from "../../../shared/grid/grid-view";
import { LADDER_STEP_NAMES, ladderStep, viewAtStep, type LadderStep } from "../../../shared/grid/ladder";
import { Tooltip } from "../../components/ui/tooltip";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth";
import { usePageMeta } from "../../lib/page-meta";
import { storeReturnUrl } from "../../lib/return-url";
import { pageTitle } from "../../../shared/page-meta";
import { DEFAULT_DESCRIPTION } from "../../../shared/site";
import { parseVersion } from "../../../shared/dragons";
import {
  ZOOM_MAX,
  ZOOM_MIN,
  cellLabel,
  gridDimensions,
  parseCellLabel,
  stepZoom,
  type Cell,
} from "../../../shared/grid/grid";
import { useDragon } from "../../lib/dragons";
import { DragonNotFound } from "../../components/dragon-not-found";
import type { DragonVersion } from "../../../shared/dragons";
import type { Dragon } from "../../../shared/dragons/responses";
import { CellViewer } from "./cell-viewer";
import { GUIDED_CELLS, endGuide, guidedDragon, isGuidePaper } from "../../lib/first-drawing-guide";
import { PaperCanvas, paperHeightAt } from "./paper-canvas";
import type { PaperScene } from "../../../shared/paper-scene/paper-scene";
import { blankCellsOfPaper, drawRegion } from "./draw-region";
import { useElementSize } from "./use-element-size";
import type { CanvasSettings } from "./canvas-state";
import { useCanvasState, useInitialSettings } from "./use-canvas-state";
import { useTemplateImage } from "./use-template-image";
import { VALUE_TONES, useTonedImage } from "./use-toned-image";
import { useWakeLock } from "./use-wake-lock";
import { PaperSettings } from "./paper-settings";
import { ProgressPanel } from "./progress-panel";
import { ViewSettings } from "./view-settings";
import { PrintButton } from "./print-dialog";
import { ShareDrawingLink } from "../../components/share-drawing-link";
import type { CheckResult } from "./check/check-dialog";
import { isDrawn, type KeptCell } from "../../../shared/drawing-check/kept-checks";
import { CheckHistory } from "./check-history";
import { useKeptChecks } from "./use-kept-checks";
import { ToolLabel } from "./tool-label";

// The drawing check (its screen, worker and image code) loads only when a learner opens it.
const CheckDialog = lazy(() => import("./check/check-dialog"));
const MM_PER_UNIT = { in: 25.4, cm: 10 } as const;
/**
 * A tool in the canvas's toolbar (decision 049): on a phone, a third of the row with its short
 * label under the icon; from `sm` up, a button with its whole label beside the icon.
 */
const toolClass = "max-sm:flex-1 max-sm:flex-col max-sm:gap-0.5 max-sm:rounded-xl max-sm:px-1 max-sm:text-xs sm:px-4";

/** /draw/{id}?version=color|pencil: the grid canvas, once the dragon and the starting settings are known. */
export function CanvasPage({ params }: { params: { id: string } }) {
  // Opened from the dragon's page, the dragon is already known (that page's HTML carried it), so it
  // never went through the service worker, which keeps only what it sees: asked again here, it is
  // kept, and the canvas reopens offline (decision 013).
  const dragon = useDragon(params.id, { refetchOnMount: "always" });
  const auth = useAuth();
  const search = new URLSearchParams(useSearch());
  const requested = parseVersion(search.get("version"));
  const guide = search.get("guide");
  const start = useInitialSettings(params.id, auth, isGuidePaper(guide) ? guide : null);
  const { t } = useLingui();
  const data = dragon.data;
  const name = data?.name ?? "";
  usePageMeta(
    data
      ? {
          title: pageTitle(t`Draw ${name}`),
          description: t`Draw ${name} square by square with the grid method.`,
          image: data.previewUrl,
        }
      : { title: pageTitle(t`Draw`), description: DEFAULT_DESCRIPTION },
  );

  if (dragon.isLoading || (data && !start.ready)) return <Spinner label={t`Loading dragon`} />;
  if (!data) {
    return <DragonNotFound />;
  }
  // An unknown version, or pencil where there is none, falls back to color.
  const version: DragonVersion = requested === "pencil" && data.pencilHiresUrl ? "pencil" : "color";
  return (
    <DrawCanvas
      dragon={data}
      version={version}
      userId={auth.user?.id ?? null}
      initial={start.initial}
      unsent={start.unsent}
    />
  );
}

function DrawCanvas({
  dragon: data,
  version,
  userId,
  initial,
  unsent,
}: {
  dragon: Dragon;
  version: DragonVersion;
  userId: string | null;
  initial: CanvasSettings;
  unsent: boolean;
}) {
  const { t, i18n } = useLingui();
  const signedIn = userId !== null;
  const dragonName = data.name;
  const fileBase = data.name.replace(/[^\w -]+/g, "").trim() || t`dragon`;
  const image = useTemplateImage(
    version === "pencil" ? (data.pencilPreviewUrl ?? undefined) : data.previewUrl,
    version === "pencil" ? (data.pencilHiresUrl ?? undefined) : data.hiresUrl,
  );
  const canvas = useCanvasState(data.id, userId, initial, unsent);
  useWakeLock();
  const id = useId();
  const [paperArea, setPaperArea] = useState<HTMLElement | null>(null);
  const paperAreaSize = useElementSize(paperArea);
  const { settings } = canvas;
  const { paperWidth, paperHeight, gridSize, imageZoom, imageX, imageY } = settings;
  const scene: PaperScene = useMemo(
    () => ({
      paperWidth,
      paperHeight,
      gridSize,
      zoom: imageZoom,
      offsetX: imageX,
      offsetY: imageY,
      imageSize: { width: data.width ?? 1, height: data.height ?? 1 },
    }),
    [data.width, data.height, paperWidth, paperHeight, gridSize, imageZoom, imageX, imageY],
  );
  const grid = gridDimensions(settings.paperWidth, settings.paperHeight, settings.gridSize);
  const { columns, rows } = grid;
  // Under 1 the spec's fallback, 1, is drawn: say so rather than draw another size in silence.
  const gridTooSmall = Number.parseFloat(canvas.texts.gridSize) < 1;
  // The outline view draws from the template's outline version (decision 073), every other view
  // from the template itself; until the outline is in (or where there is none yet), the colour one.
  const outlineChosen = settings.imageMode === "outline" && data.outlineHiresUrl !== null;
  const outline = useTemplateImage(
    outlineChosen ? (data.outlinePreviewUrl ?? undefined) : undefined,
    outlineChosen ? (data.outlineHiresUrl ?? undefined) : undefined,
  );
  const picture = outlineChosen && outline.display ? outline : image;
  const shownMode = settings.imageMode === "outline" && picture !== outline ? "color" : settings.imageMode;
  const view: GridView = useMemo(
    () => ({
      gridColor: settings.gridColor,
      gridThickness: settings.gridThickness,
      gridOpacity: settings.gridOpacity,
      diagonals: settings.diagonals,
      gridLines: settings.gridLines,
      imageMode: shownMode,
      outlineDetail: settings.outlineDetail,
    }),
    [
      settings.gridColor,
      settings.gridThickness,
      settings.gridOpacity,
      settings.diagonals,
      settings.gridLines,
      shownMode,
      settings.outlineDetail,
    ],
  );
  const done = useMemo(() => new Set(settings.doneCells), [settings.doneCells]);
  const toned = useTonedImage(picture.display, toneOf(view), picture === outline ? [] : VALUE_TONES);
  // Cells of blank paper have nothing to draw: 'Next cell to draw' passes them by.
  const display = image.display;
  const blank = useMemo(() => (display ? blankCellsOfPaper(display, scene) : new Set<string>()), [display, scene]);
  const next = nextUndoneCell(settings.doneCells, grid, blank);
  const openCell = settings.currentCell ? parseCellLabel(settings.currentCell) : null;
  const shownCell = openCell && openCell.column < grid.columns && openCell.row < grid.rows ? openCell : null;

  const onSave = () => {
    if (signedIn) {
      void canvas.save();
      return;
    }
    // Visitors keep their progress in this browser; signing in keeps it everywhere.
    storeReturnUrl(`/draw/${data.id}?version=${version}`);
    toast({
      title: t`Sign in to keep your progress`,
      description: t`Your progress is kept in this browser. Sign in to keep it on every device.`,
      action: { label: t`Sign In`, href: "/login" },
    });
  };

  const setCell = (cell: Cell | null) => canvas.setCurrentCell(cell ? cellLabel(cell) : null);

  // The drawing check: open (answering for one cell first, when asked from the cell viewer), its
  // last result (shown again on coming back from a cell), and whether the cell viewer came from it.
  const [checking, setChecking] = useState<{ focus: Cell | null } | null>(null);
  const [lastCheck, setLastCheck] = useState<CheckResult | null>(null);
  const [cellFromCheck, setCellFromCheck] = useState(false);
  // The guided first drawing (decision 076): the first cell to draw opens by itself, the first
  // cells each have a hint, and once every cell is done the check is offered; checking ends it.
  const [guided, setGuided] = useState(() => guidedDragon() === data.id);
  const doneCount = settings.doneCells.length;
  const openedFirst = useRef(false);
  useEffect(() => {
    if (!guided || openedFirst.current || doneCount > 0 || settings.currentCell || !next || !display) return;
    openedFirst.current = true;
    setCell(next);
  });
  const hints = [
    t`Find where the dragon's lines cross this square's edges, mark those points on the same square of your paper, then connect them.`,
    t`The same again: the points on the edges first, then the lines between them.`,
    t`Look at the squares around it too: a line runs on from one square into the next.`,
  ];
  // Before the first square, the ruled grid can be photographed alone: the check says whether it is even.
  const checkGrid = (
    <button
      type="button"
      className="mt-1 block w-full min-h-11 font-semibold text-accent underline underline-offset-2"
      onClick={() => {
        setCell(null);
        setCellFromCheck(false);
        setChecking({ focus: null });
      }}
    >
      <Trans>Ruled your grid? Photograph it first to see if it is even</Trans>
    </button>
  );
  // Back from a check before the first square (the ruled grid photographed alone): to that square.
  const closeCheck = () => {
    setChecking(null);
    if (guided && doneCount === 0) openedFirst.current = false;
  };
  const hint =
    guided && doneCount < GUIDED_CELLS ? (
      <>
        <p>{hints[doneCount]}</p>
        {doneCount === 0 && checkGrid}
      </>
    ) : null;
  const fullImage = image.full;
  // The check compares the photo with the template exactly as this canvas places it.
  const renderTemplate = useMemo(
    () =>
      fullImage
        ? (target: HTMLCanvasElement) =>
            drawRegion(
              target.getContext("2d", { willReadFrequently: true })!,
              fullImage,
              scene,
              { x: 0, y: 0, width: scene.paperWidth, height: scene.paperHeight },
              target.width,
              target.height,
            )
        : null,
    [fullImage, scene],
  );
  const keptChecks = useKeptChecks(data.id, signedIn);
  // What the PDFs draw the picture from: 'Print / PDF' and the check's practice sheet.
  const pdfRequest = () =>
    picture.full ? { scene, unit: settings.unit, view, image: picture.full, dragonId: data.id } : null;
  const onPractised = (checkId: string, cells: KeptCell[]) =>
    keptChecks.keepPractice(checkId, cells).catch(() =>
      toast({
        title: t`Error`,
        description: t`Your practice sheet's check could not be kept. Please try again.`,
        variant: "destructive",
      }),
    );
  const lastKept = useRef<ReturnType<typeof keptChecks.keep> | null>(null);
  const onChecked = (result: CheckResult) => {
    setLastCheck(result);
    // A photo of the ruled grid alone (nothing drawn yet) does not end the guide: the drawing does.
    const drawnOn = result.cells.some(isDrawn);
    if (guided && drawnOn) {
      endGuide();
      setGuided(false);
    }
    // Each check is kept with the learner's progress: every cell's verdict; the photo only if they ask.
    const keeping = keptChecks.keep({
      columns: grid.columns,
      rows: grid.rows,
      cells: result.cells.map((cell) => ({
        label: cell.label,
        status: cell.status,
        errorMm: Math.min(100, Math.round(cell.errorMm * 10) / 10),
      })),
      whole: result.whole,
      ladderStep: ladderStep(view),
    });
    lastKept.current = keeping;
    keeping.catch(() =>
      toast({
        title: t`This check was not kept`,
        description: t`It could not be saved just now; the result stays on screen.`,
        variant: "destructive",
      }),
    );
  };
  const keepPhoto = async (objectPath: string) => {
    const kept = await lastKept.current;
    if (!kept) throw new Error("There is no kept check to keep the photo with");
    await keptChecks.keepPhoto(kept.id, objectPath);
  };
  useEffect(() => () => lastCheck?.photo.close(), [lastCheck]);
  const closeCell = () => {
    setCell(null);
    if (cellFromCheck) {
      setCellFromCheck(false);
      setChecking({ focus: null });
    }
  };

  return (
    <div className="canvas-frame flex flex-col">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-line bg-paper/90 px-3 py-1.5 lg:flex-nowrap lg:px-5">
        <div className="flex min-w-0 flex-1 items-center gap-1">
          <Link
            href={`/dragon/${data.id}`}
            aria-label={t`Back to ${dragonName}`}
            className={buttonClass("ghost", "shrink-0 px-3")}
          >
            <ArrowLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          </Link>
          <h1 className="line-clamp-2 min-w-0 text-lg font-bold leading-tight sm:text-2xl">{data.name}</h1>
        </div>
        <Button onClick={onSave} disabled={canvas.saving} className="shrink-0 px-4 lg:order-last">
          <Save className="h-4 w-4" aria-hidden /> {canvas.saving ? t`Saving...` : t`Save`}
        </Button>
        <div role="group" aria-label={t`Tools`} className="flex basis-full gap-2 lg:basis-auto">
          <Button variant="secondary" className={toolClass} onClick={() => setChecking({ focus: null })}>
            <ScanSearch className="h-4 w-4 max-sm:h-5 max-sm:w-5" aria-hidden />{" "}
            <ToolLabel short={t`Check`} long={t`Check my drawing`} />
          </Button>
          <PrintButton
            className={toolClass}
            fileName={`${t`${fileBase} grid`}.pdf`}
            paper={{
              width: settings.paperWidth,
              height: settings.paperHeight,
              unit: settings.unit,
              preset: settings.paperPreset,
            }}
            request={pdfRequest}
          />
          <ShareDrawingLink dragonId={data.id} className={toolClass}>
            <ImagePlus className="h-4 w-4 max-sm:h-5 max-sm:w-5" aria-hidden />{" "}
            <ToolLabel short={t`Share`} long={t`Share your drawing`} />
          </ShareDrawingLink>
        </div>
      </div>

      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <section
          ref={setPaperArea}
          className="relative h-(--paper-height) max-h-[55%] shrink-0 bg-paper-deep/60 md:h-auto md:max-h-none md:min-h-0 md:flex-1"
          style={{ "--paper-height": `${paperHeightAt(paperAreaSize.width, scene)}px` } as CSSProperties}
          aria-label={t`Drawing paper`}
        >
          {!image.display && !image.error && (
            <div className="absolute inset-0 z-10 flex flex-col items-center justify-center">
              <Spinner label={t`Loading your dragon`} />
              <p className="text-sm text-ink-soft">
                <Trans>Loading your dragon…</Trans>
              </p>
            </div>
          )}
          {image.error && (
            <p role="alert" className="absolute inset-x-4 top-4 z-10 rounded-xl bg-white p-4 text-center shadow">
              <Trans>The picture could not be loaded. Please check your connection and reload the page.</Trans>
            </p>
          )}
          <PaperCanvas
            scene={scene}
            image={toned.image}
            quality={picture.sharp ? "hires" : "preview"}
            imageMode={toned.tone === "color" ? "color" : shownMode}
            view={view}
            done={done}
            onMove={canvas.setOffset}
            onZoom={canvas.setZoom}
            onOpenCell={(cell) => setCell(cell)}
          />
        </section>

        <aside
          aria-label={t`Canvas settings`}
          className="min-h-0 flex-1 overflow-y-auto border-t border-line bg-white/90 px-4 pb-6 pt-3 md:order-first md:w-72 md:flex-none md:border-e md:border-t-0 md:pt-4"
        >
          {guided && !next && (
            <div role="status" className="mb-4 rounded-xl bg-accent-soft p-3">
              <p className="font-semibold text-ink">
                <Trans>Every square is done! Now see how close your drawing is.</Trans>
              </p>
              <Button className="mt-2 w-full" onClick={() => setChecking({ focus: null })}>
                <ScanSearch className="h-4 w-4" aria-hidden /> <Trans>Check my drawing</Trans>
              </Button>
            </div>
          )}
          <PaperSettings
            texts={canvas.texts}
            paperWidth={settings.paperWidth}
            paperHeight={settings.paperHeight}
            preset={settings.paperPreset}
            unit={settings.unit}
            onText={canvas.setText}
            onPreset={(preset) => canvas.setPreset(preset, orientationOf(settings.paperWidth, settings.paperHeight))}
            onSwap={canvas.swapOrientation}
            onUnit={canvas.setUnit}
          />
          {/* The spec's field name is the input's own label: one square's side, in the paper's unit. */}
          <div className="mt-4">
            <label htmlFor={`${id}-grid`} className="block text-sm font-bold uppercase tracking-wider text-ink-soft">
              <Trans>Grid Size</Trans>
            </label>
            {/* Wraps in the desktop's narrow side panel: the count goes under the field, whole. */}
            <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
              <div className="w-20 shrink-0">
                <input
                  id={`${id}-grid`}
                  className={inputClass}
                  type="number"
                  inputMode="decimal"
                  step={1}
                  min={1}
                  value={canvas.texts.gridSize}
                  onChange={(e) => canvas.setText("gridSize", e.target.value)}
                  aria-describedby={`${id}-unit ${id}-cells${gridTooSmall ? ` ${id}-grid-small` : ""}`}
                  aria-invalid={gridTooSmall || undefined}
                />
              </div>
              <span id={`${id}-unit`} className="whitespace-nowrap text-sm font-semibold text-ink">
                {settings.unit === "in" ? <Trans>inch squares</Trans> : <Trans>cm squares</Trans>}
              </span>
              <p id={`${id}-cells`} className="ms-auto whitespace-nowrap text-end text-sm font-semibold text-ink-soft">
                <Trans>
                  {columns} x {rows} cells
                </Trans>
              </p>
            </div>
            {gridTooSmall && (
              <p id={`${id}-grid-small`} className="mt-1 text-sm font-semibold text-danger">
                {settings.unit === "in" ? (
                  <Trans>Squares are at least 1 inch: the grid uses 1 inch until then.</Trans>
                ) : (
                  <Trans>Squares are at least 1 cm: the grid uses 1 cm until then.</Trans>
                )}
              </p>
            )}
            {/* The paper is never mirrored (decision 056): in a right-to-left language too, A is the left column. */}
            <p className="mt-1 text-xs text-ink-soft">
              <Trans>Columns are lettered A, B, C… from left to right.</Trans>
            </p>
          </div>
          <fieldset className="mt-5">
            <legend className="text-sm font-bold uppercase tracking-wider text-ink-soft">
              <Trans>Zoom</Trans>
            </legend>
            <div className="mt-2 flex items-center gap-2">
              <Tooltip label={t`Zoom Out`}>
                <Button
                  variant="secondary"
                  className="min-w-11 px-3"
                  aria-label={t`Zoom Out`}
                  disabled={settings.imageZoom <= ZOOM_MIN}
                  onClick={() => canvas.setZoom(stepZoom(settings.imageZoom, -1))}
                >
                  <Minus className="h-4 w-4" aria-hidden />
                </Button>
              </Tooltip>
              <output
                aria-live="polite"
                aria-label={t`Zoom level`}
                className="min-w-16 text-center text-lg font-semibold tabular-nums"
              >
                {i18n.number(settings.imageZoom, { style: "percent" })}
              </output>
              <Tooltip label={t`Zoom In`}>
                <Button
                  variant="secondary"
                  className="min-w-11 px-3"
                  aria-label={t`Zoom In`}
                  disabled={settings.imageZoom >= ZOOM_MAX}
                  onClick={() => canvas.setZoom(stepZoom(settings.imageZoom, 1))}
                >
                  <Plus className="h-4 w-4" aria-hidden />
                </Button>
              </Tooltip>
            </div>
          </fieldset>
          <p className="mt-5 flex items-start gap-2 rounded-xl bg-paper-deep p-3 text-sm text-ink-soft">
            <Move className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />{" "}
            <Trans>Click and drag to position your image</Trans>
          </p>
          <ProgressPanel
            done={settings.doneCells.length}
            total={grid.columns * grid.rows}
            onNext={next ? () => setCell(next) : null}
            onReset={canvas.resetDone}
          />
          <CheckHistory checks={keptChecks.checks} dragonId={data.id} />
          <ViewSettings
            view={{ ...view, imageMode: settings.imageMode }}
            hasOutline={data.outlineHiresUrl !== null}
            onChange={canvas.setGridView}
          />
        </aside>
      </div>

      {shownCell && (
        <CellViewer
          cell={shownCell}
          scene={scene}
          image={picture.full}
          view={view}
          doneCells={done}
          onToggleDone={canvas.toggleDone}
          hint={hint}
          onNavigate={setCell}
          onClose={closeCell}
          onCheck={() => {
            setCell(null);
            setCellFromCheck(false);
            setChecking({ focus: shownCell });
          }}
          photo={
            cellFromCheck && lastCheck
              ? { image: lastCheck.photo, pxPerMm: lastCheck.pxPerMm, mmPerUnit: MM_PER_UNIT[settings.unit] }
              : null
          }
        />
      )}
      {checking && (
        <Suspense fallback={<Spinner label={t`Opening the check`} />}>
          <CheckDialog
            grid={grid}
            dragonId={data.id}
            signedIn={signedIn}
            scene={scene}
            paperPreset={settings.paperPreset}
            unit={settings.unit}
            renderTemplate={renderTemplate}
            focusCell={checking.focus ? cellLabel(checking.focus) : null}
            previous={lastCheck}
            onClose={closeCheck}
            onChecked={onChecked}
            onKeepPhoto={signedIn ? keepPhoto : null}
            keptChecks={keptChecks.checks}
            onPractised={(checkId, cells) => void onPractised(checkId, cells)}
            pdfRequest={pdfRequest}
            practiceFileName={`${t`${fileBase} practice sheet`}.pdf`}
            onMarkDone={(labels) => {
              canvas.markDone(labels);
              const count = labels.length;
              toast({
                title: t`Cells marked done`,
                description: t({
                  message: plural(count, {
                    one: "# cell marked done from your photo.",
                    other: "# cells marked done from your photo.",
                  }),
                }),
              });
            }}
            onOpenCell={(cell) => {
              setChecking(null);
              setCellFromCheck(true);
              setCell(cell);
            }}
            ladder={{
              step: ladderStep(view),
              onFewerLines: () => {
                const next = (ladderStep(view) + 1) as LadderStep;
                canvas.setGridView(viewAtStep(next));
                toast({ title: t`Fewer lines`, description: i18n._(LADDER_STEP_NAMES[next]) });
              },
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
