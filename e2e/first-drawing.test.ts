// The guided first drawing (issue 46, decision 076): from the landing page to the first cell in
// three taps on a phone, a hint at each of the first cells, every cell marked done, then 'Check my
// drawing' with a photo of the drawing on the guide's paper.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PHONE,
  baseUrl,
  gotoHydrated,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
} from "./support/browser";
import { photoOfDrawing, type DrawingPhoto } from "../scripts/lib/drawing-photo";

const WIDE = { width: 1440, height: 900 };

let browser: Browser;
let firstDragon: { id: string; name: string };
let photo: DrawingPhoto;
/** The guide's grid ruled by hand on blank paper, evenly, and with one line 3 mm off. */
let evenGrid: DrawingPhoto;
let unevenGrid: DrawingPhoto;
beforeAll(async () => {
  browser = await launchBrowser();
  const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as {
    id: string;
    name: string;
    level: number | null;
    hiresUrl: string;
  }[];
  // The guide offers the first three of level 1 in the library's order; the journey takes the first.
  const level1 = dragons.find((dragon) => dragon.level === 1)!;
  firstDragon = level1;
  const template = Buffer.from(await (await fetch(`${baseUrl()}${level1.hiresUrl}`)).arrayBuffer());
  // The guide's paper: Letter, landscape, 2-inch squares, copied faithfully.
  photo = await photoOfDrawing(template, {
    canvas: { paperWidth: 11, paperHeight: 8.5, gridSize: 2, unit: "in" },
    photoWidth: 2400,
    photoHeight: 1800,
    seed: 21,
  });
  const ruled = {
    canvas: { paperWidth: 11, paperHeight: 8.5, gridSize: 2, unit: "in" as const },
    photoWidth: 2400,
    photoHeight: 1800,
    blank: true,
    handRuled: { wobbleMm: 0.4 },
  };
  evenGrid = await photoOfDrawing(template, { ...ruled, seed: 22 });
  unevenGrid = await photoOfDrawing(template, {
    ...ruled,
    seed: 23,
    gridLineOff: { axis: "vertical", line: 2, mm: -3 },
  });
}, 120_000);
afterAll(() => browser.close());

const viewer = (page: Page) => page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: /^Cell / }) });

