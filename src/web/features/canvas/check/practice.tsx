// 'Practise these cells' in the check (decision 067): the button that makes the practice sheet's PDF
// from a result, the sheets a photo may show (one per kept check, from its worst cells), and a
// photographed sheet's verdicts beside the check's.
import { useEffect, useRef, useState } from "react";
import { Dumbbell } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import type { Unit } from "../../../../shared/grid/paper";
import { isDrawn, type KeptCell, type KeptCheck } from "../../../../shared/drawing-check/kept-checks";
import type { PaperMm } from "../../../../shared/drawing-check/paper-geometry";
import {
  cellsToPractise,
  practiceLayout,
  practiceMarkIds,
  type PracticeLayout,
} from "../../../../shared/drawing-check/practice-sheet";
import { DEFAULT_MARGIN_MM, POINTS_PER_MM, defaultSheet, sheetSize } from "../../../../shared/print/pdf-layout";
import type { PaperRequest } from "../print-dialog";
import { pdfWords } from "../pdf-words";
import { STATUS_LOOK } from "./status-look";

/**
 * The sheet a practice sheet is printed on: the unit's usual sheet (Letter, A4) at the default
 * margin, whatever the drawing's paper, so a photo of it is placed the same way later.
 */
function practiceSheetOf(unit: Unit) {
  const size = sheetSize(defaultSheet(null, unit), "portrait");
  return {
    sheetMm: { width: size.width / POINTS_PER_MM, height: size.height / POINTS_PER_MM },
    marginMm: DEFAULT_MARGIN_MM,
  };
}

export const layoutFor = (labels: readonly string[], paper: PaperMm, unit: Unit) => {
  const { sheetMm, marginMm } = practiceSheetOf(unit);
  return labels.length ? practiceLayout(labels, paper.gridMm, sheetMm, marginMm) : null;
};

export interface PracticeSheet {
  /** The kept check it was made from, and that check's verdicts (the before). */
  checkId: string;
  before: KeptCell[];
  layout: PracticeLayout;
  ids: readonly number[];
}

/** The practice sheets of this dragon and paper a photo may show: one per kept check of this grid, the newest first. */
export function practiceSheetsOf(
  checks: readonly KeptCheck[],
  dragonId: string,
  paper: PaperMm,
  unit: Unit,
): PracticeSheet[] {
  const sheets: PracticeSheet[] = [];
  for (const check of [...checks].reverse()) {
    if (check.columns !== paper.columns || check.rows !== paper.rows) continue;
    const layout = layoutFor(cellsToPractise(check.cells), paper, unit);
    if (!layout) continue;
    const ids = practiceMarkIds(dragonId, paper, layout);
    // Two checks with the same worst cells print the same sheet: the newer is its before.
    if (sheets.some((sheet) => sheet.ids.join() === ids.join())) continue;
    sheets.push({ checkId: check.id, before: check.cells, layout, ids });
  }
  return sheets;
}

