import { useId, useState } from "react";
import { Printer } from "lucide-react";
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { PAPER_PRESETS, presetLabel, type PaperPreset, type Unit } from "../../../shared/grid/paper";
import type { TranslateMessage } from "../../../shared/i18n/translate";
import type { PdfRequest } from "./make-pdf";
import { pdfWords } from "./pdf-words";
import {
  DEFAULT_MARGIN_MM,
  MAX_SHEETS,
  cornerMarks,
  defaultSheet,
  layoutPrint,
  marginToUnit,
  parseMargin,
  type PrintLayout,
  type PrintRequest,
} from "../../../shared/print/pdf-layout";
import { orientationName } from "./paper-settings";
import { selectClass } from "../../components/ui/form-parts";
import { ToolLabel } from "./tool-label";
import { rememberPrint, rememberedPrint } from "./print-settings";

export type PaperRequest = Omit<PdfRequest, "cellSheets" | "sheet" | "marginMm" | "words">;

/** What the PDF will be, in a beginner's words: how many sheets, the blank strip, the corner marks. */
function summaryOf(i18n: I18n, layout: PrintLayout, request: PrintRequest, sheetName: string): string[] {
  const count = layout.sheets.length;
  const orientation = i18n._(orientationName[layout.orientation]);
  const { rows, columns } = layout;
  if (count > 1)
    return [
      i18n._(
        msg`Your paper is larger than a ${sheetName} sheet, so each page takes ${plural(count, { one: "# sheet", other: "# sheets" })} (${orientation}, ${plural(rows, { one: "# row", other: "# rows" })} of ${columns}) to trim and tape together. Dashed lines and round marks show where they join.`,
      ),
    ];
  const [sheet] = layout.sheets;
  const fillsSheet =
    Math.abs(request.paperWidth * layout.scale - layout.width) < 0.5 &&
    Math.abs(request.paperHeight * layout.scale - layout.height) < 0.5;
  const marks = cornerMarks(layout, request);
  return [
    i18n._(msg`Each page fits on one ${sheetName} sheet (${orientation}).`),
    ...(Object.values(sheet!.trimmed).some(Boolean)
      ? [
          fillsSheet
            ? i18n._(
                msg`The grid fills the sheet, but your printer leaves a thin strip blank at the edges. Extend the lines to the edge with a ruler if you like.`,
              )
            : i18n._(
                msg`Your printer leaves a thin strip blank at the edges, where the grid's outer lines would be. Draw them with a ruler if you like.`,
              ),
        ]
      : []),
    marks
      ? i18n._(msg`The grid page has four corner marks, so 'Check my drawing' finds it in a photo by itself.`)
      : i18n._(msg`There is no room for corner marks: 'Check my drawing' will ask you to tap the grid's four corners.`),
  ];
}

/** The margin field's step: twentieths of an inch, millimetres. */
const MARGIN_STEP: Record<Unit, number> = { in: 0.05, cm: 0.1 };

/**
 * A margin in the field, to the field's step: the default quarter inch reads 0.25 in and 0.6 cm,
 * not 0.635 (decision 051). Only the text is rounded; the margin stays what it was until edited.
 */
const marginText = (mm: number, unit: Unit) =>
  String(Number((Math.round(marginToUnit(mm, unit) / MARGIN_STEP[unit]) * MARGIN_STEP[unit]).toFixed(2)));

/**
 * 'Print / PDF': a true-scale PDF made in the browser on the sheet size the learner prints on,
 * nothing inside the printer's margin; the PDF library loads only on this click.
 */
