// The PDF's lines that its font cannot write (Japanese, Chinese, Arabic: decision 059), drawn by
// the browser with its own fonts, which shape Arabic and order right-to-left text as the page
// does, on a canvas at print resolution. Loaded with the PDF code only (make-pdf.ts).
import { pictureScale, type TextPictures, type WordsDirection } from "../../../shared/print/pdf-text";

/** Helvetica's look where the device has it; the device's own fonts for every other letter. */
const fontFamilyStyle = '"Helvetica Neue", Helvetica, Arial, sans-serif';

/** A canvas set for words of `lang` at `size` points; its size first, as resizing resets the rest. */
function prepare(canvas: HTMLCanvasElement, lang: string, size: number, direction: WordsDirection) {
  const context = canvas.getContext("2d")!;
  // Japanese and Chinese share letters drawn differently: the language picks the right ones.
  if ("lang" in context) (context as { lang: string }).lang = lang;
  context.font = `${pictureScale(size).fontPixels}px ${fontFamilyStyle}`;
  context.direction = direction;
  context.textAlign = "left";
  context.textBaseline = "alphabetic";
  return context;
}

async function pngOf(canvas: HTMLCanvasElement): Promise<ArrayBuffer> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("The words could not be drawn");
  return blob.arrayBuffer();
}

/** Lines of words in `lang` as pictures for the PDF (src/shared/print/pdf-text.ts). */
export function canvasTextPictures(lang: string, direction: WordsDirection): TextPictures {
  const measurer = document.createElement("canvas");
  measurer.lang = lang;
  return {
    measure: (text, size) =>
      prepare(measurer, lang, size, direction).measureText(text).width * pictureScale(size).pointsPerPixel,
    draw: async (text, { size, color, direction: lineDirection }) => {
      const canvas = document.createElement("canvas");
      canvas.lang = lang;
      const metrics = prepare(canvas, lang, size, lineDirection).measureText(text);
      // Room for every letter: a fallback font's letters may reach past the first font's box (which
      // browsers before 2023 do not report: then the letters' own).
      const ascent = Math.ceil(Math.max(metrics.actualBoundingBoxAscent, metrics.fontBoundingBoxAscent || 0)) + 1;
      const descent = Math.ceil(Math.max(metrics.actualBoundingBoxDescent, metrics.fontBoundingBoxDescent || 0)) + 1;
      const left = Math.ceil(Math.max(0, metrics.actualBoundingBoxLeft)) + 1;
      const right = Math.ceil(Math.max(metrics.width, metrics.actualBoundingBoxRight)) + 1;
      canvas.width = left + right;
      canvas.height = ascent + descent;
      const context = prepare(canvas, lang, size, lineDirection);
      context.fillStyle = `rgb(${color.map((v) => Math.round(v * 255)).join(" ")})`;
      context.fillText(text, left, ascent);
      const { pointsPerPixel } = pictureScale(size);
      return {
        png: await pngOf(canvas),
        width: canvas.width * pointsPerPixel,
        height: canvas.height * pointsPerPixel,
        left: left * pointsPerPixel,
        baseline: ascent * pointsPerPixel,
      };
    },
  };
}
