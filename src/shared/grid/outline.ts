// The outline view (decision 073): a template's contours, drawn by the server as grey lines whose
// tone says how coarse a scale each is seen at, shown by the canvas, the cell viewer and the PDF up
// to the detail the learner chooses, all in one dark tone.

/** The outline file's tones: main contours, details, fine details (paper is 255). */
export const OUTLINE_DETAIL_TONES = [0, 100, 180] as const;

/** How much of the outline is shown: main contours only, with details, with fine details. */
export const OUTLINE_DETAILS = [1, 2, 3] as const;
export type OutlineDetail = (typeof OUTLINE_DETAILS)[number];
export const OUTLINE_DETAIL_DEFAULT: OutlineDetail = 2;
export const isOutlineDetail = (value: unknown): value is OutlineDetail =>
  (OUTLINE_DETAILS as readonly unknown[]).includes(value);
// Marked for the catalogs (`/*i18n*/`): the web shows them through `i18n._`.
export const OUTLINE_DETAIL_NAMES: Record<OutlineDetail, string> = {
  1: /*i18n*/ "Main lines",
  2: /*i18n*/ "Some detail",
  3: /*i18n*/ "All detail",
};

/** The tone a shown line is drawn in: the grid's dark ink's lightness, so lines read as pencil on paper. */
const LINE = 40;

/**
 * 256 entries mapping the outline file's lightness to what `detail` shows: its lines dark, the
 * rest paper. A scaled picture's line fades into the paper at its edges: from the detail's own
 * tone to halfway to the next one the table fades too, so the line keeps smooth edges and a
 * finer line's fading edge never shows.
 */
export function outlineToneTable(detail: OutlineDetail): Uint8ClampedArray {
  const tones = [...OUTLINE_DETAIL_TONES, 255];
  const line = tones[detail - 1]!;
  const cut = (line + tones[detail]!) / 2;
  const table = new Uint8ClampedArray(256);
  for (let i = 0; i < 256; i++)
    table[i] = i <= line ? LINE : i >= cut ? 255 : LINE + ((255 - LINE) * (i - line)) / (cut - line);
  return table;
}