export function PrintButton({
  fileName,
  paper,
  request,
  className,
}: {
  fileName: string;
  paper: { width: number; height: number; unit: Unit; preset: PaperPreset | null };
  request: () => PaperRequest | null;
  /** The button's place in the canvas's toolbar. */
  className: string;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [cellSheets, setCellSheets] = useState(false);
  const [making, setMaking] = useState(false);
  // The learner's sheet, once chosen; until then the paper's own size.
  const [chosenSheet, setChosenSheet] = useState<PaperPreset | null>(null);
  const [margin, setMargin] = useState({
    text: marginText(DEFAULT_MARGIN_MM, paper.unit),
    unit: paper.unit,
    mm: DEFAULT_MARGIN_MM,
  });

  const sheet = chosenSheet ?? defaultSheet(paper.preset, paper.unit);
  const translate: TranslateMessage = (id, values) => i18n._(id, values);
  const parsed = parseMargin(margin.text, margin.unit, translate);
  const marginError = "error" in parsed ? parsed.error : null;
  const printRequest = {
    paperWidth: paper.width,
    paperHeight: paper.height,
    unit: paper.unit,
    sheet,
    marginMm: margin.mm,
  };
  const layout = marginError ? null : layoutPrint(printRequest);
  const count = layout?.sheets.length ?? 0;
  const tooMany = count > MAX_SHEETS;

  const show = () => {
    // What this paper was last printed on, if it was; the margin follows the canvas's unit: the
    // field shows the same length in the unit now in use.
    const remembered = rememberedPrint(paper);
    if (remembered) setChosenSheet(remembered.sheet);
    const mm = remembered?.marginMm ?? margin.mm;
    if (margin.unit !== paper.unit || mm !== margin.mm)
      setMargin({ text: marginText(mm, paper.unit), unit: paper.unit, mm });
    setOpen(true);
  };

  const make = async () => {
    const base = request();
    if (!base || !layout || tooMany) return;
    setMaking(true);
    try {
      performance.mark("pdf-requested");
      const { makeGridPdf, savePdf } = await import("./make-pdf");
      savePdf(await makeGridPdf({ ...base, cellSheets, sheet, marginMm: margin.mm, words: pdfWords(i18n) }), fileName);
      rememberPrint(paper, { sheet, marginMm: margin.mm });
      // Timed by `npm run bench` (click to finished PDF).
      performance.measure("pdf-made", "pdf-requested");
      setOpen(false);
      toast({
        title: t`PDF ready`,
        description: t`Print it at 100 % (actual size) so a grid square measures its true size.`,
      });
    } catch {
      toast({ title: t`Error`, description: t`The PDF could not be made. Please try again.`, variant: "destructive" });
    } finally {
      setMaking(false);
    }
  };

  const sheetName = presetLabel(sheet, translate);
  const summary = !layout ? [] : summaryOf(i18n, layout, printRequest, sheetName);
  const max = MAX_SHEETS;

  return (
    <>
      <Button variant="secondary" className={className} onClick={show}>
        <Printer className="h-4 w-4 max-sm:h-5 max-sm:w-5" aria-hidden />{" "}
        <ToolLabel short={t`Print`} long={t`Print / PDF`} />
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !making && setOpen(next)}
        title={t`Print / PDF`}
        description={t`Two kinds of page: your picture under the grid, to copy from, and the grid alone, to draw on. Print at 100 % (actual size) so each square comes out its true size.`}
      >
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-sheet`} className="text-sm font-semibold text-ink">
              <Trans>Print on</Trans>
            </label>
            <select
              id={`${id}-sheet`}
              className={selectClass}
              value={sheet}
              onChange={(e) => setChosenSheet(e.target.value as PaperPreset)}
            >
              {PAPER_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {presetLabel(p, translate)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <TextField
              label={t`Printable margin`}
              type="number"
              inputMode="decimal"
              min={0}
              step={MARGIN_STEP[paper.unit]}
              value={margin.text}
              aria-invalid={marginError ? true : undefined}
              aria-describedby={`${id}-margin-hint${marginError ? ` ${id}-margin-error` : ""}`}
              onChange={(e) => {
                const text = e.target.value;
                const next = parseMargin(text, paper.unit, translate);
                setMargin((m) => ({ text, unit: paper.unit, mm: "mm" in next ? next.mm : m.mm }));
              }}
            />
            <p id={`${id}-margin-hint`} className="mt-1.5 text-xs text-ink-soft">
              {paper.unit === "in" ? (
                <Trans>In inches: the strip at each edge your printer cannot reach. Nothing is printed there.</Trans>
              ) : (
                <Trans>In cm: the strip at each edge your printer cannot reach. Nothing is printed there.</Trans>
              )}
            </p>
            {marginError && (
              <p id={`${id}-margin-error`} role="alert" className="mt-1.5 text-sm font-semibold text-danger">
                {marginError}
              </p>
            )}
          </div>
          <div aria-live="polite" className="grid gap-1.5 text-sm text-ink">
            {tooMany ? (
              <p>
                {t({
                  message: plural(count, {
                    one: `Each page would take # ${sheetName} sheet, more than ${max}. Choose a larger sheet or a smaller paper.`,
                    other: `Each page would take # ${sheetName} sheets, more than ${max}. Choose a larger sheet or a smaller paper.`,
                  }),
                })}
              </p>
            ) : (
              summary.map((line) => <p key={line}>{line}</p>)
            )}
          </div>
          <Switch
            label={t`Add cell sheets`}
            description={t`Each cell with something to draw, enlarged and labelled, several to a page`}
            checked={cellSheets}
            onCheckedChange={setCellSheets}
          />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={making}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void make()} disabled={making || !layout || tooMany}>
            {making ? t`Making PDF...` : t`Make PDF`}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
