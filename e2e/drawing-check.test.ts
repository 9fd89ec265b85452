// 'Check my drawing' as a learner uses it: a phone photo of their paper (made in software: the
// template's outlines in pencil on a printed grid, one cell's lines 3 mm low, the sheet turned 25°
// in perspective, lit unevenly, blurred and noisy), the grid found by itself (by its lines or the
// printed page's corner marks) or its corners placed by pointer or by keyboard, the heat map, the
// cell beside the photo, and marking the matching cells done.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
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
import { partsWithLines, photoOfDrawing, templateOnPaper, type DrawingPhoto } from "../scripts/lib/drawing-photo";
import type { CellBlock } from "../src/shared/drawing-check/proportion";
import { renderPdf, solidLines } from "./support/pdf-raster";
import { photoOfPracticePdf } from "./support/practice-photo";
import { PAGE_PX_PER_MM } from "../src/shared/drawing-check/synthetic-photo";
import { posterOf, printedSheetOf } from "../scripts/lib/printed-grid-page";
import { signIn } from "./support/accounts";
import { paperPixels } from "./support/paper";

const CORNERS = ["Top-left", "Top-right", "Bottom-right", "Bottom-left"] as const;
const WIDE = { width: 1440, height: 900 };
const PLANTED = { column: 5, row: 3, dx: 0, dy: 3 }; // F4, 3 mm low
/** Dots per inch a PDF's grid page is read at. */
const GRID_DPI = 50;

let browser: Browser;
let dragonId: string;
let template: Buffer;
let twelveMegapixels: DrawingPhoto;
let small: DrawingPhoto;
/** The same drawing on plain paper: no grid. */
let noGrid: DrawingPhoto;
/** The outlines with the colour picture shaded over them in grey, F4's lines and shading 3 mm low. */
let shaded: DrawingPhoto;
/** A faithful copy drawn 5 % too large from its top left, where the learner began. */
let tooLarge: DrawingPhoto;
/** A faithful copy but for one part, three squares by three, drawn 10 % too large for the rest. */
let partTooLarge: DrawingPhoto;
let part: CellBlock;
/** A grid ruled by hand whose upright lines lean 2° right of square, the drawing copied into its squares. */
let leaning: DrawingPhoto;
/** A shaded copy faithful but for one part, three squares by three, shaded at a third of its tone. */
let shadedLight: DrawingPhoto;
beforeAll(async () => {
  browser = await launchBrowser();
  const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string; hiresUrl: string }[];
  dragonId = dragons[0]!.id;
  template = Buffer.from(await (await fetch(`${baseUrl()}${dragons[0]!.hiresUrl}`)).arrayBuffer());
  twelveMegapixels = await photoOfDrawing(template, { moved: [PLANTED] });
  small = await photoOfDrawing(template, { moved: [PLANTED], photoWidth: 2400, photoHeight: 1800, seed: 5 });
  noGrid = await photoOfDrawing(template, { photoWidth: 2400, photoHeight: 1800, seed: 5, gridGrey: 250 });
  shaded = await photoOfDrawing(template, {
    moved: [PLANTED],
    photoWidth: 2400,
    photoHeight: 1800,
    seed: 6,
    shaded: true,
  });
  tooLarge = await photoOfDrawing(template, {
    drawnAs: { scale: 1.05, aboutMm: { x: 30, y: 25 } },
    photoWidth: 2400,
    photoHeight: 1800,
    seed: 9,
  });
  const { pencil, paper } = await templateOnPaper(template);
  part = partsWithLines(pencil, paper)[0]!;
  partTooLarge = await photoOfDrawing(template, {
    partDrawnAs: { block: part, scale: 1.1 },
    photoWidth: 2400,
    photoHeight: 1800,
    seed: 10,
  });
  shadedLight = await photoOfDrawing(template, {
    shaded: { block: part, way: "lighter" },
    photoWidth: 2400,
    photoHeight: 1800,
    seed: 13,
  });
  leaning = await photoOfDrawing(template, {
    handRuled: { wobbleMm: 0.5 },
    gridLeans: { upright: 2 },
    photoWidth: 2400,
    photoHeight: 1800,
    tiltDegrees: -12,
    seed: 12,
  });
}, 120_000);
afterAll(() => browser.close());

const heatMap = (page: Page) => page.getByRole("group", { name: "Heat map of your grid" });
const flagged = (page: Page) =>
  heatMap(page)
    .getByRole("button")
    .evaluateAll((cells) =>
      cells
        .filter((cell) => !["close", "empty"].includes(cell.getAttribute("data-status")!))
        .map((cell) => cell.getAttribute("aria-label")),
    );

/**
 * The blank grid page 'Print / PDF' makes for a `width` × `height` in paper with 1-inch squares on
 * Letter, as printed (pdftoppm at 8 px/mm), drawn on in pencil (D2's lines 3 mm low) and photographed;
 * `withoutMarks`, its corner marks painted over (a page printed without them, or the grid copied by hand).
 */
