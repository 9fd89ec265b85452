import { useId, useState } from "react";
import { Printer } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { PAPER_PRESETS, presetLabel, type PaperPreset, type Unit } from "../../../shared/grid/paper";
import type { PdfRequest } from "./make-pdf";
import {
  DEFAULT_MARGIN_MM,
  MAX_SHEETS,
  OVERLAP_MM,
  cornerMarksFit,
  defaultSheet,
  layoutPrint,
  marginToUnit,
  parseMargin,
} from "../../../shared/print/pdf-layout";
import { selectClass } from "./paper-settings";

type PaperRequest = Omit<PdfRequest, "cellSheets" | "sheet" | "marginMm">;

/** A margin in the field: at most three decimals (0.25 in, 0.635 cm). */
const marginText = (mm: number, unit: Unit) => String(Math.round(marginToUnit(mm, unit) * 1000) / 1000);

/**
 * 'Print / PDF': a true-scale PDF made in the browser on the sheet size the learner prints on,
 * nothing inside the printer's margin; the PDF library loads only on this click.
 */
export function PrintButton({
  fileName,
  paper,
  request,
}: {
  fileName: string;
  paper: { width: number; height: number; unit: Unit; preset: PaperPreset | null };
  request: () => PaperRequest | null;
}) {
  const id = useId();
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
  const parsed = parseMargin(margin.text, margin.unit);
  const marginError = "error" in parsed ? parsed.error : null;
  const layout = marginError
    ? null
    : layoutPrint({ paperWidth: paper.width, paperHeight: paper.height, unit: paper.unit, sheet, marginMm: margin.mm });
  const count = layout?.sheets.length ?? 0;
  const tooMany = count > MAX_SHEETS;
  const unitName = paper.unit === "in" ? "inches" : "cm";

  const show = () => {
    // The margin follows the canvas's unit: the field shows the same length in the unit now in use.
    if (margin.unit !== paper.unit)
      setMargin((m) => ({ text: marginText(m.mm, paper.unit), unit: paper.unit, mm: m.mm }));
    setOpen(true);
  };

  const make = async () => {
    const base = request();
    if (!base || !layout || tooMany) return;
    setMaking(true);
    try {
      performance.mark("pdf-requested");
      const { makeGridPdf } = await import("./make-pdf");
      const bytes = await makeGridPdf({ ...base, cellSheets, sheet, marginMm: margin.mm });
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      // Timed by `npm run bench` (click to finished PDF).
      performance.measure("pdf-made", "pdf-requested");
      setOpen(false);
      toast({
        title: "PDF ready",
        description: "Print it at 100 % (actual size) so a grid square measures its true size.",
      });
    } catch {
      toast({ title: "Error", description: "The PDF could not be made. Please try again.", variant: "destructive" });
    } finally {
      setMaking(false);
    }
  };

  const sheetName = presetLabel(sheet);
  const marks = layout !== null && cornerMarksFit(layout, margin.mm);
  const summary = !layout
    ? null
    : count === 1
      ? `The picture fits on one ${sheetName} sheet (${layout.orientation}), and so does the blank grid.${marks ? " The blank grid has four corner marks, so 'Check my drawing' finds it in a photo by itself." : ""}`
      : `The picture takes ${count} ${sheetName} sheets (${layout.orientation}, ${layout.rows} ${layout.rows === 1 ? "row" : "rows"} of ${layout.columns}), and so does the blank grid. They overlap by ${OVERLAP_MM} mm, with dashed cut lines and marks to tape them together.`;

  return (
    <>
      <Button variant="secondary" className="px-3" onClick={show}>
        <Printer className="h-4 w-4" aria-hidden /> <span className="sr-only lg:not-sr-only">Print / PDF</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !making && setOpen(next)}
        title="Print / PDF"
        description="First your picture as placed, under the lettered and numbered grid; then the same grid, blank, for your drawing paper. At true size, inside your printer's margin. Print at 100 % (actual size)."
      >
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-sheet`} className="text-sm font-semibold text-ink">
              Print on
            </label>
            <select
              id={`${id}-sheet`}
              className={selectClass}
              value={sheet}
              onChange={(e) => setChosenSheet(e.target.value as PaperPreset)}
            >
              {PAPER_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {presetLabel(p)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <TextField
              label="Printable margin"
              type="number"
              inputMode="decimal"
              min={0}
              step={paper.unit === "in" ? 0.05 : 0.1}
              value={margin.text}
              aria-invalid={marginError ? true : undefined}
              aria-describedby={`${id}-margin-hint${marginError ? ` ${id}-margin-error` : ""}`}
              onChange={(e) => {
                const text = e.target.value;
                const next = parseMargin(text, paper.unit);
                setMargin((m) => ({ text, unit: paper.unit, mm: "mm" in next ? next.mm : m.mm }));
              }}
            />
            <p id={`${id}-margin-hint`} className="mt-1.5 text-xs text-ink-soft">
              In {unitName}: what your printer cannot reach at each edge. Nothing is printed there.
            </p>
            {marginError && (
              <p id={`${id}-margin-error`} role="alert" className="mt-1.5 text-sm font-semibold text-danger">
                {marginError}
              </p>
            )}
          </div>
          <p aria-live="polite" className="text-sm text-ink">
            {tooMany
              ? `This drawing would take ${count} ${sheetName} sheets, more than ${MAX_SHEETS}: choose a larger sheet or a smaller paper.`
              : summary}
          </p>
          <Switch
            label="Add cell sheets"
            description="Enlarged cells with their labels, several to a page"
            checked={cellSheets}
            onCheckedChange={setCellSheets}
          />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={making}>
            Cancel
          </Button>
          <Button onClick={() => void make()} disabled={making || !layout || tooMany}>
            {making ? "Making PDF..." : "Make PDF"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
