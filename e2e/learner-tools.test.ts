import fs from "node:fs";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { PDFArray, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFPage } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PHONE,
  baseUrl,
  expectToast,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
} from "./support/browser";
import { signIn } from "./support/accounts";
import { paperPixels } from "./support/paper";

let browser: Browser;
let dragonId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  // A sample by name, not the library's first: other journeys on this worker's server add
  // templates, and 'Next cell to draw' depends on where the picture has ink.
  const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string; name: string }[];
  dragonId = dragons.find((dragon) => dragon.name === "Jade Sky Dragon")!.id;
});
afterAll(() => browser.close());

const paper = (page: Page) => page.getByTestId("paper");
const viewer = (page: Page) => page.getByRole("dialog");
const doneCount = (page: Page) => page.getByText(/^\d+ of \d+ cells done$/);

async function openCanvas(page: Page) {
  await page.goto(`/draw/${dragonId}?version=color`);
  await paper(page).waitFor();
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
}

/** Click the middle of a cell on an 11 x 8.5 paper with grid 1. */
async function clickCell(page: Page, column: number, row: number) {
  const box = (await paper(page).boundingBox())!;
  const unit = box.width / 11;
  await paper(page).click({ position: { x: (column + 0.5) * unit, y: (row + 0.5) * unit } });
}

/** Whether the open cell shows as done: 'Done ✓' and Undo, or 'Mark done'. */
async function shownDone(page: Page): Promise<boolean> {
  const done = (await viewer(page).getByText("Done ✓").count()) === 1;
  expect(
    await viewer(page)
      .getByRole("button", { name: done ? "Undo" : "Mark done" })
      .count(),
  ).toBe(1);
  return done;
}

/** In the viewer: A1 by the button, B1 and C1 by the D key. */
async function markFirstThree(page: Page) {
  await clickCell(page, 0, 0);
  await viewer(page).getByRole("heading", { name: "Cell A1" }).waitFor();
  expect(await shownDone(page)).toBe(false);
  await page.getByRole("button", { name: "Mark done" }).click();
  expect(await shownDone(page)).toBe(true);
  await page.keyboard.press("ArrowRight");
  await viewer(page).getByRole("heading", { name: "Cell B1" }).waitFor();
  expect(await shownDone(page)).toBe(false);
  await page.keyboard.press("d");
  await page.keyboard.press("ArrowRight");
  await viewer(page).getByRole("heading", { name: "Cell C1" }).waitFor();
  await page.keyboard.press("D");
  expect(await shownDone(page)).toBe(true);
  await page.keyboard.press("Escape");
  await viewer(page).waitFor({ state: "detached" });
}

/** The lines a PDF page strokes ("x y m x y l"), in points, and whether it paints any image. */
function readPage(doc: PDFDocument, page: PDFPage): { lines: number[][]; paintsImage: boolean } {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const text = streams
    .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1"))
    .join("\n");
  const lines = [...text.matchAll(/(-?[\d.]+) (-?[\d.]+) m\s+(-?[\d.]+) (-?[\d.]+) l/g)].map((m) =>
    m.slice(1, 5).map(Number),
  );
  const xObjects = page.node.Resources()?.lookup(PDFName.of("XObject"));
  return {
    lines,
    paintsImage:
      /\bDo\b/.test(text) || Boolean(xObjects && (xObjects as unknown as { keys(): unknown[] }).keys().length > 0),
  };
}

/** The bytes of the first picture a PDF page paints (a JPEG: the page's picture under the grid). */
function pdfPicture(doc: PDFDocument, page: PDFPage): Buffer {
  const xObjects = page.node.Resources()!.lookup(PDFName.of("XObject")) as unknown as {
    keys(): PDFName[];
    get(name: PDFName): unknown;
  };
  const stream = doc.context.lookup(xObjects.get(xObjects.keys()[0]!) as never) as PDFRawStream;
  return Buffer.from(stream.contents);
}

async function makePdf(page: Page, cellSheets = false): Promise<PDFDocument> {
  await page.getByRole("button", { name: "Print / PDF" }).click();
  const dialog = page.getByRole("dialog", { name: "Print / PDF" });
  if (cellSheets) await dialog.getByRole("switch", { name: "Add cell sheets" }).click();
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Make PDF" }).click();
  const file = await (await download).path();
  return PDFDocument.load(fs.readFileSync(file));
}