/** 'Practise these cells': the worst cells of a result on one sheet, as a PDF to print. */
export function PractiseButton({
  cells,
  paper,
  unit,
  fileName,
  pdfRequest,
}: {
  cells: readonly KeptCell[];
  paper: PaperMm;
  unit: Unit;
  fileName: string;
  pdfRequest: () => PaperRequest | null;
}) {
  const { t, i18n } = useLingui();
  const [making, setMaking] = useState(false);
  const layout = layoutFor(cellsToPractise(cells), paper, unit);
  if (!layout) return null;
  const names = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(layout.labels);
  const make = async () => {
    const base = pdfRequest();
    if (!base) return;
    setMaking(true);
    try {
      const { makePracticePdf, savePdf } = await import("../make-pdf");
      const bytes = await makePracticePdf({
        image: base.image,
        scene: base.scene,
        view: base.view,
        dragonId: base.dragonId,
        paper,
        unit,
        layout,
        ...practiceSheetOf(unit),
        words: pdfWords(i18n),
      });
      savePdf(bytes, fileName);
      toast({
        title: t`Practice sheet ready`,
        description: t`Print it at 100 %, copy each square into the empty one beside it, then check a photo of the sheet here.`,
      });
    } catch {
      toast({ title: t`Error`, description: t`The PDF could not be made. Please try again.`, variant: "destructive" });
    } finally {
      setMaking(false);
    }
  };
  return (
    <section aria-labelledby="practise-cells" className="rounded-2xl border border-line bg-white px-4 py-3">
      <h3 id="practise-cells" className="text-lg font-bold">
        <Trans>Practise these cells</Trans>
      </h3>
      <p className="mt-1 text-ink-soft">
        <Trans>
          A sheet with {names} printed at their true size, each beside an empty square to copy it into. A photo of it is
          checked here like your drawing.
        </Trans>
      </p>
      <Button className="mt-3" variant="secondary" onClick={() => void make()} disabled={making}>
        <Dumbbell className="h-5 w-5" aria-hidden /> {making ? t`Making the sheet…` : t`Make a practice sheet`}
      </Button>
    </section>
  );
}

/** A photographed practice sheet: each cell now, beside the check it was made from. */
export function PracticeResult({
  cells,
  before,
  photo,
  onAnother,
}: {
  cells: KeptCell[];
  before: readonly KeptCell[];
  photo: ImageBitmap;
  onAnother: () => void;
}) {
  const { t, i18n } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.width = photo.width;
    canvas.height = photo.height;
    canvas.getContext("2d")!.drawImage(photo, 0, 0);
  }, [photo]);
  const drawn = cells.filter(isDrawn);
  const close = i18n.number(drawn.filter((cell) => cell.status === "close").length);
  const count = i18n.number(cells.length);
  const length = (value: number) => {
    const mm = i18n.number(value, { maximumFractionDigits: 1 });
    return t`${mm} mm`;
  };
  return (
    <div className="overflow-y-auto px-3 pb-6 sm:px-6">
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t`Your practice sheet`}
          className="mx-auto h-auto max-h-[70vh] w-auto max-w-full rounded-xl border border-line bg-white"
        />
        <div className="flex flex-col gap-4">
          <h3 className="text-xl font-bold">
            <Trans>Your practice sheet</Trans>
          </h3>
          <p className="text-lg" role="status">
            {drawn.length === 0 ? (
              <Trans>Nothing drawn in the empty squares yet: copy each cell into the square beside it.</Trans>
            ) : (
              <Trans>
                <strong>{close}</strong> of {count} practised cells now match the template within 1.5 mm.
              </Trans>
            )}
          </p>
          <ul className="flex flex-col gap-2" aria-label={t`Each practised cell, before and now`}>
            {cells.map((cell) => {
              const was = before.find((kept) => kept.label === cell.label);
              const then = was ? length(was.errorMm) : "";
              const now = cell.status === "not-drawn" ? i18n._(STATUS_LOOK["not-drawn"].name) : length(cell.errorMm);
              return (
                <li
                  key={cell.label}
                  className="flex min-h-11 items-center gap-3 rounded-xl border border-line bg-white px-4 py-2"
                >
                  <span
                    className="inline-block h-3.5 w-3.5 shrink-0 rounded-sm border border-line"
                    style={{ background: STATUS_LOOK[cell.status].fill }}
                    aria-hidden
                  />
                  <span className="font-semibold">{cell.label}</span>
                  <span>{was ? t`${then} before, now ${now}` : now}</span>
                  <span className="ms-auto text-sm whitespace-nowrap text-ink-soft">
                    {i18n._(STATUS_LOOK[cell.status].name)}
                  </span>
                </li>
              );
            })}
          </ul>
          <div>
            <Button variant="secondary" onClick={onAnother}>
              <Trans>Check another photo</Trans>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
