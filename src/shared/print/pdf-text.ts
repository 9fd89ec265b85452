// The PDF's words in every language (decision 059): a line the PDF's font (Helvetica, WinAnsi) can
// write stays real text; a line with any letter it cannot write (Japanese, Chinese, Arabic) is
// drawn by the browser, with its own fonts, as a picture at print resolution and placed where the
// text would go, at the same size. Pure: the browser's drawing comes in as `TextPictures`.

/** Text pictures are drawn at this many dots per inch: as crisp as a laser printer's letters. */
export const TEXT_PICTURE_DPI = 300;

/** Which way a language's lines run. */
export type WordsDirection = "ltr" | "rtl";

/** A line of words drawn as a picture: PNG bytes, transparent around the letters. Lengths in points. */
export interface TextPicture {
  png: ArrayBuffer | Uint8Array;
  /** The picture's size. */
  width: number;
  height: number;
  /** From the picture's left edge to where the line starts (its left, whichever way it reads). */
  left: number;
  /** From the picture's top edge down to the line's baseline. */
  baseline: number;
}

/** How the browser draws a line of words (web/features/canvas/text-picture.ts). */
export interface TextPictures {
  /** The line's advance width in points at `size` points. */
  measure: (text: string, size: number) => number;
  /** The line at `size` points in `color` (0–1 red, green, blue), read in `direction`. */
  draw: (
    text: string,
    style: { size: number; color: [number, number, number]; direction: WordsDirection },
  ) => Promise<TextPicture>;
}

/** Whether a font whose letters are `letters` (code points) can write every letter of `text`. */
export function fontWrites(letters: ReadonlySet<number>, text: string): boolean {
  for (const letter of text) if (!letters.has(letter.codePointAt(0)!)) return false;
  return true;
}

/** A horizontal band of the page a line goes in: from `x`, `width` points wide. */
export interface LineBox {
  x: number;
  width: number;
}

/**
 * The band for a line in its language's direction: right to left, the band mirrored across the
 * page, so a label that starts at the drawing's left edge in English starts at its right edge.
 */
export function boxFor(box: LineBox, pageWidth: number, direction: WordsDirection): LineBox {
  return direction === "rtl" ? { x: pageWidth - box.x - box.width, width: box.width } : box;
}

/**
 * Where a line goes in its band: at `preferred` points, or smaller so it fits the band's width
 * (`widthAtPreferred` is the line's width at `preferred` points); at the band's start, its left
 * or, right to left, its right. The rule is the same for text and pictures.
 */
export function placeLine(
  box: LineBox,
  preferred: number,
  widthAtPreferred: number,
  direction: WordsDirection,
): { x: number; size: number; width: number } {
  const size = Math.min(preferred, (preferred * box.width) / widthAtPreferred);
  const width = (widthAtPreferred * size) / preferred;
  return { x: direction === "rtl" ? box.x + box.width - width : box.x, size, width };
}

/**
 * A text picture placed with its line starting at `x` and its baseline at `y` (PDF points, y up):
 * the image's rectangle, so its letters sit where the font's would.
 */
export function pictureRect(picture: TextPicture, x: number, y: number) {
  return {
    x: x - picture.left,
    y: y - (picture.height - picture.baseline),
    width: picture.width,
    height: picture.height,
  };
}

/** A text picture's canvas: `size` points at TEXT_PICTURE_DPI, and the points one pixel takes. */
export function pictureScale(size: number): { fontPixels: number; pointsPerPixel: number } {
  const pixelsPerPoint = TEXT_PICTURE_DPI / 72;
  return { fontPixels: size * pixelsPerPoint, pointsPerPixel: 1 / pixelsPerPoint };
}
