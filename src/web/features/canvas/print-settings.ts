// The sheet and margin a learner last printed a paper on, remembered on this device: 'Print / PDF'
// opens with them, and 'Check my drawing' knows where a poster's sheets join (joins.ts, decision 070).
import { PAPER_PRESETS, type PaperPreset, type Unit } from "../../../shared/grid/paper";
import { DEFAULT_MARGIN_MM, MAX_MARGIN_MM, defaultSheet, type PrintRequest } from "../../../shared/print/pdf-layout";

export interface PrintedPaper {
  width: number;
  height: number;
  unit: Unit;
  preset: PaperPreset | null;
}

export interface PrintSettings {
  sheet: PaperPreset;
  marginMm: number;
}

const key = (paper: PrintedPaper) => `dragon-grid:print:${paper.width}x${paper.height}${paper.unit}`;

/** What was last printed for this paper here, or null (nothing yet, or storage unreadable). */
export function rememberedPrint(paper: PrintedPaper): PrintSettings | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key(paper)) ?? "null") as Partial<PrintSettings> | null;
    const { sheet, marginMm } = stored ?? {};
    if (!PAPER_PRESETS.includes(sheet as PaperPreset)) return null;
    if (typeof marginMm !== "number" || !(marginMm >= 0 && marginMm <= MAX_MARGIN_MM)) return null;
    return { sheet: sheet as PaperPreset, marginMm };
  } catch {
    return null;
  }
}

export function rememberPrint(paper: PrintedPaper, settings: PrintSettings): void {
  try {
    localStorage.setItem(key(paper), JSON.stringify(settings));
  } catch {
    // Storage full or blocked: the dialog starts from the defaults next time.
  }
}

/** How this paper was (or, before any print, would be) printed: the remembered sheet and margin, else the dialog's defaults. */
export function printOf(paper: PrintedPaper): PrintRequest {
  const settings = rememberedPrint(paper) ?? {
    sheet: defaultSheet(paper.preset, paper.unit),
    marginMm: DEFAULT_MARGIN_MM,
  };
  return { paperWidth: paper.width, paperHeight: paper.height, unit: paper.unit, ...settings };
}
