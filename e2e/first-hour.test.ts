import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, gotoHydrated, launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";
import { PDFINFO, pageSizes } from "./support/pdf-raster";

// Issue 43, "How it must hold": a newcomer's first hour on a phone, in one go and only by taps,
// from the landing page to coming back to the drawing. Each step's finer points have their own
// journeys (canvas, print, coming-back); this one proves they join up without hunting.
const CI = process.env.CI === "true" || process.env.CI === "1";
const poppler = fs.existsSync(PDFINFO);
if (!poppler && CI) throw new Error(`${PDFINFO} is missing: apt-get install poppler-utils`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe.skipIf(!poppler)("the first hour on a phone (390 × 844, touch)", () => {
  it("landing, library, dragon page, canvas; paper and grid set; a cell done; a two-page PDF; back after a reload", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    const bottomOfView = async () => (await page.getByRole("navigation", { name: "Sections" }).boundingBox())!.y;

    // 1. Landing → library → the first dragon's page → the canvas, each by one tap.
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "Show me the Dragons!" }).tap();
    await page.waitForURL("**/home");
    const card = page.locator('a[href^="/dragon/"]').first();
    const name = ((await card.getByRole("img").getAttribute("alt")) ?? "").trim();
    expect(name.length).toBeGreaterThan(0);
    await card.tap();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    // 'Grid my dragon!' is on the first screen, under the picture, not under the steps.
    const start = page.getByRole("link", { name: "Grid my dragon!" });
    const startBox = (await start.boundingBox())!;
    expect(startBox.y + startBox.height).toBeLessThanOrEqual(await bottomOfView());
    await start.tap();
    await page.waitForURL("**/draw/**");
    await page.locator("[data-testid=paper][data-image=hires]").waitFor();
    await screenshot(page, "first-hour-canvas-phone");

    // 2. Paper and grid size in view without a tap, above the bottom navigation.
    for (const field of ["Paper preset", "Grid Size"]) {
      const box = (await page.getByLabel(field).boundingBox())!;
      expect(box.y + box.height, field).toBeLessThanOrEqual(await bottomOfView());
    }
    const count = page.getByText(/^\d+ x \d+ cells$/);
    await page.getByLabel("Grid Size").fill("2");
    expect(await count.textContent()).toBe("6 x 5 cells");
    await page.getByLabel("Grid Size").fill("1");
    expect(await count.textContent()).toBe("11 x 9 cells");

    // 3. The next cell to draw, marked done, says so.
    await page.getByRole("button", { name: "Next cell to draw" }).tap();
    const viewer = page.getByRole("dialog");
    const cell = (await viewer.getByRole("heading", { name: /^Cell [A-K]\d$/ }).innerText()).replace("Cell ", "");
    await viewer.getByRole("button", { name: "Mark done" }).tap();
    await viewer.getByText("Done ✓").waitFor();
    await viewer.getByRole("button", { name: "Close cell viewer" }).tap();
    await viewer.waitFor({ state: "detached" });
    await page.getByText("1 of 99 cells done").waitFor();

    // 4. 'Print / PDF' with the defaults: exactly two pages, each one Letter sheet (landscape).
    await page.getByRole("button", { name: "Print / PDF" }).tap();
    const print = page.getByRole("dialog", { name: "Print / PDF" });
    const download = page.waitForEvent("download", { timeout: 30_000 });
    await print.getByRole("button", { name: "Make PDF" }).tap();
    expect(pageSizes((await (await download).path())!)).toEqual([
      [792, 612],
      [792, 612],
    ]);
    await page.keyboard.press("Escape");
    await print.waitFor({ state: "detached" });

    // 5. A reload keeps it; the library leads back to it, and the dragon page's 'Continue' too.
    await page.reload();
    await page.getByText("1 of 99 cells done").waitFor();
    await gotoHydrated(page, "/home");
    const mine = page.getByRole("region", { name: "Your drawings" }).getByRole("link", { name: new RegExp(name) });
    expect(await mine.textContent()).toContain("1 of 99 cells done");
    await screenshot(page, "first-hour-library-phone", { touch: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await mine.tap();
    await page.waitForURL("**/draw/**");
    await page.getByText("1 of 99 cells done").waitFor();
    await page.getByRole("link", { name: /^Back to / }).tap();
    await page.waitForURL("**/dragon/**");
    const drawing = page.getByRole("region", { name: "Your drawing" });
    await drawing.getByText("1 of 99 cells done").waitFor();
    await drawing.getByRole("link", { name: "Continue" }).tap();
    await page.waitForURL("**/draw/**");
    // The same cell is still done: the viewer opened on it says so.
    await page.getByRole("button", { name: "Next cell to draw" }).tap();
    expect(await viewer.getByRole("heading", { name: `Cell ${cell}` }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
