// 'Check my drawing' (decision 028): a photo of the learner's paper, its grid's corners, then a
// verdict per cell. Loaded only when opened; everything runs on the device.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Aperture, CircleCheck, ImageUp, X } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { closeOnEscape } from "../../../components/ui/close-on-escape";
import { Spinner } from "../../../components/ui/spinner";
import type { Cell } from "../../../../shared/grid/grid";
import type { PaperPreset, Unit } from "../../../../shared/grid/paper";
import { joinAreas } from "../../../../shared/drawing-check/joins";
import { printOf } from "../print-settings";
import type { PaperScene } from "../../../../shared/paper-scene/paper-scene";
import type { CheckProblem } from "../../../../shared/drawing-check/check-drawing";
import { matchingCells } from "../../../../shared/drawing-check/cell-check";
import { Corrections, HeatMap, HeatMapView, PhotoOverlay, WorstCells } from "./check-result";
import type { Correction } from "../../../../shared/drawing-check/corrections";
import { pointersOf } from "../../../../shared/drawing-check/pointers";
import type { CellCheck } from "../../../../shared/drawing-check/cell-check";
import { CornerPicker } from "./corner-picker";
import { PICK_TEXT } from "./check-text";
import { GoodPhotoExample } from "./good-photo-example";
import { paperInMm, samePaper, workingScale, type PaperMm } from "../../../../shared/drawing-check/paper-geometry";
import { PHOTO_UNREADABLE, PhotoError, readPhoto } from "./photo-file";
import { defaultCorners, rememberCorners, rememberedCorners } from "./remembered-corners";
import { checkAlone, prepareCheck, runCheck, stopCheck, type CheckProgress, type CheckWorkers } from "./run-check";
import { markIdsByPlacement } from "../../../../shared/drawing-check/mark-layout";
import { KeepPhoto, ShareToFeed } from "./share-dialog";
import { isPlausibleQuad, type Corners } from "../../../../shared/drawing-check/straighten";
import { describeCell } from "../../../../shared/drawing-check/words";
import {
  isDrawn,
  CHECK_MAX_CELLS,
  type KeptCell,
  type KeptCheck,
  type KeptWhole,
} from "../../../../shared/drawing-check/kept-checks";
import { PracticeResult, PractiseButton, practiceSheetsOf } from "./practice";
import { FewerLines } from "./fewer-lines";
import { readyForFewerLines, viewAtStep, type LadderStep } from "../../../../shared/grid/ladder";
import type { PaperRequest } from "../print-dialog";

/** What a finished check hands to the canvas: the verdicts and the straightened photo for the cell viewer. */
export interface CheckResult {
  cells: CellCheck[];
  /** The whole drawing's figures as a check keeps them, what to fix first, and the cells with its size, turn and place taken out (check-drawing.ts). */
  whole: KeptWhole | null;
  corrections: Correction[];
  localCells: CellCheck[] | null;
  /** Every line of the learner's grid measured and none off (check-drawing.ts). */
  evenGrid: boolean;
  photo: ImageBitmap;
  pxPerMm: number;
  /** The paper and grid it was checked against: a result is shown again only for the same. */
  paper: PaperMm;
}

type Phase =
  | { name: "pick" }
  | { name: "corners" }
  | { name: "checking"; step: CheckProgress | null }
  | { name: "result"; result: CheckResult }
  /** A photo of a practice sheet: its cells now, and as the check it was made from found them. */
  | { name: "practice"; cells: KeptCell[]; before: KeptCell[]; photo: ImageBitmap };

const STEP_TEXT: Record<CheckProgress, MessageDescriptor> = {
  "finding-marks": msg`Looking for the corner marks of your printed page…`,
  "finding-lines": msg`Looking for your grid's lines…`,
  straightening: msg`Straightening your photo…`,
  "finding-grid": msg`Finding your grid…`,
  comparing: msg`Comparing each cell with the template…`,
};