async function photoOfPrintedPage(
  page: Page,
  width: number,
  height: number,
  shot: { withoutMarks?: boolean; tiltDegrees?: number; ladderStep?: number } = {},
): Promise<DrawingPhoto> {
  await page.goto(`/draw/${dragonId}?version=color`);
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
  await page.getByLabel("Width").fill(String(width));
  await page.getByLabel("Height").fill(String(height));
  await page.getByText(`${Math.ceil(width)} x ${Math.ceil(height)} cells`).waitFor();
  if (shot.ladderStep) await page.getByLabel("Grid lines").selectOption(String(shot.ladderStep));
  await page.getByRole("button", { name: "Print / PDF" }).click();
  const dialog = page.getByRole("dialog", { name: "Print / PDF" });
  await dialog.getByText(/four corner marks, so 'Check my drawing' finds it in a photo by itself/).waitFor();
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Make PDF" }).click();
  const pdf = (await (await download).path())!;
  const blankGrid = renderPdf(pdf, PAGE_PX_PER_MM * 25.4)[1]!;
  const canvas = { paperWidth: width, paperHeight: height, gridSize: 1, unit: "in" as const };
  const printed = printedSheetOf(blankGrid, canvas, shot.withoutMarks);
  return photoOfDrawing(template, {
    canvas,
    sheet: printed,
    moved: [{ column: 3, row: 1, dx: 0, dy: 3 }],
    photoWidth: 3000,
    photoHeight: 2250,
    tiltDegrees: shot.tiltDegrees,
  });
}

/**
 * A check of the drawing with F4 3 mm low, then 'Practise these cells': the PDF made, printed (at
 * 8 px/mm), its squares copied in pencil (the second 3 mm low), photographed and checked. Answers
 * the sheet's cells; the practice result is on screen.
 */
async function practise(page: Page): Promise<string[]> {
  await openCheck(page);
  await choosePhoto(page, small.file);
  await heatMap(page).waitFor({ timeout: 30_000 });
  const section = page.getByRole("region", { name: "Practise these cells" });
  const labels = ((await section.locator("p").textContent()) ?? "").match(/\b[A-Z]\d\b/g)!;
  // The moved cell first, then the next-furthest drawn cells, three in all.
  expect(labels).toHaveLength(3);
  expect(labels[0]).toBe("F4");
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await section.getByRole("button", { name: "Make a practice sheet" }).click();
  const photo = await photoOfPracticePdf((await (await download).path())!, labels, template, 1);
  await page.getByRole("button", { name: "Check another photo" }).click();
  await choosePhoto(page, photo.file);
  await page.getByRole("heading", { name: "Your practice sheet" }).waitFor({ timeout: 30_000 });
  const cells = await page
    .getByRole("list", { name: "Each practised cell, before and now" })
    .getByRole("listitem")
    .allTextContents();
  expect(cells.map((cell) => cell.slice(0, 2))).toEqual(labels);
  // The second copied 3 mm low: the one not within 1.5 mm now.
  expect(cells.map((cell) => cell.endsWith("Within 1.5 mm"))).toEqual([true, false, true]);
  expect(cells[0]).toMatch(/^F4\d+(\.\d)? mm before, now \d(\.\d)? mm/);
  await expect
    .poll(() => page.getByRole("status").filter({ hasText: "practised cells" }).textContent())
    .toBe("2 of 3 practised cells now match the template within 1.5 mm.");
  return labels;
}

async function openCheck(page: Page) {
  await page.goto(`/draw/${dragonId}?version=color`);
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
  await page.getByRole("button", { name: "Check my drawing" }).click();
  await page.getByRole("dialog", { name: "Check my drawing" }).waitFor();
}

async function choosePhoto(page: Page, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose a photo" }).click();
  await (await chooser).setFiles(file);
}

/** Where a point of the photo is on the screen. */
async function onScreen(page: Page, photo: DrawingPhoto, point: { x: number; y: number }) {
  // The photo beside the handles, in any language.
  const box = (await page.locator("[data-corner]").first().locator("..").locator("canvas[role=img]").boundingBox())!;
  const scale = box.width / photo.width;
  return { x: box.x + point.x * scale, y: box.y + point.y * scale };
}

async function dragCorners(page: Page, photo: DrawingPhoto) {
  for (const i of CORNERS.keys()) {
    const handle = (await page.locator(`[data-corner="${i}"]`).boundingBox())!;
    const target = await onScreen(page, photo, photo.corners[i]!);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x, target.y, { steps: 6 });
    await page.mouse.up();
  }
}

/** Each handle by the keyboard alone: Shift+arrows for 10 px steps, arrows for the last few. */
async function keyCorners(page: Page, photo: DrawingPhoto) {
  for (const [i, name] of CORNERS.entries()) {
    const handle = page.getByRole("button", { name: `${name} corner of the grid` });
    await handle.focus();
    const box = (await handle.boundingBox())!;
    const target = await onScreen(page, photo, photo.corners[i]!);
    const dx = Math.round(target.x - (box.x + box.width / 2));
    const dy = Math.round(target.y - (box.y + box.height / 2));
    const press = async (key: string, times: number) => {
      for (let n = 0; n < times; n++) await page.keyboard.press(key);
    };
    await press(dx > 0 ? "Shift+ArrowRight" : "Shift+ArrowLeft", Math.floor(Math.abs(dx) / 10));
    await press(dx > 0 ? "ArrowRight" : "ArrowLeft", Math.abs(dx) % 10);
    await press(dy > 0 ? "Shift+ArrowDown" : "Shift+ArrowUp", Math.floor(Math.abs(dy) / 10));
    await press(dy > 0 ? "ArrowDown" : "ArrowUp", Math.abs(dy) % 10);
  }
}

