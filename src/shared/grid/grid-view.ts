// How the grid and the picture look (decision 013): on the canvas, in the cell viewer and in the PDF.
import { OUTLINE_DETAIL_DEFAULT, outlineToneTable, type OutlineDetail } from "./outline";
import type { GridLineSet } from "./ladder";

export const GRID_COLORS = ["dark", "light", "accent"] as const;
export type GridColor = (typeof GRID_COLORS)[number];
/** Line colours as RGB 0–255: ink, a pale grey that shows on dark areas, the site's accent. */
export const GRID_RGB: Record<GridColor, [number, number, number]> = {
  dark: [43, 33, 24],
  light: [214, 211, 206],
  accent: [194, 65, 12],
};

export const IMAGE_MODES = ["color", "grayscale", "values3", "values5", "outline"] as const;
export type ImageMode = (typeof IMAGE_MODES)[number];
// The picture's modes, marked for the catalogs (`/*i18n*/`): the web shows them through `i18n._`.
export const IMAGE_MODE_NAMES: Record<ImageMode, string> = {
  color: /*i18n*/ "Colour",
  grayscale: /*i18n*/ "Grey-scale",
  values3: /*i18n*/ "3 values",
  values5: /*i18n*/ "5 values",
  outline: /*i18n*/ "Outline",
};

/** Line thickness as a multiple of the canvas's hairline; opacity 0.1–1. */
export const GRID_THICKNESS = { min: 0.5, max: 4, step: 0.5 } as const;
export const GRID_OPACITY = { min: 0.1, max: 1, step: 0.1 } as const;

export interface GridView {
  gridColor: GridColor;
  gridThickness: number;
  gridOpacity: number;
  diagonals: boolean;
  /** Which lines are drawn: the grid ladder's step (decision 074), with `diagonals`. */
  gridLines: GridLineSet;
  imageMode: ImageMode;
  /** How much of the outline view shows (decision 073). */
  outlineDetail: OutlineDetail;
}

/** The spec's look: dark hairlines, no diagonals, the picture in colour. */
export const GRID_VIEW_DEFAULTS: GridView = {
  gridColor: "dark",
  gridThickness: 1,
  gridOpacity: 1,
  diagonals: false,
  gridLines: "full",
  imageMode: "color",
  outlineDetail: OUTLINE_DETAIL_DEFAULT,
};

/**
 * What is done to the picture's pixels as it is drawn: nothing, grey, value steps, or (for the
 * outline version, whose file holds every detail) the lines up to the chosen detail.
 */
export type Tone = Exclude<ImageMode, "outline"> | `outline-${OutlineDetail}`;

/** The tone a view draws its picture in. */
export const toneOf = (view: Pick<GridView, "imageMode" | "outlineDetail">): Tone =>
  view.imageMode === "outline" ? `outline-${view.outlineDetail}` : view.imageMode;

/** Perceived lightness 0–255 of an sRGB colour (Rec. 601 weights, what grey-scale photo tools use). */
export const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * A lightness 0–255 snapped to `levels` evenly spaced values from black to white: 3 levels give
 * shadow, mid-tone and light (0, 128, 255 rounded), the tonal study art teachers set.
 */
export function valueLevel(lightness: number, levels: number): number {
  const band = Math.min(levels - 1, Math.floor((Math.max(0, Math.min(255, lightness)) / 256) * levels));
  return Math.round((band * 255) / (levels - 1));
}

/** 256 entries mapping lightness to what the tone shows (identity for grey-scale). */
export function toneTable(mode: Tone): Uint8ClampedArray {
  if (mode.startsWith("outline-")) return outlineToneTable(Number(mode.slice("outline-".length)) as OutlineDetail);
  const table = new Uint8ClampedArray(256);
  for (let i = 0; i < 256; i++)
    table[i] = mode === "values3" ? valueLevel(i, 3) : mode === "values5" ? valueLevel(i, 5) : i;
  return table;
}