describe("learner tools on the canvas", () => {
  it("as a visitor: marks three cells done, keeps them over a reload, opens the next cell to draw, drops marks the grid loses", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    expect(await doneCount(page).textContent()).toBe("0 of 99 cells done");
    const before = await paperPixels(page);
    await markFirstThree(page);
    expect(await doneCount(page).textContent()).toBe("3 of 99 cells done");
    expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("3");
    expect(await paper(page).getAttribute("aria-label")).toContain("3 cells marked done");
    // The shade and tick change the paper.
    expect(await paperPixels(page)).not.toEqual(before);

    await page.reload();
    await paper(page).waitFor();
    expect(await doneCount(page).textContent()).toBe("3 of 99 cells done");
    await page.getByRole("button", { name: "Next cell to draw" }).click();
    await viewer(page).getByRole("heading", { name: "Cell D1" }).waitFor();
    await page.keyboard.press("Escape");

    // A grid two columns wide has no C1: its mark goes, with a notice.
    await page.getByLabel("Width").fill("2");
    await expectToast(page, "1 done mark removed", "The new grid has no cell C1.");
    expect(await doneCount(page).textContent()).toBe("2 of 18 cells done");

    await page.getByRole("button", { name: "Reset done cells" }).click();
    await page.getByRole("dialog", { name: "Reset done cells?" }).getByRole("button", { name: "Reset" }).click();
    expect(await doneCount(page).textContent()).toBe("0 of 18 cells done");
    await context.close();
  });

  it("signed in: three cells marked done are saved with the progress and back after a reload", async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, `done-${Date.now()}@example.com`);
    await openCanvas(page);
    await markFirstThree(page);
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/wip") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    expect(
      ((await (await context.request.get(`/api/wip/${dragonId}`)).json()) as { doneCells: string[] }).doneCells,
    ).toEqual(["A1", "B1", "C1"]);
    await page.reload();
    await paper(page).waitFor();
    expect(await doneCount(page).textContent()).toBe("3 of 99 cells done");
    await page.getByRole("button", { name: "Next cell to draw" }).click();
    await viewer(page).getByRole("heading", { name: "Cell D1" }).waitFor();
    await context.close();
  });

  it("diagonals and the value views visibly change the canvas; the choices are kept", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    const plain = await paperPixels(page);
    expect(plain.colourful).toBeGreaterThan(0.05);

    await page.getByRole("switch", { name: "Diagonals" }).click();
    const diagonals = await paperPixels(page);
    expect(diagonals).not.toEqual(plain);

    await page.getByLabel("Picture").selectOption("grayscale");
    await page.locator("[data-testid=paper][data-view=grayscale]").waitFor();
    const grey = await paperPixels(page);
    expect(grey.colourful).toBe(0);

    await page.getByLabel("Picture").selectOption("values3");
    await page.locator("[data-testid=paper][data-view=values3]").waitFor();
    await page.getByRole("radio", { name: "Accent" }).click();
    expect(await paperPixels(page)).not.toEqual(grey);

    await page.reload();
    await page.locator("[data-testid=paper][data-view=values3]").waitFor();
    expect(await page.getByRole("switch", { name: "Diagonals" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("radio", { name: "Accent" }).getAttribute("aria-checked")).toBe("true");
    await context.close();
  });

  it("the outline view: the template's lines at the chosen detail, on the paper, in the cell viewer and in the PDF", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await openCanvas(page);
    expect(await page.getByLabel("Outline detail").count()).toBe(0);
    await page.getByLabel("Picture").selectOption("outline");
    await page.locator("[data-testid=paper][data-view=outline]").waitFor();
    // Lines on white paper: nothing coloured, a small share dark.
    const some = await paperPixels(page);
    expect(some.colourful).toBe(0);
    expect(some.dark).toBeGreaterThan(0.005);
    expect(some.dark).toBeLessThan(0.25);
    expect(await page.getByLabel("Outline detail").inputValue()).toBe("2");
    // Fewer lines with the main lines only, more with every detail (once the worker has toned them).
    await page.getByLabel("Outline detail").selectOption({ label: "Main lines" });
    await expect.poll(async () => (await paperPixels(page)).dark).toBeLessThan(some.dark);
    await page.getByLabel("Outline detail").selectOption({ label: "All detail" });
    await expect.poll(async () => (await paperPixels(page)).dark).toBeGreaterThan(some.dark);
    await screenshot(page, "learner-tools-outline-phone");

    // The cell viewer draws the same lines.
    await page.getByRole("button", { name: "Next cell to draw" }).click();
    await viewer(page).getByRole("heading", { name: "Cell D1" }).waitFor();
    const cell = await viewer(page)
      .locator("canvas")
      .first()
      .evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
        let colourful = 0;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) {
          const high = Math.max(data[i]!, data[i + 1]!, data[i + 2]!);
          if (high - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 40) colourful++;
          if (high < 110) dark++;
        }
        return { colourful, dark };
      });
    expect(cell.colourful).toBe(0);
    expect(cell.dark).toBeGreaterThan(0);
    await screenshot(page, "learner-tools-outline-viewer-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await viewer(page).waitFor({ state: "detached" });

    // The PDF's picture is the outline: white paper with grey lines, nothing coloured.
    const pdf = await makePdf(page);
    const picture = pdfPicture(pdf, pdf.getPage(0));
    const { data, info } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
    let colourful = 0;
    let white = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const high = Math.max(data[i]!, data[i + 1]!, data[i + 2]!);
      if (high - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 40) colourful++;
      if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 230) white++;
    }
    const pixels = data.length / info.channels;
    expect(colourful / pixels).toBeLessThan(0.001);
    expect(white / pixels).toBeGreaterThan(0.7);

    // Kept with the progress (this browser's, for a visitor).
    await page.reload();
    await page.locator("[data-testid=paper][data-view=outline]").waitFor();
    expect(await page.getByLabel("Outline detail").inputValue()).toBe("3");
    await context.close();
  });

  it("A4 in centimetres gives the right count, and its PDF is on A4 sheets", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    await page.getByRole("radio", { name: "Centimetres" }).click();
    // Switching converts: Letter landscape is 27.94 x 21.59 cm, the 1 in square a round 2.5 cm.
    expect(await page.getByLabel("Width").inputValue()).toBe("27.94");
    expect(await page.getByLabel("Grid Size").inputValue()).toBe("2.5");
    await page.getByLabel("Paper preset").selectOption("a4");
    expect(await page.getByLabel("Width").inputValue()).toBe("29.7");
    expect(await page.getByLabel("Height").inputValue()).toBe("21");
    await page.getByLabel("Grid Size").fill("2");
    expect(await page.getByText(/^\d+ x \d+ cells$/).textContent()).toBe("15 x 11 cells");
    await page.getByRole("button", { name: /^Landscape/ }).click();
    expect(await page.getByText(/^\d+ x \d+ cells$/).textContent()).toBe("11 x 15 cells");
    expect(await page.getByLabel("Paper preset").inputValue()).toBe("a4");

    // A4 sheets, turned whichever way needs fewer; the squares' true size is measured on the
    // rendered sheets (print.test.ts).
    const pdf = await makePdf(page);
    const pt = 72 / 2.54;
    for (const sheet of pdf.getPages()) {
      const [short, long] = [sheet.getWidth(), sheet.getHeight()].sort((a, b) => a - b);
      expect(Math.abs(short! - 21 * pt)).toBeLessThan(0.5);
      expect(Math.abs(long! - 29.7 * pt)).toBeLessThan(0.5);
    }
    await context.close();
  });

  it("Print / PDF: the picture under the grid, then the grid alone, each on one Letter sheet; cell sheets on request", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    const pdf = await makePdf(page);
    // Letter paper takes one Letter sheet a page, the strip the printer cannot reach left blank (print.test.ts measures it).
    expect(pdf.getPageCount()).toBe(2);
    const pages = pdf.getPages();
    for (const p of pages) {
      expect(Math.abs(p.getWidth() - 11 * 72)).toBeLessThan(0.5);
      expect(Math.abs(p.getHeight() - 8.5 * 72)).toBeLessThan(0.5);
    }
    const [picture, blank] = pages.map((p) => readPage(pdf, p));
    expect([picture!.paintsImage, blank!.paintsImage]).toEqual([true, false]);
    // The same grid over the picture as alone; the grid page adds its corner marks, squares of a
    // module and their white, far shorter than any grid line.
    const long = (lines: number[][]) => lines.filter(([x1, y1, x2, y2]) => Math.hypot(x2! - x1!, y2! - y1!) > 40);
    expect(long(blank!.lines).length).toBeGreaterThan(0);
    expect(blank!.lines.length).toBeGreaterThan(long(blank!.lines).length);
    expect(picture!.lines).toEqual(long(blank!.lines));

    const withSheets = await makePdf(page, true);
    expect(withSheets.getPageCount()).toBeGreaterThan(2);
    expect(readPage(withSheets, withSheets.getPage(2)).paintsImage).toBe(true);
    await context.close();
  });

  it("keeps the screen awake while the canvas is open (Screen Wake Lock)", async () => {
    // The full browser: the headless shell refuses every wake lock.
    const full = await launchBrowser({ full: true });
    try {
      const { context, page } = await newPage(full);
      // Records what the page asks of the browser's real wake lock and what the browser answers.
      await context.addInitScript(() => {
        const log: string[] = ((window as unknown as { __wakeLocks: string[] }).__wakeLocks = []);
        const request = navigator.wakeLock.request.bind(navigator.wakeLock);
        navigator.wakeLock.request = (type?: "screen") => {
          log.push("requested");
          return request(type).then(
            (sentinel) => (log.push("granted"), sentinel),
            (error: Error) => (log.push(`refused: ${error.name}`), Promise.reject(error)),
          );
        };
      });
      await openCanvas(page);
      expect(
        await page.evaluate(() =>
          (
            document as unknown as { featurePolicy: { allowsFeature(name: string): boolean } }
          ).featurePolicy.allowsFeature("screen-wake-lock"),
        ),
      ).toBe(true);
      await page.waitForFunction(() => (window as unknown as { __wakeLocks: string[] }).__wakeLocks.length >= 2);
      const log = await page.evaluate(() => (window as unknown as { __wakeLocks: string[] }).__wakeLocks);
      expect(log[0]).toBe("requested");
      // Not refused by our own Permissions-Policy (a NotAllowedError would say so).
      expect(log[1]).not.toBe("refused: NotAllowedError");
    } finally {
      await full.close();
    }
  });

  it("looks finished at 390 x 844 and 1440 x 900, and axe finds nothing serious", async () => {
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", { width: 1440, height: 900 }],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await openCanvas(page);
      await page.getByRole("switch", { name: "Diagonals" }).click();
      await page.getByLabel("Picture").selectOption("values5");
      await page.locator("[data-testid=paper][data-view=values5]").waitFor();
      await screenshot(page, `learner-tools-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The outline view over every other line, its detail beside it.
      await page.getByLabel("Picture").selectOption("outline");
      await page.getByLabel("Grid lines").selectOption("3");
      await page.locator("[data-testid=paper][data-view=outline]").waitFor();
      await screenshot(page, `learner-tools-outline-ladder-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The same in Arabic, right to left: the view is this browser's copy of the drawing.
      await page.goto(`/ar/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-view=outline]").waitFor();
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      await screenshot(page, `learner-tools-outline-ladder-ar-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await openCanvas(page);
      await page.getByLabel("Grid lines").selectOption("1");
      await page.getByLabel("Picture").selectOption("values5");
      await page.locator("[data-testid=paper][data-view=values5]").waitFor();
      // A1 to C1 are blank paper: the first cell with something to draw is D1, the curl over the head.
      await page.getByRole("button", { name: "Next cell to draw" }).click();
      await viewer(page).getByRole("heading", { name: "Cell D1" }).waitFor();
      await page.keyboard.press("d");
      await screenshot(page, `learner-tools-viewer-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await viewer(page).waitFor({ state: "detached" });
      expect(await doneCount(page).textContent()).toBe("1 of 99 cells done");
      await screenshot(page, `learner-tools-done-${name}`);
      await page.getByRole("button", { name: "Print / PDF" }).click();
      await page.getByRole("dialog", { name: "Print / PDF" }).waitFor();
      await screenshot(page, `learner-tools-print-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
