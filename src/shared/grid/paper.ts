// Paper presets and units for the canvas (decision 013). Pure functions; the canvas, the PDF and the
// server's validation share them.
import { english, type TranslateMessage } from "../i18n/translate";
import { PAPER_MAX } from "./grid";

export const UNITS = ["in", "cm"] as const;
export type Unit = (typeof UNITS)[number];
export const CM_PER_INCH = 2.54;
/** PDF points per unit: 72 to the inch. */
export const POINTS_PER_UNIT: Record<Unit, number> = { in: 72, cm: 72 / CM_PER_INCH };
// The units' names, marked for the catalogs (`/*i18n*/`): the web shows them through `i18n._`.
export const UNIT_NAMES: Record<Unit, string> = { in: /*i18n*/ "Inches", cm: /*i18n*/ "Centimetres" };

export const PAPER_PRESETS = ["letter", "legal", "a5", "a4", "a3"] as const;
export type PaperPreset = (typeof PAPER_PRESETS)[number];

// Each preset's short and long side in its own unit: US sizes in inches, ISO sizes in centimetres.
// Letter and Legal are words, marked for the catalogs (`/*i18n*/`); A5, A4 and A3 are the same everywhere.
const PRESET_SIDES: Record<PaperPreset, { label: string; translated?: true; short: number; long: number; unit: Unit }> =
  {
    letter: { label: /*i18n*/ "Letter", translated: true, short: 8.5, long: 11, unit: "in" },
    legal: { label: /*i18n*/ "Legal", translated: true, short: 8.5, long: 14, unit: "in" },
    a5: { label: "A5", short: 14.8, long: 21, unit: "cm" },
    a4: { label: "A4", short: 21, long: 29.7, unit: "cm" },
    a3: { label: "A3", short: 29.7, long: 42, unit: "cm" },
  };

/** A preset's name ("Letter", "A4"), or "Custom", in the language of `translate` (English by default). */
export function presetLabel(preset: PaperPreset | null, translate: TranslateMessage = english): string {
  if (!preset) return translate(/*i18n*/ "Custom");
  const { label, translated } = PRESET_SIDES[preset];
  return translated ? translate(label) : label;
}

/** Numbers shown in the fields keep two decimals: 8.27 in, 27.94 cm. */
export const roundLength = (value: number) => Math.round(value * 100) / 100;

/** A length in one unit, in another. */
export function convertLength(value: number, from: Unit, to: Unit): number {
  if (from === to) return value;
  return from === "in" ? value * CM_PER_INCH : value / CM_PER_INCH;
}

export type Orientation = "landscape" | "portrait";

/** A preset's width and height in a unit and orientation (rounded as the fields show them). */
export function presetSize(
  preset: PaperPreset,
  unit: Unit,
  orientation: Orientation,
): { width: number; height: number } {
  const sides = PRESET_SIDES[preset];
  const short = roundLength(convertLength(sides.short, sides.unit, unit));
  const long = roundLength(convertLength(sides.long, sides.unit, unit));
  return orientation === "landscape" ? { width: long, height: short } : { width: short, height: long };
}

export const orientationOf = (width: number, height: number): Orientation =>
  width >= height ? "landscape" : "portrait";

// Two hundredths of the unit: the rounding of a converted preset, and nothing a person types on purpose.
const MATCH_TOLERANCE = 0.02;

/** The preset a paper size is (either way round), or null for a custom size. */
export function detectPreset(width: number, height: number, unit: Unit): PaperPreset | null {
  for (const preset of PAPER_PRESETS) {
    const size = presetSize(preset, unit, orientationOf(width, height));
    if (Math.abs(size.width - width) <= MATCH_TOLERANCE && Math.abs(size.height - height) <= MATCH_TOLERANCE)
      return preset;
  }
  return null;
}

export interface PaperLengths {
  paperWidth: number;
  paperHeight: number;
  gridSize: number;
}

/** Grid sizes a unit change offers: quarter inches and half centimetres (decision 051). */
const GRID_STEP: Record<Unit, number> = { in: 0.25, cm: 0.5 };

/**
 * A grid size in another unit, rounded to the nearest round size there (1 in → 2.5 cm, 3 cm →
 * 1.25 in) and at least 1, the canvas's rule in every unit (2 cm → 1 in, not 0.75).
 */
export function convertGridSize(gridSize: number, from: Unit, to: Unit): number {
  if (from === to) return gridSize;
  const step = GRID_STEP[to];
  return Math.min(PAPER_MAX, Math.max(1, Math.round(convertLength(gridSize, from, to) / step) * step));
}

/**
 * Switch units. A preset stays exactly that preset (A4 is 21 × 29.7 cm again after a trip through
 * inches, not 21.01 × 29.69); any other paper is converted and rounded to two decimals, at most
 * 200; the grid size goes to a round size (convertGridSize).
 */
export function convertLengths(lengths: PaperLengths, from: Unit, to: Unit): PaperLengths {
  if (from === to) return lengths;
  const { paperWidth, paperHeight } = lengths;
  const preset = detectPreset(paperWidth, paperHeight, from);
  const side = (value: number) => Math.min(PAPER_MAX, Math.max(0.01, roundLength(convertLength(value, from, to))));
  const paper = preset
    ? presetSize(preset, to, orientationOf(paperWidth, paperHeight))
    : { width: side(paperWidth), height: side(paperHeight) };
  return {
    paperWidth: paper.width,
    paperHeight: paper.height,
    gridSize: convertGridSize(lengths.gridSize, from, to),
  };
}