describe("the guided first drawing", () => {
  it("takes a newcomer from the landing page to the first cell in three taps, with hints, to a check of the finished drawing", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    try {
      await gotoHydrated(page, "/");
      // Tap 1: the landing page's way in for someone new.
      await page.getByRole("link", { name: "New to drawing? Draw your first dragon" }).tap();
      await page.getByRole("heading", { name: "Draw your first dragon" }).waitFor();
      const offered = page.getByRole("group", { name: "Dragons for a first drawing" }).getByRole("button");
      expect(await offered.count()).toBe(3);
      await screenshot(page, "first-drawing-390", { touch: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The paper, what to have and how to rule the grid are on the same page.
      expect(await page.getByRole("radio", { name: "Letter, 2-inch squares" }).getAttribute("aria-checked")).toBe(
        "true",
      );
      await page.getByRole("img", { name: /^A sheet with a mark every square along its edges/ }).waitFor();
      // Tap 2: a dragon; tap 3: start. The first cell to draw is open, with its hint.
      await offered.filter({ hasText: firstDragon.name }).tap();
      await page.getByRole("button", { name: "Start drawing" }).tap();
      await viewer(page).waitFor();
      await viewer(page)
        .getByText("Find where the dragon's lines cross this square's edges", { exact: false })
        .waitFor();
      await screenshot(page, "first-drawing-first-cell-390", { touch: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(new URL(page.url()).pathname).toBe(`/draw/${firstDragon.id}`);

      // Each of the first cells has its own hint; then none.
      await viewer(page).getByRole("button", { name: "Mark done" }).tap();
      await viewer(page).getByRole("button", { name: "Next cell" }).tap();
      await viewer(page).getByText("The same again: the points on the edges first", { exact: false }).waitFor();
      await viewer(page).getByRole("button", { name: "Mark done" }).tap();
      await viewer(page).getByRole("button", { name: "Next cell" }).tap();
      await viewer(page).getByText("Look at the squares around it too", { exact: false }).waitFor();
      await viewer(page).getByRole("button", { name: "Mark done" }).tap();
      await page.keyboard.press("Escape");
      await viewer(page).waitFor({ state: "detached" });

      // The rest, cell after cell, as 'Next cell to draw' gives them (blank paper passed by).
      const next = page.getByRole("button", { name: "Next cell to draw" });
      // Once every square with something to draw is done, the button says so instead.
      for (let guard = 0; guard < 40 && (await next.count()) > 0; guard++) {
        await next.tap();
        await viewer(page).waitFor();
        expect(await viewer(page).getByText("Look at the squares around it too", { exact: false }).count()).toBe(0);
        await viewer(page).getByRole("button", { name: "Mark done" }).tap();
        await page.keyboard.press("Escape");
        await viewer(page).waitFor({ state: "detached" });
      }
      await page.getByRole("button", { name: "All cells done!" }).waitFor();

      // Every square done: the check, offered where the learner is.
      const offer = page.getByRole("status").filter({ hasText: "Every square is done!" });
      await offer.scrollIntoViewIfNeeded();
      await screenshot(page, "first-drawing-all-done-390", { touch: true });
      await offer.getByRole("button", { name: "Check my drawing" }).tap();
      await page.getByRole("dialog", { name: "Check my drawing" }).waitFor();
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Choose a photo" }).tap();
      await (await chooser).setFiles(photo.file);
      await page.getByRole("group", { name: "Heat map of your grid" }).waitFor({ timeout: 30_000 });
      // A 6 × 5 grid of 2-inch squares on Letter, the faithful copy within tolerance.
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "drawn cells match" }).textContent())
        .toMatch(/^(\d+) of \1 drawn cells match the template within 1\.5 mm\.$/);
      expect(await page.getByRole("group", { name: "Heat map of your grid" }).getByRole("button").count()).toBe(30);
      await screenshot(page, "first-drawing-checked-390", { touch: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Checked: the guide is over, and the progress has the drawing finished.
      expect(await page.evaluate(() => localStorage.getItem("dragon-grid:first-drawing"))).toBeNull();
      // The squares of blank paper, passed by while drawing, are marked done from the photo: the
      // drawing is finished.
      await page.getByRole("button", { name: "Mark matching cells done" }).tap();
      const confirm = page.getByRole("dialog", { name: /^Mark \d+ cells done\?$/ });
      await confirm.getByRole("button", { name: /^Mark \d+ done$/ }).tap();
      await page.getByRole("button", { name: "Close the check" }).tap();
      await page.getByText("30 of 30 cells done").waitFor();
      await page.goto("/progress");
      await page.getByText("Reached on", { exact: false }).first().waitFor();
      expect(await page.getByRole("listitem").filter({ hasText: "First drawing finished" }).textContent()).toContain(
        "Reached on",
      );
    } finally {
      await context.close();
    }
  });

  it("hears whether the grid ruled by hand is even from a photo of it, before the first square, and the guide goes on", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    try {
      await gotoHydrated(page, "/first-drawing");
      await page.getByText("photograph it to hear whether its lines are even", { exact: false }).waitFor();
      await page
        .getByRole("group", { name: "Dragons for a first drawing" })
        .getByRole("button")
        .filter({ hasText: firstDragon.name })
        .tap();
      await page.getByRole("button", { name: "Start drawing" }).tap();
      const checkGrid = async (file: string, again = false) => {
        await viewer(page)
          .getByRole("button", { name: "Ruled your grid? Photograph it first to see if it is even" })
          .tap();
        await page.getByRole("dialog", { name: "Check my drawing" }).waitFor();
        // The last check's result comes back first.
        if (again) await page.getByRole("button", { name: "Check another photo" }).tap();
        const chooser = page.waitForEvent("filechooser");
        await page.getByRole("button", { name: "Choose a photo" }).tap();
        await (await chooser).setFiles(file);
        await page.getByRole("group", { name: "Heat map of your grid" }).waitFor({ timeout: 30_000 });
      };
      await checkGrid(unevenGrid.file);
      // Column B ruled 3 mm narrow: said first, with the line to redraw.
      await page.getByText(/Your grid's column B is about [234] mm narrower than the others/).waitFor();
      expect(await page.getByText("Your grid is even", { exact: false }).count()).toBe(0);
      await screenshot(page, "first-drawing-grid-uneven-390", { touch: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Closed, the check goes back to the first square.
      await page.getByRole("button", { name: "Close the check" }).tap();
      await viewer(page).waitFor();

      // Redrawn: even. The guide is not over (nothing is drawn yet): the first square still has its hint.
      await checkGrid(evenGrid.file, true);
      await page
        .getByRole("status")
        .filter({ hasText: "Nothing drawn yet" })
        .getByText("Your grid is even: no column or row is 1.5 mm or more too narrow or too wide.", { exact: false })
        .waitFor();
      await screenshot(page, "first-drawing-grid-even-390", { touch: true });
      expect(await page.evaluate(() => localStorage.getItem("dragon-grid:first-drawing"))).not.toBeNull();
      await page.getByRole("button", { name: "Close the check" }).tap();
      await viewer(page)
        .getByText("Find where the dragon's lines cross this square's edges", { exact: false })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it("looks finished at 1440 and in Arabic, right to left", async () => {
    const { context, page } = await newPage(browser, WIDE);
    try {
      await gotoHydrated(page, "/first-drawing");
      await page.getByRole("group", { name: "Dragons for a first drawing" }).getByRole("button").first().waitFor();
      await screenshot(page, "first-drawing-1440");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await gotoHydrated(page, "/ar/first-drawing");
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await screenshot(page, "first-drawing-ar-390");
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
