import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, baseUrl, launchBrowser, newPage, screenshot } from "./support/browser";
import {
  PDFINFO,
  PDFTOPPM,
  PDFTOTEXT,
  brokenLines,
  inkDistanceFromEdge,
  pageSizes,
  pageWords,
  renderPdf,
  solidLines,
  type GreyPage,
} from "./support/pdf-raster";

// The printed grid is checked as a printer sees it: pages rendered by poppler at a known
// resolution, lines found in the pixels. CI installs poppler-utils; elsewhere, without it, the
// journey is skipped with a message.
const CI = process.env.CI === "true" || process.env.CI === "1";
const PDFIMAGES = "/usr/bin/pdfimages";
const poppler = [PDFTOPPM, PDFTOTEXT, PDFINFO, PDFIMAGES].every((tool) => fs.existsSync(tool));
if (!poppler && CI)
  throw new Error(`${PDFTOPPM}, ${PDFTOTEXT} or ${PDFINFO} is missing: apt-get install poppler-utils`);
if (!poppler) console.warn(`print journeys: skipped, no ${PDFTOPPM} (apt-get install poppler-utils)`);

const DPI = 150;
/** A grid line runs unbroken for at least this many pixels; dashes, text and marks never do. */
const LINE_RUN = 0.75 * DPI;

let browser: Browser;
let dragonId: string;
beforeAll(async () => {
  if (!poppler) return;
  browser = await launchBrowser();
  const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string }[];
  dragonId = dragons[0]!.id;
});
afterAll(() => browser?.close());