/** The first step shows what a good photo looks like, its three points, and both ways to give one, in view without scrolling. */
async function expectGoodPhotoExample(page: Page) {
  const example = page.getByRole("dialog", { name: "Check my drawing" }).getByRole("figure");
  await example.getByRole("img", { name: /^An example of a good photo/ }).waitFor();
  expect(await example.getByRole("listitem").allTextContents()).toEqual([
    "FlatThe paper on a table, the phone straight above it",
    "The whole pageAll four corners inside the frame",
    "Even lightNo shadow or glare on the paper",
  ]);
  for (const shown of [example, page.getByRole("button", { name: "Choose a photo" })]) {
    const box = (await shown.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  }
}

/** The progress page with one check on the full grid, its median per cell, and the learner's grid ladder step. */
async function expectProgressShowsTheCheck(page: Page, step: string) {
  await page.getByRole("heading", { name: "Your Progress" }).waitFor();
  await page.getByText(step).waitFor();
  const checks = page.getByRole("list", { name: "Your checks, newest first" }).getByRole("listitem");
  await expect.poll(() => checks.count()).toBe(1);
  expect(await checks.first().textContent()).toMatch(/Full grid.*Median per cell\u2068\d+(\.\d)? mm\u2069/);
  await page.getByRole("img", { name: /^One check: a median of \d+(\.\d)? mm per drawn cell$/ }).waitFor();
}

describe("Check my drawing", () => {
  it("opens on an example of a good photo on a phone with touch", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    try {
      await page.goto(`/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await page.getByRole("button", { name: "Check my drawing" }).tap();
      await expectGoodPhotoExample(page);
      const picture = (await page.getByRole("img", { name: /^An example of a good photo/ }).boundingBox())!;
      expect(picture.x).toBeGreaterThanOrEqual(0);
      expect(picture.x + picture.width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, "drawing-check-pick-390", { touch: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("finds the grid and the cell drawn 3 mm low in a 12 MP photo, shows it beside the photo, and marks the matching cells done", async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      await openCheck(page);
      await expectGoodPhotoExample(page);
      await screenshot(page, "drawing-check-pick-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
      // No corner marks on this page: its grid is found by its lines, no corner placed.
      await choosePhoto(page, twelveMegapixels.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      // The corners, as found, can still be moved by hand and the photo checked again.
      await page.getByRole("button", { name: "Adjust the corners" }).click();
      await page.getByRole("img", { name: "Your photo" }).waitFor();
      await dragCorners(page, twelveMegapixels);
      await screenshot(page, "drawing-check-corners-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Check my drawing" }).last().click();
      await heatMap(page).waitFor();
      expect(await flagged(page)).toEqual(["F4: lines about 3 mm low"]);
      // One cell moved is not the whole drawing: nothing to fix first.
      expect(await page.getByRole("region", { name: "What to fix first" }).count()).toBe(0);
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "drawn cells match" }).textContent())
        .toMatch(/^\d+ of \d+ drawn cells match the template within 1\.5 mm\.$/);
      await screenshot(page, "drawing-check-result-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The worst cell opens in the cell viewer beside the same part of the photo; Escape comes back.
      await page.getByRole("button", { name: "F4: lines about 3 mm low" }).last().click();
      await page.getByRole("heading", { name: "Cell F4" }).waitFor();
      await page.getByRole("img", { name: "Cell F4 on your paper" }).waitFor();
      await page.keyboard.press("Escape");
      await heatMap(page).waitFor();

      await page.getByRole("button", { name: "Mark matching cells done" }).click();
      const confirm = page.getByRole("dialog", { name: /^Mark \d+ cells done\?$/ });
      const count = Number(/^Mark (\d+) cells done\?$/.exec((await confirm.getByRole("heading").textContent())!)![1]);
      expect(count).toBe(98); // every cell but F4: drawn within tolerance, or nothing to draw
      await confirm.getByRole("button", { name: "Mark 98 done" }).click();
      await page.getByRole("button", { name: "Close the check" }).click();
      await page.getByText("98 of 99 cells done").waitFor();
      // The check is kept with this visitor's progress (in this browser): the canvas charts it.
      // Two checks: as found, then after the corners were adjusted.
      await page
        .getByRole("img", { name: /^Your last 2 checks: from \d+ % to \d+ % of drawn cells within 1\.5 mm$/ })
        .waitFor();
      await page.getByText(/^Last check: \d+ of \d+ drawn cells match \(\d+ %\)$/).waitFor();
      // With two checks, the check's noise floor is said beside them.
      await page.getByText(/^Photos of one drawing differ by up to 0\.3 mm/).scrollIntoViewIfNeeded();
      await screenshot(page, "drawing-check-history-1440");
      // The same on a phone, right to left.
      await page.setViewportSize(PHONE);
      await page.goto(`/ar/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await page.getByRole("heading", { name: "فحوصاتك" }).scrollIntoViewIfNeeded();
      await screenshot(page, "drawing-check-history-390-ar");
    } finally {
      await context.close();
    }
  });

  it("offers fewer grid lines after a close copy: the canvas and the PDF then draw every other line", async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto(`/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      const lines = page.getByLabel("Grid lines");
      expect(await lines.inputValue()).toBe("2");
      const fullGrid = await paperPixels(page);
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await choosePhoto(page, small.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      await page.getByText("Next step: Every other line.", { exact: false }).waitFor();
      await screenshot(page, "drawing-check-fewer-lines-phone");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Try with fewer lines" }).click();
      await page.getByRole("dialog", { name: "Check my drawing" }).waitFor({ state: "detached" });
      await expectToast(page, "Fewer lines");
      expect(await lines.inputValue()).toBe("3");
      // Fewer lines on the paper: fewer dark pixels than with the full grid.
      await expect.poll(async () => (await paperPixels(page)).dark).toBeLessThan(fullGrid.dark);
      await screenshot(page, "canvas-every-other-line-phone");

      // The PDF's grid page draws every other line too.
      await page.getByRole("button", { name: "Print / PDF" }).click();
      const dialog = page.getByRole("dialog", { name: "Print / PDF" });
      const download = page.waitForEvent("download", { timeout: 30_000 });
      await dialog.getByRole("button", { name: "Make PDF" }).click();
      const [grid] = renderPdf((await (await download).path())!, GRID_DPI, { first: 2, last: 2 });
      // The grid alone: upright lines 1 to 10 in from the left edge in full, 2, 4, 6, 8 and 10 now
      // (the paper's own edges fall in the strip the printer cannot reach).
      const upright = solidLines(grid!, true, 5 * GRID_DPI).filter(
        (line) => line.at > 0.75 * GRID_DPI && line.at < 10.25 * GRID_DPI,
      );
      expect(upright.map((line) => Math.round(line.at / GRID_DPI))).toEqual([2, 4, 6, 8, 10]);
      // Kept with the progress: back after a reload, and the learner can always go back.
      await page.reload();
      expect(await page.getByLabel("Grid lines").inputValue()).toBe("3");
      await page.getByLabel("Grid lines").selectOption("1");
      expect(await page.getByRole("switch", { name: "Diagonals" }).getAttribute("aria-checked")).toBe("true");

      // The progress page shows the check, made on the full grid, and the learner's step: the
      // drawing's latest, which a new drawing starts at.
      await page.getByLabel("Grid lines").selectOption("3");
      await page.getByRole("link", { name: "Your progress over every drawing" }).click();
      await expectProgressShowsTheCheck(page, "Step 3 of 5");
      await screenshot(page, "progress-visitor-390");
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Kept in this browser until the visitor signs up: then it is the account's, and the weekly goal too.
      await page.getByLabel("Weekly goal").selectOption("3");
      await page.getByText("This week: 1 of 3 days").waitFor();
      await signIn(context, "ladder-climber@dragongrid.test");
      await page.reload();
      await expectProgressShowsTheCheck(page, "Step 3 of 5");
      await page.getByText("This week: 1 of 3 days").waitFor();
      const kept = (await (await context.request.get("/api/progress")).json()) as { checks: unknown[] };
      expect(kept.checks).toHaveLength(1);
      expect(
        await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("dragon-grid:checks:"))),
      ).toEqual([]);
      await screenshot(page, "progress-member-390");
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The same wide, and in Arabic, right to left.
      await page.setViewportSize(WIDE);
      await screenshot(page, "progress-member-1440");
      await page.setViewportSize(PHONE);
      await page.goto("/ar/progress");
      await page.getByRole("heading", { name: "تقدّمك" }).waitFor();
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      await screenshot(page, "progress-member-ar-390");
      expect(await seriousA11yViolations(page)).toEqual([]);
      // A drawing begun afresh starts at the learner's step.
      const dragons = (await (await context.request.get("/api/dragons")).json()) as { id: string }[];
      const another = dragons.find((dragon) => dragon.id !== dragonId)!;
      await page.goto(`/draw/${another.id}`);
      await page.locator("[data-testid=paper]").waitFor();
      expect(await page.getByLabel("Grid lines").inputValue()).toBe("3");
    } finally {
      await context.close();
    }
  });

  it("works on a phone with the keyboard alone, and answers 'Check this cell' for that cell", async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto(`/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      // The cell viewer's 'Check this cell' opens the check for F4.
      const paper = (await page.getByTestId("paper").boundingBox())!;
      const unit = paper.width / 11;
      await page.getByTestId("paper").click({ position: { x: 5.5 * unit, y: 3.5 * unit } });
      await page.getByRole("heading", { name: "Cell F4" }).waitFor();
      await page.getByRole("button", { name: "Check this cell" }).click();
      await page.getByRole("dialog", { name: "Check my drawing" }).waitFor();
      await choosePhoto(page, small.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      await page.getByRole("button", { name: "Adjust the corners" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("img", { name: "Your photo" }).waitFor();
      await keyCorners(page, small);
      await screenshot(page, "drawing-check-corners-390");
      await page.getByRole("button", { name: "Check my drawing" }).last().click();
      await heatMap(page).waitFor();
      expect(await flagged(page)).toEqual(["F4: lines about 3 mm low"]);
      await page.getByText("This cell:").waitFor();
      expect(await page.getByText("This cell:").locator("..").textContent()).toContain("F4: lines about 3 mm low");
      await screenshot(page, "drawing-check-result-390");
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("makes a practice sheet of the worst cells, scores a photo of it cell by cell, and keeps it beside the check", async () => {
    const { context, page } = await newPage(browser);
    try {
      const labels = await practise(page);
      await screenshot(page, "drawing-check-practice-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await screenshot(page, "drawing-check-practice-390");

      // Kept with the check it was made from: its cells before and after, on the canvas.
      await page.getByRole("button", { name: "Close the check" }).click();
      const kept = page.getByLabel(/^Practice sheet of .+, before and after$/);
      await kept.waitFor();
      expect(await kept.locator("dt").allTextContents()).toEqual(labels);
    } finally {
      await context.close();
    }
  });

  it("keeps a member's practice sheet on the server, beside the check it was made from, across reloads", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(context, "practiser@dragongrid.test");
      const labels = await practise(page);
      await page.getByRole("button", { name: "Close the check" }).click();
      await page.reload();
      const kept = page.getByLabel(/^Practice sheet of .+, before and after$/);
      await kept.waitFor();
      expect(await kept.locator("dt").allTextContents()).toEqual(labels);
      const checks = (await (await context.request.get(`/api/checks/${dragonId}`)).json()) as {
        cells: { label: string; errorMm: number }[];
        practice: { cells: { label: string; status: string }[] } | null;
      }[];
      const practised = checks.at(-1)!;
      expect(practised.practice!.cells.map((cell) => [cell.label, cell.status === "close"])).toEqual([
        [labels[0], true],
        [labels[1], false],
        [labels[2], true],
      ]);
      expect(practised.cells.find((cell) => cell.label === "F4")!.errorMm).toBeGreaterThan(2);
    } finally {
      await context.close();
    }
  });

  it("finds the grid by itself from the corner marks of the page 'Print / PDF' made, and knows a page of another grid", async () => {
    const { context, page } = await newPage(browser);
    try {
      // 8 × 6 in on a Letter sheet: room around the grid for the marks, outside its corners.
      const photo = await photoOfPrintedPage(page, 8, 6);
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await choosePhoto(page, photo.file);
      // No corners to place: straight to the verdicts.
      await heatMap(page).waitFor({ timeout: 30_000 });
      expect(await page.getByRole("img", { name: "Your photo" }).count()).toBe(0);
      expect(await flagged(page)).toEqual(["D2: lines about 3 mm low"]);
      await screenshot(page, "drawing-check-from-marks-1440");

      // The same page checked against another grid: its marks say it is not this one's.
      await page.getByRole("button", { name: "Close the check" }).click();
      await page.getByLabel("Grid Size").fill("2");
      await page.getByText("4 x 3 cells").waitFor();
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await choosePhoto(page, photo.file);
      await expect
        .poll(() => page.getByRole("alert").textContent(), { timeout: 20_000 })
        .toMatch(/^This page was printed for another dragon, or for another paper or grid size/);
    } finally {
      await context.close();
    }
  });

  it("finds the grid by itself on the default paper's page, which fills its Letter sheet, from the corner marks inside the grid", async () => {
    const { context, page } = await newPage(browser);
    try {
      const photo = await photoOfPrintedPage(page, 11, 8.5);
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await choosePhoto(page, photo.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      expect(await page.getByRole("img", { name: "Your photo" }).count()).toBe(0);
      expect(await flagged(page)).toEqual(["D2: lines about 3 mm low"]);
      await screenshot(page, "drawing-check-from-inside-marks-1440");
    } finally {
      await context.close();
    }
  });

  it("measures every cell of a page printed with the border alone (the ladder's last step), placed by its corner marks", async () => {
    const { context, page } = await newPage(browser);
    try {
      // The default paper fills its sheet: its border falls in the printer's blank strip, so the
      // page has no grid line at all, only the cells' labels and the marks.
      const photo = await photoOfPrintedPage(page, 11, 8.5, { ladderStep: 5 });
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await choosePhoto(page, photo.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      expect(await heatMap(page).getByRole("button").count()).toBe(11 * 9);
      expect(await flagged(page)).toEqual(["D2: lines about 3 mm low"]);
      await screenshot(page, "drawing-check-border-only-1440");
    } finally {
      await context.close();
    }
  });

  it("finds the default paper's page by its lines alone, without corner marks, photographed on its side as a phone held upright takes it", async () => {
    const { context, page } = await newPage(browser);
    try {
      const photo = await photoOfPrintedPage(page, 11, 8.5, { withoutMarks: true, tiltDegrees: 88 });
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await choosePhoto(page, photo.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      expect(await page.getByRole("img", { name: "Your photo" }).count()).toBe(0);
      expect(await flagged(page)).toEqual(["D2: lines about 3 mm low"]);
      // Where it found the grid: the corners it shows are the grid's own, to a few pixels.
      await page.getByRole("button", { name: "Adjust the corners" }).click();
      await page.getByRole("img", { name: "Your photo" }).waitFor();
      const box = (await page.getByRole("img", { name: "Your photo" }).boundingBox())!;
      for (const [i, name] of CORNERS.entries()) {
        const handle = (await page.getByRole("button", { name: `${name} corner of the grid` }).boundingBox())!;
        const truth = await onScreen(page, photo, photo.corners[i]!);
        expect(Math.hypot(handle.x + handle.width / 2 - truth.x, handle.y + handle.height / 2 - truth.y)).toBeLessThan(
          Math.max(3, box.width / 300),
        );
      }
      await screenshot(page, "drawing-check-found-by-lines-1440");
    } finally {
      await context.close();
    }
  });

  it("finds a paper printed on four sheets and taped by its lines, leaving out where the sheets join", async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await page.getByLabel("Width").fill("17");
      await page.getByLabel("Height").fill("11");
      await page.getByText("17 x 11 cells").waitFor();
      await page.getByRole("button", { name: "Print / PDF" }).click();
      const dialog = page.getByRole("dialog", { name: "Print / PDF" });
      await dialog.getByText(/each page takes 4 sheets/).waitFor();
      const download = page.waitForEvent("download", { timeout: 30_000 });
      await dialog.getByRole("button", { name: "Make PDF" }).click();
      // The picture's four pages, then the blank grid's: cut, laid a little off by hand and taped.
      const pages = renderPdf((await (await download).path())!, PAGE_PX_PER_MM * 25.4).slice(4, 8);
      const canvas = { paperWidth: 17, paperHeight: 11, gridSize: 1, unit: "in" as const };
      const photo = await photoOfDrawing(template, {
        canvas,
        sheet: posterOf(pages, canvas, { layMm: 0.4, seed: 3 }),
        moved: [{ column: 6, row: 2, dx: 0, dy: 3 }],
        photoWidth: 3000,
        photoHeight: 2250,
        tiltDegrees: 6,
      });
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await choosePhoto(page, photo.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      // Found without a corner placed; the cut edges and round marks are not taken for pencil.
      expect(await page.getByRole("img", { name: "Your photo" }).count()).toBe(0);
      // Before the joins were left out, every cell along them read 8 mm off. Now the moved cell, and
      // at most one cell of the other 68 drawn within 4 mm (as on one sheet: `npm run bench`).
      const cells = await heatMap(page)
        .getByRole("button")
        .evaluateAll((buttons) =>
          buttons.map((cell) => [cell.getAttribute("aria-label")!, cell.getAttribute("data-status")!] as const),
        );
      expect(cells.find(([label]) => label.startsWith("G3:"))).toEqual(["G3: lines about 3 mm low", "near"]);
      const others = cells.filter(
        ([label, status]) => !label.startsWith("G3:") && !["close", "empty"].includes(status),
      );
      expect(others.every(([, status]) => status === "near")).toBe(true);
      expect(others.length).toBeLessThanOrEqual(1);
      await screenshot(page, "drawing-check-poster-1440");
      await page.setViewportSize(PHONE);
      await screenshot(page, "drawing-check-poster-390");
    } finally {
      await context.close();
    }
  });

  it("keeps a member's checks with their progress (the photo only when asked, for their eyes only) across reloads, and shares a photo to the feed", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(context, "checker@dragongrid.test");
      let kept = 0;
      page.on("request", (request) => {
        if (request.method() !== "POST" || !request.url().includes("/api/checks/")) return;
        kept++;
        // Verdicts only: no photo, nothing image-sized.
        expect(request.postData()!.length).toBeLessThan(20_000);
        expect(request.postData()).not.toMatch(/data:image|base64/);
      });
      for (let round = 0; round < 2; round++) {
        await openCheck(page);
        await choosePhoto(page, small.file);
        await heatMap(page).waitFor({ timeout: 30_000 });
        expect(await flagged(page)).toEqual(["F4: lines about 3 mm low"]);
        if (round === 0) {
          // The photo only if asked: kept with the check, for the member's eyes only.
          await page.getByRole("button", { name: "Keep this photo" }).click();
          await page.getByText("Photo kept with this check. Only you can see it.").waitFor();
        }
        if (round === 1) {
          // Shared to the feed through the normal post flow: a post of this dragon, waiting for review.
          await page.getByRole("button", { name: "Share to the feed" }).click();
          const share = page.getByRole("dialog", { name: "Share to the feed" });
          await share.getByLabel("Description").fill("Checked and shared");
          await share.getByRole("button", { name: "Share" }).click();
          await expectToast(page, "Success", "Your drawing has been submitted for review!");
        }
        await page.getByRole("button", { name: "Close the check" }).click();
      }
      await expect.poll(() => kept).toBe(2);
      const mine = (await (await context.request.get("/api/posts/mine")).json()) as {
        description: string;
        approved: boolean;
        images: unknown[];
      }[];
      expect(mine.find((post) => post.description === "Checked and shared")).toMatchObject({
        approved: false,
        images: [expect.anything()],
      });
      await page.reload();
      await page
        .getByRole("img", { name: /^Your last 2 checks: from \d+ % to \d+ % of drawn cells within 1\.5 mm$/ })
        .waitFor();
      const answer = await context.request.get(`/api/checks/${dragonId}`);
      const checks = (await answer.json()) as { cells: { label: string; status: string }[]; photoUrl: string | null }[];
      expect(checks.length).toBeGreaterThanOrEqual(2);
      expect(checks.at(-1)!.cells.find((cell) => cell.label === "F4")!.status).toBe("near");
      expect(checks.at(-1)!.photoUrl).toBeNull();
      const photoUrl = checks.at(-2)!.photoUrl!;
      expect(photoUrl).toMatch(/^\/objects\/uploads\//);
      await page.getByRole("link", { name: /^Your kept photo of / }).waitFor();
      expect((await context.request.get(photoUrl)).status()).toBe(200);
      expect((await fetch(`${baseUrl()}${photoUrl}`)).status).toBe(404);
      // The kept photo, shared later from the canvas, through the same post flow.
      await page.getByRole("button", { name: "Share to the feed" }).click();
      const later = page.getByRole("dialog", { name: "Share to the feed" });
      await later.getByLabel("Description").fill("Shared from a kept photo");
      await later.getByRole("button", { name: "Share" }).click();
      await expectToast(page, "Success", "Your drawing has been submitted for review!");
      const posts = (await (await context.request.get("/api/posts/mine")).json()) as { description: string }[];
      expect(posts.map((post) => post.description)).toContain("Shared from a kept photo");
    } finally {
      await context.close();
    }
  });

  it("turns a phone photo upright by its EXIF orientation", async () => {
    // Stored on its side (the pixels turned a quarter left), tagged "turn right to view" (6), as phones save portrait photos.
    const sideways = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "check-exif-")), "sideways.jpg");
    await sharp(small.file).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toFile(sideways);
    const { context, page } = await newPage(browser);
    try {
      await openCheck(page);
      await choosePhoto(page, sideways);
      await heatMap(page).waitFor({ timeout: 30_000 });
      expect(await flagged(page)).toEqual(["F4: lines about 3 mm low"]);
      await page.getByRole("button", { name: "Adjust the corners" }).click();
      await page.getByRole("img", { name: "Your photo" }).waitFor();
      const box = (await page.getByRole("img", { name: "Your photo" }).boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(small.width / small.height, 1); // upright, not on its side
    } finally {
      await context.close();
    }
  });

  it("works offline once it has been used: its screen, worker and marker code come from the cache", async () => {
    const { context, page } = await newPage(browser, undefined, { serviceWorkers: "allow" });
    try {
      await page.goto(`/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await page.waitForFunction(
        async () => (await (await caches.open("dragon-grid-templates")).keys()).some((r) => r.url.includes("hires")),
        undefined,
        { timeout: 30_000 },
      );
      const check = async () => {
        await page.getByRole("button", { name: "Check my drawing" }).click();
        await choosePhoto(page, small.file);
        await heatMap(page).waitFor({ timeout: 30_000 });
        expect(await flagged(page)).toEqual(["F4: lines about 3 mm low"]);
        await page.getByRole("button", { name: "Close the check" }).click();
      };
      await check();
      await context.setOffline(true);
      expect(
        await page.evaluate(() =>
          fetch(`/api/dragons?probe=${Math.random()}`).then(
            () => "reached",
            () => "failed",
          ),
        ),
      ).toBe("failed");
      await page.reload();
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await check();
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it("says clearly what is wrong with a photo it cannot use", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "check-bad-"));
    const notAPicture = path.join(dir, "notes.txt");
    fs.writeFileSync(notAPicture, "my drawing notes");
    const broken = path.join(dir, "broken.jpg");
    fs.writeFileSync(broken, Buffer.alloc(4096, 7));
    const huge = path.join(dir, "huge.jpg");
    fs.writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024 + 1));
    const dark = path.join(dir, "dark.jpg");
    await sharp(small.file).linear(0.18, 0).jpeg().toFile(dark);

    const { context, page } = await newPage(browser);
    try {
      await openCheck(page);
      const alert = page.getByRole("alert");
      await choosePhoto(page, notAPicture);
      await expect
        .poll(() => alert.textContent())
        .toBe("That file is not a picture. Choose a photo of your paper (JPEG, PNG or WebP).");
      await choosePhoto(page, broken);
      await expect
        .poll(() => alert.textContent())
        .toBe("This photo could not be opened. Choose a JPEG, PNG or WebP photo of your paper.");
      await choosePhoto(page, huge);
      await expect
        .poll(() => alert.textContent())
        .toBe("The photo is larger than 50 MB. Choose a smaller one, or take the photo again.");

      // A drawing on plain paper: no grid to find, by itself or inside corners left where they start.
      await choosePhoto(page, noGrid.file);
      await expect
        .poll(() => alert.textContent(), { timeout: 20_000 })
        .toMatch(/^Place the four corners yourself: your grid could not be found in this photo/);
      await page.getByRole("img", { name: "Your photo" }).waitFor();
      await page.getByRole("button", { name: "Check my drawing" }).last().click();
      await expect
        .poll(() => alert.textContent(), { timeout: 20_000 })
        .toMatch(/^Your grid could not be found inside the four corners\./);

      // Two handles swapped (the paper would be mirrored): said before anything is checked.
      await dragCorners(page, {
        ...noGrid,
        corners: [noGrid.corners[1]!, noGrid.corners[0]!, noGrid.corners[2]!, noGrid.corners[3]!],
      });
      await page.getByRole("button", { name: "Check my drawing" }).last().click();
      await expect
        .poll(() => alert.textContent())
        .toBe(
          "The four handles must go round the grid in order: top-left, top-right, bottom-right, bottom-left, each on its own corner.",
        );

      await page.getByRole("button", { name: "Choose another photo" }).click();
      await choosePhoto(page, dark);
      await expect
        .poll(() => alert.textContent(), { timeout: 20_000 })
        .toMatch(/^This photo is too dark to read your pencil lines\./);
    } finally {
      await context.close();
    }
  });
  it("judges a shaded copy by its shapes: only the cell moved 3 mm is flagged", async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      await openCheck(page);
      await choosePhoto(page, shaded.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      expect(await flagged(page)).toEqual([expect.stringMatching(/^F4: lines about [23] mm low/)]);
      expect(await page.getByRole("region", { name: "What to fix first" }).count()).toBe(0);
      await screenshot(page, "drawing-check-shaded-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says first that a copy drawn 5 % too large is too large, and shows the heat map with the size taken out", async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      await openCheck(page);
      await choosePhoto(page, tooLarge.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      const fixFirst = page.getByRole("region", { name: "What to fix first" });
      expect(await fixFirst.getByRole("listitem").first().textContent()).toMatch(
        /^1Your whole drawing is about [45] % too large\. It is furthest off towards the bottom right\.Check each square against the grid, not the last line you drew\.$/,
      );
      // Begun near its top left: the middle moving down and right is the size, not said again as a shift.
      expect(await fixFirst.getByRole("listitem").count()).toBe(1);
      const asDrawn = (await flagged(page)).length;
      await page.getByRole("button", { name: "With size, turn, place and proportions taken out" }).click();
      await expect.poll(async () => (await flagged(page)).length).toBeLessThan(asDrawn);
      await screenshot(page, "drawing-check-corrections-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await screenshot(page, "drawing-check-corrections-390");
      await page.setViewportSize(WIDE);
      // Kept with the progress: the canvas shows each kind of whole-drawing error.
      await page.getByRole("button", { name: "Close the check" }).click();
      const history = page.getByRole("definition").filter({ hasText: "%" });
      await expect.poll(() => history.first().textContent()).toMatch(/^[45] %$/);
      await history.first().scrollIntoViewIfNeeded();
      await screenshot(page, "drawing-check-kept-1440");
    } finally {
      await context.close();
    }
  });

  it("says that a part drawn 10 % too large is too large for the rest, naming its squares", async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      await openCheck(page);
      await choosePhoto(page, partTooLarge.file);
      await heatMap(page).waitFor({ timeout: 30_000 });
      const fixFirst = page.getByRole("region", { name: "What to fix first" });
      const said = (await fixFirst.getByRole("listitem").first().textContent()) ?? "";
      const words =
        /^1The part in squares ([A-Z]\d+) to ([A-Z]\d+) is about (?:8|9|10|11|12) % too large for the rest\.Mark where its lines cross the grid's lines, as on the template, then join the marks\.$/;
      expect(said).toMatch(words);
      const [, from = "", to = ""] = words.exec(said)!;
      // The squares it names overlap the part drawn too large.
      const at = (label: string) => ({ column: label.charCodeAt(0) - 65, row: Number(label.slice(1)) - 1 });
      expect(at(from).column).toBeLessThanOrEqual(part.right);
      expect(at(to).column).toBeGreaterThanOrEqual(part.left);
      expect(at(from).row).toBeLessThanOrEqual(part.bottom);
      expect(at(to).row).toBeGreaterThanOrEqual(part.top);
      // Its squares outlined on the heat map, where the words say, and its number at their top left on the photo.
      await page.getByTestId("part-outline").waitFor();
      const photo = (await page
        .getByRole("img", { name: "Your paper, straightened, with the template over it" })
        .boundingBox())!;
      const badge = (await page.getByTestId("correction-pointer").boundingBox())!;
      const across = (badge.x + badge.width / 2 - photo.x) / photo.width;
      const down = (badge.y + badge.height / 2 - photo.y) / photo.height;
      expect(Math.abs(across - Math.max(0.04, (at(from).column * 25.4) / 279.4))).toBeLessThan(0.01);
      expect(Math.abs(down - Math.max(0.04, (at(from).row * 25.4) / 215.9))).toBeLessThan(0.01);
      const asDrawn = (await flagged(page)).length;
      await page.getByRole("button", { name: "With size, turn, place and proportions taken out" }).click();
      await expect.poll(async () => (await flagged(page)).length).toBeLessThan(asDrawn);
      await screenshot(page, "drawing-check-part-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await screenshot(page, "drawing-check-part-390");
    } finally {
      await context.close();
    }
  });

  it("names an area shaded too light by its squares, judged apart from the shapes, and outlines it on the photo", async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      await openCheck(page);
      await choosePhoto(page, shadedLight.file);
      const fixFirst = page.getByRole("region", { name: "What to fix first" });
      await fixFirst.waitFor({ timeout: 30_000 });
      const said = (await fixFirst.getByRole("listitem").first().textContent()) ?? "";
      const words =
        /^1Your shading in squares ([A-Z]\d+) to ([A-Z]\d+) is lighter than the template's\.Compare it with the areas beside it on the template, and add light layers of shading until it matches them\.$/;
      expect(said).toMatch(words);
      const [, from = "", to = ""] = words.exec(said)!;
      const at = (label: string) => ({ column: label.charCodeAt(0) - 65, row: Number(label.slice(1)) - 1 });
      // Within the part shaded light.
      expect(at(from).column).toBeGreaterThanOrEqual(part.left);
      expect(at(to).column).toBeLessThanOrEqual(part.right);
      expect(at(from).row).toBeGreaterThanOrEqual(part.top);
      expect(at(to).row).toBeLessThanOrEqual(part.bottom);
      // The shapes are right: no drawn square is called off.
      expect(await flagged(page)).toEqual([]);
      await page.getByTestId("correction-pointer").waitFor();
      await screenshot(page, "drawing-check-tone-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await screenshot(page, "drawing-check-tone-390");
    } finally {
      await context.close();
    }
  });

  it("says first that a grid ruled by hand is not square, found by itself against the sheet's edges, and draws the square line", async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      await openCheck(page);
      await choosePhoto(page, leaning.file);
      const fixFirst = page.getByRole("region", { name: "What to fix first" });
      await fixFirst.waitFor({ timeout: 30_000 });
      expect(await fixFirst.getByRole("listitem").first().textContent()).toBe(
        "1Your grid is not square: its upright lines lean about 2° to the right.Your drawing leans with it. The line on your photo runs square. Rule your next grid from a square corner (a set square or the corner of a book) and measure each line from its two sides.",
      );
      // Copied square by square into that grid, the drawing itself is not called off.
      expect(await flagged(page)).toEqual([]);
      // Its number on the photo half a square down the square line, from the grid's top left.
      const photo = (await page
        .getByRole("img", { name: "Your paper, straightened, with the template over it" })
        .boundingBox())!;
      const badge = (await page.getByTestId("correction-pointer").boundingBox())!;
      expect((badge.y + badge.height / 2 - photo.y) / photo.height).toBeLessThan(0.1);
      expect((badge.x + badge.width / 2 - photo.x) / photo.width).toBeLessThan(0.06);
      await screenshot(page, "drawing-check-lean-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await screenshot(page, "drawing-check-lean-390");
    } finally {
      await context.close();
    }
  });

  it("says it in Arabic on a phone, right to left", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    try {
      await page.goto(`/ar/draw/${dragonId}?version=color`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await page.getByRole("button", { name: "افحص رسمتي" }).click();
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "اختر صورة" }).click();
      await (await chooser).setFiles(tooLarge.file);
      const fixFirst = page.getByRole("region", { name: "ما تصلحه أولًا" });
      await fixFirst.waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await fixFirst.getByRole("listitem").first().textContent()).toMatch(/^1رسمك كله أكبر مما ينبغي بنحو/);
      await screenshot(page, "drawing-check-corrections-390-ar", { touch: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(WIDE);
      await screenshot(page, "drawing-check-corrections-1440-ar", { touch: true });
    } finally {
      await context.close();
    }
  });
});
