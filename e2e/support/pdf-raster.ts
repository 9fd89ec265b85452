// A PDF as a printer would see it: each page rendered by poppler's pdftoppm (Debian's
// poppler-utils) to grey pixels, and the straight lines found in them, to check print layout by
// what is actually painted rather than by what the file says.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const PDFTOPPM = "/usr/bin/pdftoppm";
export const PDFTOTEXT = "/usr/bin/pdftotext";
export const PDFINFO = "/usr/bin/pdfinfo";

export interface GreyPage {
  width: number;
  height: number;
  /** One byte a pixel, 0 black to 255 white, row by row. */
  pixels: Uint8Array;
}

/** A binary PGM (P5) as pdftoppm writes it: "P5", width, height, maximum value, one whitespace, pixels. */
function readPgm(file: string): GreyPage {
  const bytes = fs.readFileSync(file);
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[at]!))) at++;
    const start = at;
    while (!/\s/.test(String.fromCharCode(bytes[at]!))) at++;
    fields.push(bytes.subarray(start, at).toString("latin1"));
  }
  const [magic, width, height, max] = fields;
  if (magic !== "P5" || max !== "255") throw new Error(`Not an 8-bit PGM: ${file}`);
  return {
    width: Number(width),
    height: Number(height),
    pixels: bytes.subarray(at + 1, at + 1 + Number(width) * Number(height)),
  };
}

/** Every page of a PDF (or those from `pages.first` to `pages.last`, 1-based) in grey at `dpi` dots per inch, in page order. */
export function renderPdf(file: string, dpi: number, pages?: { first: number; last: number }): GreyPage[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-pdf-"));
  const range = pages ? ["-f", String(pages.first), "-l", String(pages.last)] : [];
  try {
    execFileSync(PDFTOPPM, ["-r", String(dpi), "-gray", ...range, file, path.join(dir, "page")]);
    // pdftoppm pads page numbers to the same width ("page-01"), so names sort in page order.
    return fs
      .readdirSync(dir)
      .sort()
      .map((name) => readPgm(path.join(dir, name)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page's size in points as pdfinfo reads it, rounded to a hundredth. */
export function pageSizes(file: string): [number, number][] {
  const info = execFileSync(PDFINFO, ["-f", "1", "-l", "10000", file]).toString("utf8");
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [
    Math.round(Number(m[1]) * 100) / 100,
    Math.round(Number(m[2]) * 100) / 100,
  ]);
}

/** The words pdftotext reads on one page (1-based). */
export function pageWords(file: string, page: number): string {
  return execFileSync(PDFTOTEXT, ["-f", String(page), "-l", String(page), "-layout", file, "-"]).toString("utf8");
}

/** A pixel counts as ink below this grey: a half-covered hairline of the grid's dark colour is ~170. */
const INK = 200;

export interface FoundLine {
  /** Centre across the line, in pixels (weighted by darkness, so a line between two pixel columns lands between them). */
  at: number;
  /** First and last pixel across the line that carry ink. */
  from: number;
  to: number;
  /** Where its longest unbroken run starts and ends along the line. */
  start: number;
  end: number;
}

const pixelAt = (page: GreyPage, along: number, across: number, vertical: boolean) =>
  vertical ? page.pixels[along * page.width + across]! : page.pixels[across * page.width + along]!;

/**
 * Straight solid lines running down the page (`vertical`) or across it: pixel columns (or rows)
 * holding an unbroken run of ink at least `minRun` pixels long. Neighbouring columns are one line
 * (an anti-aliased hairline covers two). Dashed and dotted lines, text and marks have no such run.
 */
export function solidLines(page: GreyPage, vertical: boolean, minRun: number): FoundLine[] {
  const count = vertical ? page.width : page.height;
  const length = vertical ? page.height : page.width;
  const lines: FoundLine[] = [];
  let group: { index: number; weight: number; start: number; end: number }[] = [];
  const close = () => {
    if (group.length === 0) return;
    const total = group.reduce((sum, g) => sum + g.weight, 0);
    lines.push({
      at: group.reduce((sum, g) => sum + g.index * g.weight, 0) / total,
      from: group[0]!.index,
      to: group.at(-1)!.index,
      start: Math.min(...group.map((g) => g.start)),
      end: Math.max(...group.map((g) => g.end)),
    });
    group = [];
  };
  for (let across = 0; across < count; across++) {
    let run = 0;
    let longest = 0;
    let end = 0;
    let weight = 0;
    for (let along = 0; along < length; along++) {
      const value = pixelAt(page, along, across, vertical);
      if (value < INK) {
        run++;
        if (run > longest) [longest, end] = [run, along];
      } else run = 0;
      weight += 255 - value;
    }
    if (longest >= minRun) group.push({ index: across, weight, start: end - longest + 1, end });
    else close();
  }
  close();
  return lines;
}

/**
 * Lines drawn with gaps (the join lines of sheets): the columns (or rows) from `within[0]` to
 * `within[1]` whose inked pixels add up to at least `minInk` though no run reaches `maxRun`, away
 * from the solid lines (whose faint anti-aliased edge can look broken).
 */
export function brokenLines(
  page: GreyPage,
  vertical: boolean,
  minInk: number,
  maxRun: number,
  within: [number, number],
): number[] {
  const length = vertical ? page.height : page.width;
  const solid = solidLines(page, vertical, maxRun);
  const found: number[] = [];
  let previous = -2;
  for (
    let across = Math.max(0, within[0]);
    across <= Math.min((vertical ? page.width : page.height) - 1, within[1]);
    across++
  ) {
    if (solid.some((line) => across >= line.from - 2 && across <= line.to + 2)) continue;
    let run = 0;
    let longest = 0;
    let ink = 0;
    for (let along = 0; along < length; along++) {
      if (pixelAt(page, along, across, vertical) < INK) {
        ink++;
        run++;
        if (run > longest) longest = run;
      } else run = 0;
    }
    if (ink < minInk || longest >= maxRun) continue;
    // An anti-aliased line covers two columns: report it once.
    if (previous !== across - 1) found.push(across);
    previous = across;
  }
  return found;
}

/** The distance in pixels from the nearest page edge to the nearest painted pixel (anything not white). */
export function inkDistanceFromEdge(page: GreyPage): number {
  let nearest = Infinity;
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      if (page.pixels[y * page.width + x]! < 250)
        nearest = Math.min(nearest, x, y, page.width - 1 - x, page.height - 1 - y);
    }
  }
  return nearest;
}