async function openCanvas(page: Page) {
  await page.goto(`/draw/${dragonId}?version=color`);
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Print / PDF" });

async function openPrint(page: Page) {
  await page.getByRole("button", { name: "Print / PDF" }).click();
  await dialogOf(page).waitFor();
  return dialogOf(page);
}

/** 'Make PDF' in the open dialog: the downloaded file and its pages' sizes in points. */
async function makePdf(page: Page): Promise<{ file: string; sizes: [number, number][] }> {
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await dialogOf(page).getByRole("button", { name: "Make PDF" }).click();
  const file = (await (await download).path())!;
  const pdf = await PDFDocument.load(fs.readFileSync(file));
  return {
    file,
    sizes: pdf.getPages().map((p) => [Math.round(p.getWidth() * 100) / 100, Math.round(p.getHeight() * 100) / 100]),
  };
}

const gaps = (values: number[]) => values.slice(1).map((v, i) => v - values[i]!);
/** Each gap in whole squares of `square` pixels, or NaN when it is more than a pixel off any. */
const inSquares = (values: number[], square: number) =>
  gaps(values).map((gap) => (Math.abs(gap - Math.round(gap / square) * square) <= 1 ? Math.round(gap / square) : NaN));

/** Grid lines of a rendered sheet, each checked to lie at least `marginPx` inside the page. */
function gridLines(sheet: GreyPage, marginPx: number) {
  const vertical = solidLines(sheet, true, LINE_RUN);
  const horizontal = solidLines(sheet, false, LINE_RUN);
  for (const line of vertical) {
    expect(line.from).toBeGreaterThanOrEqual(marginPx);
    expect(line.to).toBeLessThanOrEqual(sheet.width - 1 - marginPx);
  }
  for (const line of horizontal) {
    expect(line.from).toBeGreaterThanOrEqual(marginPx);
    expect(line.to).toBeLessThanOrEqual(sheet.height - 1 - marginPx);
  }
  return { xs: vertical.map((l) => l.at), ys: horizontal.map((l) => l.at) };
}

/**
 * Two neighbouring sheets laid as the label says, the cut edge of the second (dashed) on the
 * dotted line of the first: the distance between the last grid line before the join on the first
 * and the first one after it on the second, in pixels.
 */
function acrossJoin(first: GreyPage, second: GreyPage, vertical: boolean): number {
  // Looked for across the grid only (not in the sheet's label under it): where the grid's lines
  // in the other direction run, and a few pixels more for a join line on the grid's edge.
  const span = (sheet: GreyPage): [number, number] => {
    const lines = solidLines(sheet, !vertical, LINE_RUN);
    return [Math.min(...lines.map((l) => l.start)) - 3, Math.max(...lines.map((l) => l.end)) + 3];
  };
  // The first sheet's join line nearest its far side is the dotted one; the second's nearest its near side the dashed cut.
  const guide = brokenLines(first, vertical, 2 * DPI, LINE_RUN, span(first)).at(-1)!;
  const cut = brokenLines(second, vertical, 2 * DPI, LINE_RUN, span(second))[0]!;
  expect(guide).toBeDefined();
  expect(cut).toBeDefined();
  const before = solidLines(first, vertical, LINE_RUN)
    .filter((l) => l.at < guide)
    .at(-1)!;
  const after = solidLines(second, vertical, LINE_RUN).find((l) => l.at > cut)!;
  return guide - before.at + (after.at - cut);
}

/** The cell labels pdftotext reads on these pages. */
function labelsOn(file: string, pages: number[]): Set<string> {
  return new Set(pages.flatMap((p) => [...pageWords(file, p).matchAll(/\b[A-Z]{1,2}[0-9]{1,3}\b/g)].map((m) => m[0])));
}

const allLabels = (columns: number, rows: number) =>
  Array.from(
    { length: columns * rows },
    (_, i) => `${String.fromCharCode(65 + (i % columns))}${Math.floor(i / columns) + 1}`,
  );

describe.skipIf(!poppler)("printing the grid (rendered by poppler)", () => {
  it("with the defaults on a phone (390 × 844, touch): exactly two Letter pages, one sheet each, squares exactly 1 inch, the grid's edge on the sheet's edge and nothing in the 0.25 in strip", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await openCanvas(page);
    const dialog = await openPrint(page);
    expect(await dialog.getByLabel("Print on").inputValue()).toBe("letter");
    expect(await dialog.getByLabel("Printable margin").inputValue()).toBe("0.25");
    await dialog.getByText("Each page fits on one Letter sheet (landscape).").waitFor();
    await dialog
      .getByText("The grid fills the sheet, but your printer leaves a thin strip blank", { exact: false })
      .waitFor();
    await dialog.getByText("The grid page has four corner marks", { exact: false }).waitFor();
    await screenshot(page, "print-dialog-390");
    const { file } = await makePdf(page);

    // pdfinfo: the picture under the grid, then the grid alone, each on one landscape Letter sheet.
    expect(pageSizes(file)).toEqual([
      [792, 612],
      [792, 612],
    ]);
    const sheets = renderPdf(file, DPI);
    expect(sheets.map((s) => [s.width, s.height])).toEqual(Array(2).fill([11 * DPI, 8.5 * DPI]));
    // Nothing at all painted in the strip the printer cannot reach: not the picture, a line, a label or a mark.
    for (const sheet of sheets) expect(inkDistanceFromEdge(sheet)).toBeGreaterThanOrEqual(Math.ceil(0.25 * DPI));

    // The paper is the sheet: its lines 1 to 10 in from the left edge and 1 to 8 in from the top,
    // every square exactly 1 inch; the outer lines are the sheet's edges, left blank.
    const { xs, ys } = gridLines(sheets[1]!, 0.25 * DPI);
    expect(xs.map((x) => Math.round(x / DPI))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ys.map((y) => Math.round(y / DPI))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const [i, x] of xs.entries()) expect(Math.abs(x - (i + 1) * DPI)).toBeLessThanOrEqual(1.5);
    for (const [i, y] of ys.entries()) expect(Math.abs(y - (i + 1) * DPI)).toBeLessThanOrEqual(1.5);
    expect(inSquares(xs, DPI)).toEqual(Array(9).fill(1));
    expect(inSquares(ys, DPI)).toEqual(Array(7).fill(1));

    // No scissors: no sheet label, and every cell's label on each page, the cut edge ones in the printed part.
    expect(pageWords(file, 1)).not.toContain("sheet 1 of");
    for (const p of [1, 2]) {
      const labels = labelsOn(file, [p]);
      for (const label of allLabels(11, 9)) expect(labels.has(label), `${label} on page ${p}`).toBe(true);
    }
    await context.close();
  });

  it("Legal paper on Letter, larger than the sheet: two sheets a copy, every line, label and mark at least the 0.25 in margin inside, squares exactly 1 inch, joining exactly", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    await page.getByLabel("Paper preset").selectOption("legal");
    await page.getByText("14 x 9 cells").waitFor();
    const dialog = await openPrint(page);
    await dialog.getByLabel("Print on").selectOption("letter");
    await dialog
      .getByText(
        "Your paper is larger than a Letter sheet, so each page takes 2 sheets (portrait, 1 row of 2) to trim and tape together.",
        { exact: false },
      )
      .waitFor();
    const { file, sizes } = await makePdf(page);

    // Letter sheets, portrait: the picture under the grid on two, then the grid alone on two.
    expect(sizes).toEqual(Array(4).fill([612, 792]));
    const sheets = renderPdf(file, DPI);
    expect(sheets.map((s) => [s.width, s.height])).toEqual(Array(4).fill([8.5 * DPI, 11 * DPI]));
    for (const sheet of sheets) expect(inkDistanceFromEdge(sheet)).toBeGreaterThanOrEqual(Math.ceil(0.25 * DPI));

    const [left, right] = [gridLines(sheets[2]!, 0.25 * DPI), gridLines(sheets[3]!, 0.25 * DPI)];
    // 14 in across, in two halves of (14 in + the overlap) / 2: whole 1-inch squares on each.
    for (const side of [left, right]) {
      expect(side.xs.length).toBeGreaterThanOrEqual(7);
      expect(inSquares(side.xs, DPI).every((n) => n === 1)).toBe(true);
    }
    // 8.5 in down: eight 1-inch rows and a half row, the same on both sheets.
    expect(gaps(left.ys).map((g) => Math.round(g))).toEqual([150, 150, 150, 150, 150, 150, 150, 150, 75]);
    for (const [i, y] of right.ys.entries()) expect(Math.abs(y - left.ys[i]!)).toBeLessThanOrEqual(1);
    for (const gap of gaps(left.ys).slice(0, 8)) expect(Math.abs(gap - DPI)).toBeLessThanOrEqual(1);
    expect(Math.abs(gaps(left.ys)[8]! - DPI / 2)).toBeLessThanOrEqual(1);
    // Joined at the cut line, the squares across the join are 1 inch like every other.
    expect(Math.abs(acrossJoin(sheets[2]!, sheets[3]!, true) - DPI)).toBeLessThanOrEqual(1);

    expect(pageWords(file, 1)).toContain("Picture and grid · sheet 1 of 2 · row 1, column 1");
    expect(pageWords(file, 4)).toContain("Grid alone · sheet 2 of 2 · row 1, column 2");
    const labels = labelsOn(file, [3, 4]);
    for (const label of allLabels(14, 9)) expect(labels.has(label), label).toBe(true);
    expect(labelsOn(file, [3]).has("A1")).toBe(true);
    await context.close();
  });

  it("a drawing that fits: Letter paper printed on A3 with a half-inch margin is one centred sheet, every line at least half an inch in", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    const dialog = await openPrint(page);
    await dialog.getByLabel("Print on").selectOption("a3");
    await dialog.getByLabel("Printable margin").fill("0.5");
    await dialog.getByText("Each page fits on one A3 sheet (landscape).").waitFor();
    const { file, sizes } = await makePdf(page);
    expect(sizes).toEqual([
      [1190.55, 841.89],
      [1190.55, 841.89],
    ]);
    const sheets = renderPdf(file, DPI);
    for (const sheet of sheets) expect(inkDistanceFromEdge(sheet)).toBeGreaterThanOrEqual(0.5 * DPI);
    const { xs, ys } = gridLines(sheets[1]!, 0.5 * DPI);
    expect(inSquares(xs, DPI)).toEqual(Array(11).fill(1));
    expect(
      gaps(ys)
        .slice(0, 8)
        .every((gap) => Math.abs(gap - DPI) <= 1),
    ).toBe(true);
    expect(gaps(ys)).toHaveLength(9);
    // Centred: as much room left of the grid as right of it.
    expect(Math.abs(xs[0]! - (sheets[1]!.width - 1 - xs.at(-1)!))).toBeLessThanOrEqual(2);
    expect(pageWords(file, 2)).not.toContain("sheet 1 of");
    const labels = labelsOn(file, [2]);
    for (const label of allLabels(11, 9)) expect(labels.has(label), label).toBe(true);
    // Remembered on this device for this paper: the next visit opens the dialog with them.
    await page.reload();
    await page.locator("[data-testid=paper][data-image=hires]").waitFor();
    const again = await openPrint(page);
    expect(await again.getByLabel("Print on").inputValue()).toBe("a3");
    expect(await again.getByLabel("Printable margin").inputValue()).toBe("0.5");
    await context.close();
  });

  it("a 20 × 15 in poster on Letter: six sheets a copy, in rows and columns, whose squares and labels add up across every join", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    await page.getByLabel("Width").fill("20");
    await page.getByLabel("Height").fill("15");
    await page.getByText("20 x 15 cells").waitFor();
    const dialog = await openPrint(page);
    expect(await dialog.getByLabel("Print on").inputValue()).toBe("letter");
    await dialog
      .getByText(
        "Your paper is larger than a Letter sheet, so each page takes 6 sheets (landscape, 3 rows of 2) to trim and tape together.",
        { exact: false },
      )
      .waitFor();
    const { file, sizes } = await makePdf(page);
    expect(sizes).toEqual(Array(12).fill([792, 612]));
    const sheets = renderPdf(file, DPI);
    for (const sheet of sheets) expect(inkDistanceFromEdge(sheet)).toBeGreaterThanOrEqual(Math.ceil(0.25 * DPI));
    const grid = sheets.slice(6);
    for (const sheet of grid) {
      const { xs, ys } = gridLines(sheet, 0.25 * DPI);
      expect(inSquares(xs, DPI).every((n) => n === 1)).toBe(true);
      expect(inSquares(ys, DPI).every((n) => n === 1)).toBe(true);
    }
    // Reading order: row 1 is sheets 1 and 2, row 2 sheets 3 and 4. Across each join, squares stay 1 inch.
    expect(Math.abs(acrossJoin(grid[0]!, grid[1]!, true) - DPI)).toBeLessThanOrEqual(1);
    expect(Math.abs(acrossJoin(grid[0]!, grid[2]!, false) - DPI)).toBeLessThanOrEqual(1);
    expect(pageWords(file, 12)).toContain("Grid alone · sheet 6 of 6 · row 3, column 2");
    const labels = labelsOn(file, [7, 8, 9, 10, 11, 12]);
    for (const label of allLabels(20, 15)) expect(labels.has(label), label).toBe(true);
    await context.close();
  });

  it("A4 in centimetres with 2 cm squares on A4: one sheet a page, 2 cm exactly, inside the quarter-inch margin (shown as 0.6 cm)", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    await page.getByRole("radio", { name: "Centimetres" }).click();
    await page.getByLabel("Paper preset").selectOption("a4");
    await page.getByLabel("Grid Size").fill("2");
    await page.getByText("15 x 11 cells").waitFor();
    const dialog = await openPrint(page);
    expect(await dialog.getByLabel("Print on").inputValue()).toBe("a4");
    expect(await dialog.getByLabel("Printable margin").inputValue()).toBe("0.6");
    await dialog.getByText("Each page fits on one A4 sheet (landscape).").waitFor();
    const { file, sizes } = await makePdf(page);
    expect(sizes).toEqual(Array(2).fill([841.89, 595.28]));
    const cm = DPI / 2.54;
    const sheets = renderPdf(file, DPI);
    for (const sheet of sheets) expect(inkDistanceFromEdge(sheet)).toBeGreaterThanOrEqual(Math.ceil(0.25 * DPI));
    const { xs, ys } = gridLines(sheets[1]!, 0.25 * DPI);
    // 29.7 cm across, edge on edge: lines at 2, 4 … 28 cm from the left edge.
    expect(xs.map((x) => Math.round(x / cm))).toEqual(Array.from({ length: 14 }, (_, i) => 2 * (i + 1)));
    for (const [i, x] of xs.entries()) expect(Math.abs(x - 2 * (i + 1) * cm)).toBeLessThanOrEqual(1.5);
    // 21 cm down: lines at 2 … 20 cm, the last row 1 cm, its outer line the sheet's edge.
    expect(ys.map((y) => Math.round(y / cm))).toEqual(Array.from({ length: 10 }, (_, i) => 2 * (i + 1)));
    for (const gap of [...gaps(xs), ...gaps(ys)]) expect(Math.abs(gap - 2 * cm)).toBeLessThanOrEqual(1);
    await context.close();
  });

  it("the margin field says what is wrong with a bad margin and keeps the PDF from being made; it follows the unit", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    const dialog = await openPrint(page);
    const field = dialog.getByLabel("Printable margin");
    const make = dialog.getByRole("button", { name: "Make PDF" });
    for (const bad of ["-0.1", "1.5", ""]) {
      await field.fill(bad);
      await dialog.getByRole("alert").filter({ hasText: "Enter a margin from 0 to 1 in." }).waitFor();
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await make.isDisabled()).toBe(true);
    }
    await field.fill("0.3");
    await dialog.getByRole("alert").waitFor({ state: "detached" });
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    expect(await make.isEnabled()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // 0.3 in is 0.762 cm: the same margin, in the unit the canvas now uses, to the field's step.
    await page.getByRole("radio", { name: "Centimetres" }).click();
    await openPrint(page);
    expect(await field.inputValue()).toBe("0.8");
    await field.fill("3");
    await dialog.getByRole("alert").filter({ hasText: "Enter a margin from 0 to 2.54 cm." }).waitFor();
    await context.close();
  });
});