const MARKS_TEXT: Record<"not-found" | "other-page", MessageDescriptor> = {
  "not-found": msg`Place the four corners yourself: your grid could not be found in this photo, by corner marks or by its lines. It is found by itself when the whole page is in the picture, upright, in good light, and its lines are as many as the paper and grid size you set here.`,
  "other-page": msg`This page was printed for another dragon, or for another paper or grid size: its corner marks say so. Open that dragon with the same paper and grid to check it, or place the four corners yourself.`,
};

const PROBLEM_TEXT: Record<CheckProblem, MessageDescriptor> = {
  "too-dark": msg`This photo is too dark to read your pencil lines. Take it again in daylight or under a bright lamp, without your shadow on the paper.`,
  "grid-not-found": msg`Your grid could not be found inside the four corners. Place each handle exactly on an outer corner of the grid (the magnifier helps), or take the photo again in good light, holding the phone steady above the paper.`,
};

/** A practice sheet found by its marks whose squares could not be read: no corners to place, another photo to take. */
const PRACTICE_UNREAD = msg`The squares of your practice sheet could not be read in this photo. Take it again in good light, with the whole sheet in the picture, holding the phone steady above it.`;

export default function CheckDialog({
  dragonId,
  signedIn,
  scene,
  paperPreset,
  grid,
  unit,
  renderTemplate,
  focusCell,
  previous,
  onClose,
  onChecked,
  onKeepPhoto,
  onMarkDone,
  onOpenCell,
  keptChecks,
  onPractised,
  pdfRequest,
  practiceFileName,
  ladder,
}: {
  dragonId: string;
  /** Members may share the photo to the feed. */
  signedIn: boolean;
  scene: PaperScene;
  /** The paper's preset size, if it is one: with the remembered print settings, where a poster's sheets join. */
  paperPreset: PaperPreset | null;
  /** Its columns and rows, as the canvas counts them. */
  grid: { columns: number; rows: number };
  unit: Unit;
  /** Draws the template as placed on the paper over a whole canvas (the canvas's own drawing), once the picture is in. */
  renderTemplate: ((canvas: HTMLCanvasElement) => void) | null;
  /** Opened from the cell viewer's 'Check this cell': that cell's label; its verdict is shown first. */
  focusCell: string | null;
  /** The last result, shown again when the learner comes back from a cell. */
  previous: CheckResult | null;
  onClose: () => void;
  onChecked: (result: CheckResult) => void;
  /** Members: keep the photo (an upload of theirs, by its object path) with the check just kept. */
  onKeepPhoto: ((objectPath: string) => Promise<void>) | null;
  onMarkDone: (labels: string[]) => void;
  onOpenCell: (cell: Cell) => void;
  /** The learner's kept checks of this dragon: each may have a practice sheet a photo shows (decision 067). */
  keptChecks: readonly KeptCheck[];
  /** Keep a photographed practice sheet's verdicts with the check it was made from. */
  onPractised: (checkId: string, cells: KeptCell[]) => void;
  /** What 'Print / PDF' prints the picture from: the practice sheet's cells are drawn the same way. */
  pdfRequest: () => PaperRequest | null;
  practiceFileName: string;
  /** The grid ladder's step the drawing was made at (decision 074), and a way down to the next one. */
  ladder: { step: LadderStep; onFewerLines: () => void };
}) {
  const { t, i18n } = useLingui();
  const { columns, rows } = grid;
  const { paperWidth, paperHeight, gridSize } = scene;
  // Kept while the paper stays the same (the template is rendered again only when it changes). Its
  // lines are the ladder step's: the grid is found, and every cell placed, by those alone.
  const { gridLines } = viewAtStep(ladder.step);
  const paper = useMemo(
    () => paperInMm({ paperWidth, paperHeight, gridSize, unit }, { columns, rows }, gridLines),
    [paperWidth, paperHeight, gridSize, unit, columns, rows, gridLines],
  );
  const pxPerMm = workingScale(paper);
  // A paper printed on several sheets: the strips where they join are left out (joins.ts).
  const joins = useMemo(
    () => joinAreas(printOf({ width: paperWidth, height: paperHeight, unit, preset: paperPreset }), gridSize),
    [paperWidth, paperHeight, unit, paperPreset, gridSize],
  );
  const practiceSheets = useMemo(
    () => practiceSheetsOf(keptChecks, dragonId, paper, unit),
    [keptChecks, dragonId, paper, unit],
  );
  const [phase, setPhase] = useState<Phase>(
    previous && samePaper(previous.paper, paper) ? { name: "result", result: previous } : { name: "pick" },
  );
  // A catalog's message, shown in the page's language (also after the language changes).
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [photo, setPhoto] = useState<ImageBitmap | null>(null);
  const [corners, setCorners] = useState<Corners | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [view, setView] = useState<"drawn" | "local">("drawn");
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The template on the paper at the check's scale: what the photo is compared with and shown under.
  const templateCanvas = useMemo(() => {
    if (!renderTemplate) return null;
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(paper.widthMm * pxPerMm));
    canvas.height = Math.max(1, Math.round(paper.heightMm * pxPerMm));
    renderTemplate(canvas);
    return canvas;
  }, [renderTemplate, paper, pxPerMm]);

  // A photo replaced (or the screen closed) gives its memory back at once: 12 MP is 48 MB.
  useEffect(() => () => photo?.close(), [photo]);
  // The screen closed during a check: its workers are stopped (the photo goes with them), and a
  // photo given back just before is let go at once too.
  const open = useRef(true);
  const running = useRef<CheckWorkers | null>(null);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      if (running.current) stopCheck(running.current);
    };
  }, []);

  // While the learner takes or chooses a photo, the next check's workers prepare (decision 071).
  const prepared = useRef<CheckWorkers | null>(null);
  const waitingForPhoto = phase.name === "pick" || phase.name === "corners";
  useEffect(() => {
    if (!waitingForPhoto || !templateCanvas || paper.columns * paper.rows > CHECK_MAX_CELLS) return;
    const workers = prepareCheck({
      kind: "prepare",
      template: templateCanvas.getContext("2d")!.getImageData(0, 0, templateCanvas.width, templateCanvas.height),
      paper,
      pxPerMm,
      marks: markIdsByPlacement(dragonId, paper),
    });
    prepared.current = workers;
    // Not taken by a check: the screen moved on, or the template or paper changed.
    return () => {
      if (prepared.current !== workers) return;
      stopCheck(workers);
      prepared.current = null;
    };
  }, [waitingForPhoto, templateCanvas, paper, pxPerMm, dragonId]);

  /**
   * One check: with `placed` corners (by hand), or none to find the grid (by the printed page's corner marks, else by its lines).
   * Whatever goes wrong lands on the corners screen with a sentence saying what to do.
   */
  const run = async (bitmap: ImageBitmap, placed: Corners | null) => {
    if (!templateCanvas) return setPhase({ name: "corners" });
    if (placed && !isPlausibleQuad(placed)) {
      setError(
        msg`The four handles must go round the grid in order: top-left, top-right, bottom-right, bottom-left, each on its own corner.`,
      );
      return setPhase({ name: "corners" });
    }
    if (placed) rememberCorners(dragonId, paper, placed, bitmap.width, bitmap.height);
    setError(null);
    // Taken before the phase changes, so leaving the photo step does not close them. A prepared
    // worker holds the template already.
    const template = prepared.current
      ? null
      : templateCanvas.getContext("2d")!.getImageData(0, 0, templateCanvas.width, templateCanvas.height);
    const workers = prepared.current ?? checkAlone();
    prepared.current = null;
    running.current = workers;
    setPhase({ name: "checking", step: null });
    // The photo goes to the worker and comes back once read, to be shown again if corners are asked for.
    let photoBack = false;
    try {
      const answer = await runCheck(
        {
          kind: "check",
          photo: bitmap,
          corners: placed,
          marks: markIdsByPlacement(dragonId, paper),
          joins,
          paper,
          pxPerMm,
          template,
          practice: practiceSheets.map(({ layout, ids }) => ({ layout, ids })),
        },
        {
          onStep: (step) => setPhase({ name: "checking", step }),
          onPhoto: (photo) => {
            photoBack = true;
            if (open.current) setPhoto(photo);
            else photo.close();
          },
        },
        workers,
      );
      if (answer.kind === "practice") {
        // A practice sheet is found by its marks alone: a problem is told on the photo step.
        if (answer.problem) {
          setError(answer.problem === "too-dark" ? PROBLEM_TEXT["too-dark"] : PRACTICE_UNREAD);
          return setPhase({ name: "pick" });
        }
        const sheet = practiceSheets[answer.sheet]!;
        if (answer.cells.some(isDrawn)) onPractised(sheet.checkId, answer.cells);
        setPhase({
          name: "practice",
          cells: answer.cells,
          before: sheet.before,
          photo: await createImageBitmap(answer.straightened),
        });
        return;
      }
      if (answer.kind !== "done" || answer.problem) {
        if (answer.kind === "done") setCorners(answer.corners);
        setError(
          answer.kind === "done"
            ? PROBLEM_TEXT[answer.problem!]
            : answer.kind === "too-dark"
              ? PROBLEM_TEXT["too-dark"]
              : MARKS_TEXT[answer.kind],
        );
        setPhase({ name: "corners" });
        return;
      }
      setCorners(answer.corners);
      const result = {
        cells: answer.cells,
        whole: answer.whole,
        corrections: answer.corrections,
        localCells: answer.localCells,
        evenGrid: answer.evenGrid,
        photo: await createImageBitmap(answer.straightened),
        pxPerMm,
        paper,
      };
      onChecked(result);
      setView("drawn");
      setPhase({ name: "result", result });
      requestAnimationFrame(() => performance.measure("check-heat-map", "check-photo-chosen"));
    } catch {
      setError(msg`The check stopped before it finished. Please try again; a smaller photo may help.`);
      // A worker that stopped before reading the photo took it along: it is chosen again.
      if (!photoBack) setPhoto(null);
      setPhase(photoBack ? { name: "corners" } : { name: "pick" });
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    // Timed by `npm run bench`: from the photo chosen to the heat map on screen.
    performance.mark("check-photo-chosen");
    let read: ImageBitmap;
    try {
      read = await readPhoto(file);
    } catch (failure) {
      setError(failure instanceof PhotoError ? failure.words : PHOTO_UNREADABLE);
      setPhase({ name: "pick" });
      return;
    }
    setPhoto(read);
    setCorners(rememberedCorners(dragonId, paper, read.width, read.height) ?? defaultCorners(read.width, read.height));
    // The grid found by itself first; where it cannot be, the learner places the corners.
    await run(read, null);
  };

  const cellCount = paper.columns * paper.rows;
  const tooManyCells = cellCount > CHECK_MAX_CELLS;
  const maxCells = i18n.number(CHECK_MAX_CELLS);
  const gridCells = i18n.number(cellCount);
  const pick = tooManyCells ? (
    <p role="alert" className="mx-auto mt-10 max-w-xl rounded-xl bg-accent-soft px-4 py-3 text-center text-ink">
      <Trans>
        The check reads grids of up to {maxCells} cells, and this one has {gridCells}: a photo cannot show each of them
        clearly. Choose larger squares to check your drawing.
      </Trans>
    </p>
  ) : (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 pt-3 pb-8 sm:min-h-full sm:justify-center sm:px-6">
        <p className="text-lg font-semibold sm:text-center">{i18n._(PICK_TEXT.lead)}</p>
        {/* The example first: a beginner copies a picture more readily than a sentence. */}
        <figure className="grid items-center gap-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] sm:gap-8">
          <GoodPhotoExample className="mx-auto h-auto w-full max-w-sm" />
          <figcaption>
            <ul className="grid gap-3">
              {PICK_TEXT.points.map((point) => (
                <li key={point.title.id} className="flex gap-3">
                  <CircleCheck className="mt-0.5 h-6 w-6 shrink-0 text-[#15803d]" aria-hidden />
                  <span>
                    <strong className="block">{i18n._(point.title)}</strong>
                    <span className="text-ink-soft">{i18n._(point.detail)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </figcaption>
        </figure>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={() => cameraInput.current?.click()}>
            <Aperture className="h-5 w-5" aria-hidden /> {i18n._(PICK_TEXT.takePhoto)}
          </Button>
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            <ImageUp className="h-5 w-5" aria-hidden /> {i18n._(PICK_TEXT.choosePhoto)}
          </Button>
        </div>
        {/* Opened by the two buttons above, which are what keyboards and screen readers meet. */}
        <input ref={cameraInput} type="file" accept="image/*" capture="environment" hidden onChange={onFile} />
        <input ref={fileInput} type="file" accept="image/*" hidden onChange={onFile} />
        {error && (
          <p role="alert" className="rounded-xl bg-accent-soft px-4 py-3 text-ink">
            {i18n._(error)}
          </p>
        )}
        <p className="text-sm text-ink-soft sm:text-center">{i18n._(PICK_TEXT.private)}</p>
      </div>
    </div>
  );

  let body;
  if (phase.name === "pick") body = pick;
  else if (phase.name === "practice")
    body = (
      <PracticeResult
        cells={phase.cells}
        before={phase.before}
        photo={phase.photo}
        onAnother={() => setPhase({ name: "pick" })}
      />
    );
  else if (phase.name === "corners" && photo && corners) {
    body = (
      <div className="flex min-h-0 flex-1 flex-col gap-3 px-3 pb-3 sm:px-6">
        <p className="text-ink-soft">
          <Trans>
            Drag the four handles onto the outer corners of your grid: where A1 starts, and the three other corners of
            the whole grid.
          </Trans>
        </p>
        {error && (
          <p role="alert" className="rounded-xl bg-accent-soft px-4 py-3 text-ink">
            {i18n._(error)}
          </p>
        )}
        <CornerPicker photo={photo} corners={corners} onChange={setCorners} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              setError(null);
              setPhase({ name: "pick" });
            }}
          >
            <Trans>Choose another photo</Trans>
          </Button>
          <Button onClick={() => void run(photo, corners)} disabled={!templateCanvas}>
            {templateCanvas ? t`Check my drawing` : t`Loading the template…`}
          </Button>
        </div>
      </div>
    );
  } else if (phase.name === "checking" || phase.name === "corners") {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3" role="status">
        <Spinner label={t`Checking your drawing`} />
        <p className="text-ink-soft">
          {phase.name === "checking" && phase.step ? i18n._(STEP_TEXT[phase.step]) : t`Reading your photo…`}
        </p>
      </div>
    );
  } else {
    const { result } = phase;
    const matching = matchingCells(result.cells);
    const matchingCount = matching.length;
    const drawn = result.cells.filter(isDrawn);
    const drawnCount = drawn.length;
    const close = i18n.number(drawn.filter((cell) => cell.status === "close").length);
    const focus = focusCell ? result.cells.find((cell) => cell.label === focusCell) : undefined;
    const focusVerdict = focus ? describeCell(focus, (id, values) => i18n._(id, values)) : "";
    const shownCells = view === "local" && result.localCells ? result.localCells : result.cells;
    body = (
      <div className="overflow-y-auto px-3 pb-6 sm:px-6">
        <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex flex-col gap-4">
            {templateCanvas && (
              <PhotoOverlay
                photo={result.photo}
                template={templateCanvas}
                paper={paper}
                pointers={pointersOf(result.corrections, paper)}
              />
            )}
          </div>
          <div className="flex flex-col gap-5">
            <p className="text-lg" role="status">
              {drawnCount === 0 ? (
                <>
                  <Trans>Nothing drawn yet: every cell is still to do.</Trans>
                  {/* A grid ruled by hand, photographed before drawing on it (decision 077). */}
                  {result.evenGrid && (
                    <>
                      {" "}
                      <Trans>Your grid is even: no column or row is 1.5 mm or more too narrow or too wide.</Trans>
                    </>
                  )}
                </>
              ) : (
                <Trans>
                  <strong>{close}</strong> of{" "}
                  <Plural value={drawnCount} one="# drawn cell matches" other="# drawn cells match" /> the template
                  within 1.5 mm.
                </Trans>
              )}
            </p>
            {focus && (
              <p className="rounded-xl bg-paper-deep px-4 py-3">
                <Trans>
                  <strong>This cell:</strong> {focusVerdict}.
                </Trans>{" "}
                <button
                  type="button"
                  className="font-semibold text-accent underline underline-offset-2"
                  onClick={() => onOpenCell(focus)}
                >
                  <Trans>See it beside your photo</Trans>
                </button>
              </p>
            )}
            {ladder.step < 5 && readyForFewerLines(result.cells) && (
              <FewerLines
                next={(ladder.step + 1) as LadderStep}
                onTry={() => {
                  ladder.onFewerLines();
                  onClose();
                }}
              />
            )}
            <Corrections corrections={result.corrections} />
            {result.localCells && <HeatMapView view={view} onView={setView} />}
            <HeatMap
              cells={shownCells}
              columns={paper.columns}
              rows={paper.rows}
              corrections={result.corrections}
              onOpen={onOpenCell}
            />
            <WorstCells cells={shownCells} onOpen={onOpenCell} />
            <PractiseButton
              cells={result.cells}
              paper={paper}
              unit={unit}
              fileName={practiceFileName}
              pdfRequest={pdfRequest}
            />
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => setConfirming(true)} disabled={matching.length === 0}>
                <Trans>Mark matching cells done</Trans>
              </Button>
              {photo && (
                <Button variant="secondary" onClick={() => setPhase({ name: "corners" })}>
                  <Trans>Adjust the corners</Trans>
                </Button>
              )}
              <Button variant="secondary" onClick={() => setPhase({ name: "pick" })}>
                <Trans>Check another photo</Trans>
              </Button>
              {signedIn && <ShareToFeed photo={result.photo} dragonId={dragonId} />}
            </div>
            {onKeepPhoto && (
              <KeepPhoto key={result.photo.width + result.cells.length} photo={result.photo} onKeep={onKeepPhoto} />
            )}
            {!signedIn && (
              <p className="text-sm text-ink-soft">
                <Trans>Sign in to keep your checks on every device and share your drawing to the feed.</Trans>
              </p>
            )}
          </div>
        </div>
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t({ message: plural(matchingCount, { one: "Mark # cell done?", other: "Mark # cells done?" }) })}
          description={t`The cells whose lines are within 1.5 mm of the template's, and those with nothing to draw. Cells already done stay done.`}
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              onClick={() => {
                onMarkDone(matching);
                setConfirming(false);
              }}
            >
              {t({ message: plural(matchingCount, { one: "Mark # done", other: "Mark # done" }) })}
            </Button>
          </div>
        </Dialog>
      </div>
    );
  }

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-paper" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onKeyDown={closeOnEscape(onClose)}
          className="fixed inset-0 z-50 flex flex-col bg-paper focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-6">
            <DialogPrimitive.Title className="font-display text-2xl font-bold">
              <Trans>Check my drawing</Trans>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label={t`Close the check`}
              className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-paper-deep"
            >
              <X className="h-6 w-6" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col pt-3">{body}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