/** The images on each page as pdfimages lists them: their kind ("image", or "smask" for a transparency) and resolution. */
function imagesOf(file: string): { page: number; type: string; encoding: string; ppi: number }[] {
  const list = execFileSync(PDFIMAGES, ["-list", file]).toString("utf8").split("\n").slice(2);
  return list
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 13)
    .map((fields) => ({ page: Number(fields[0]), type: fields[2]!, encoding: fields[8]!, ppi: Number(fields[12]) }));
}

/** The left- and rightmost ink (grey below 200) in rows `from` to `to` of a rendered page, in pixels. */
function inkSpan(sheet: GreyPage, from: number, to: number): { left: number; right: number; count: number } {
  let left = Infinity;
  let right = -Infinity;
  let count = 0;
  for (let y = from; y <= to; y++) {
    for (let x = 0; x < sheet.width; x++) {
      if (sheet.pixels[y * sheet.width + x]! >= 200) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      count++;
    }
  }
  return { left, right, count };
}

/** The PDF's English words: none may be left in a translated PDF. */
const ENGLISH_PDF = ["Picture and grid", "Grid alone", "sheet", "column", "Cut on the dashed", "tape", "Cell"];

/**
 * A language whose letters Helvetica cannot write (decision 059): its address, and the words of the
 * controls this journey uses. Its lines are pictures drawn by the browser; in CI, without a font
 * for them, those may be boxes, so nothing here depends on the letters.
 */
const PICTURE_LANGUAGES = [
  {
    lang: "ja",
    prefix: "/ja",
    direction: "ltr",
    print: "印刷 / PDF",
    preset: "定型サイズ",
    printOn: "印刷する用紙",
    cellSheets: "マスごとのページを追加",
    make: "PDF を作成",
  },
  {
    lang: "zh-Hans",
    prefix: "/zh-hans",
    direction: "ltr",
    print: "打印 / PDF",
    preset: "预设尺寸",
    printOn: "打印用纸",
    cellSheets: "添加格子放大页",
    make: "生成 PDF",
  },
  {
    lang: "ar",
    prefix: "/ar",
    direction: "rtl",
    print: "طباعة / PDF",
    preset: "مقاس جاهز",
    printOn: "الطباعة على",
    cellSheets: "إضافة أوراق المربعات",
    make: "إنشاء PDF",
  },
] as const;

describe.skipIf(!poppler)("the PDF's words in Japanese, Chinese and Arabic (pictures of the browser's letters)", () => {
  for (const language of PICTURE_LANGUAGES) {
    it(`${language.lang}: Legal on Letter with cell sheets: no English left, each line a 300 dpi picture under the drawing, from its ${language.direction === "rtl" ? "right" : "left"} edge; the cell labels still text`, async () => {
      const { context, page } = await newPage(browser);
      await page.goto(`${language.prefix}/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      const preset = page.getByLabel(language.preset);
      await preset.selectOption("legal");
      expect(await preset.inputValue()).toBe("legal");
      await page.getByRole("button", { name: language.print }).click();
      const dialog = page.getByRole("dialog", { name: language.print });
      await dialog.getByLabel(language.printOn).selectOption("letter");
      await dialog.getByRole("switch", { name: language.cellSheets }).click();
      const download = page.waitForEvent("download", { timeout: 45_000 });
      await dialog.getByRole("button", { name: language.make }).click();
      const file = (await (await download).path())!;
      // PDF_WORDS_KEEP=<folder> keeps the PDFs, to look at their letters (pdftoppm -png).
      if (process.env.PDF_WORDS_KEEP) fs.copyFileSync(file, `${process.env.PDF_WORDS_KEEP}/print-${language.lang}.pdf`);

      // Two sheets a copy, then the cell sheets.
      const sizes = pageSizes(file);
      expect(sizes.slice(0, 4)).toEqual(Array(4).fill([612, 792]));
      expect(sizes.length).toBeGreaterThan(4);
      // No English words, and no text but the grid's cell labels, which stay Latin (A1, B7).
      for (const p of [1, 3, 5, sizes.length]) {
        const words = pageWords(file, p);
        for (const english of ENGLISH_PDF) expect(words, `page ${p}`).not.toContain(english);
        expect(words.trim(), `page ${p}`).toMatch(/^[A-Z0-9\s]*$/);
      }
      expect(labelsOn(file, [3]).has("A1")).toBe(true);

      // Each sheet's two lines (its place, how to join) are pictures at print resolution with their
      // transparency, beside the picture under the grid on page 1; a cell sheet has a heading a cell.
      const images = imagesOf(file);
      const lines = (p: number) => images.filter((i) => i.page === p && i.type === "image" && i.encoding === "image");
      for (const p of [1, 2, 3, 4]) {
        expect(lines(p), `page ${p}`).toHaveLength(2);
        expect(images.filter((i) => i.page === p && i.type === "smask")).toHaveLength(2);
        for (const line of lines(p)) expect(line.ppi).toBeGreaterThanOrEqual(295);
      }
      expect(images.filter((i) => i.page === 1 && i.encoding === "jpeg")).toHaveLength(1);
      const cellPage = images.filter((i) => i.page === 5);
      expect(cellPage.filter((i) => i.encoding === "jpeg").length).toBeGreaterThan(0);
      expect(cellPage.filter((i) => i.encoding === "image" && i.type === "image")).toHaveLength(
        cellPage.filter((i) => i.encoding === "jpeg").length,
      );

      // Under the grid alone's first sheet: the lines start at the drawing's left edge in Japanese,
      // and in Arabic end at the mirrored place, as far in from the sheet's right edge.
      const [sheet] = renderPdf(file, DPI, { first: 3, last: 3 });
      const vertical = solidLines(sheet!, true, LINE_RUN).map((l) => l.at);
      const horizontal = solidLines(sheet!, false, LINE_RUN).map((l) => l.at);
      const gridLeft = Math.min(...vertical);
      const gridBottom = Math.max(...horizontal);
      const band = inkSpan(sheet!, Math.ceil(gridBottom) + 3, Math.ceil(gridBottom + (20 / 72) * DPI) + 3);
      expect(band.count).toBeGreaterThan(200);
      if (language.direction === "rtl")
        expect(Math.abs(band.right - (sheet!.width - 1 - gridLeft))).toBeLessThanOrEqual(4);
      else expect(Math.abs(band.left - gridLeft)).toBeLessThanOrEqual(4);
      // Nothing below the band: the lines sit in it, on their baselines.
      expect(inkSpan(sheet!, Math.ceil(gridBottom + (20 / 72) * DPI) + 6, sheet!.height - 1).count).toBe(0);
      await context.close();
    });
  }
});
