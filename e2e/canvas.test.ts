import type { Browser, CDPSession, Locator, Page } from "playwright-core";
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

let browser: Browser;
let dragonId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string; name: string }[];
  dragonId = dragons[0]!.id;
});
afterAll(() => browser.close());

const paper = (page: Page) => page.getByTestId("paper");
const viewer = (page: Page) => page.getByRole("dialog");

/** Wait until the paper shows the hi-res image (the page marks nothing, so compare pixels to stay robust). */
async function openCanvas(page: Page, query = "?version=color") {
  await page.goto(`/draw/${dragonId}${query}`);
  await paper(page).waitFor();
  await page.getByText("Loading your dragon…").waitFor({ state: "detached" });
}

/** Mean absolute RGB difference between the paper's pixels under a cell and the cell viewer's picture. */
async function cellDifference(
  page: Page,
  cell: { column: number; row: number },
  paperWidth: number,
  gridSize: number,
): Promise<number> {
  return page.evaluate(
    ({ cell, paperWidth, gridSize }) => {
      const main = document.querySelector<HTMLCanvasElement>("[data-testid=paper]")!;
      const view = document.querySelector<HTMLCanvasElement>("[data-testid=cell-canvas]")!;
      const unit = main.width / paperWidth;
      const size = Math.floor(unit * gridSize);
      const inset = 4; // leave out the grid lines, which only the paper draws
      const mainPixels = main
        .getContext("2d")!
        .getImageData(
          Math.round(cell.column * gridSize * unit) + inset,
          Math.round(cell.row * gridSize * unit) + inset,
          size - 2 * inset,
          size - 2 * inset,
        ).data;
      const scratch = document.createElement("canvas");
      scratch.width = size;
      scratch.height = size;
      const ctx = scratch.getContext("2d")!;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(view, 0, 0, size, size);
      const viewPixels = ctx.getImageData(inset, inset, size - 2 * inset, size - 2 * inset).data;
      let total = 0;
      for (let i = 0; i < mainPixels.length; i += 4) {
        total +=
          Math.abs(mainPixels[i]! - viewPixels[i]!) +
          Math.abs(mainPixels[i + 1]! - viewPixels[i + 1]!) +
          Math.abs(mainPixels[i + 2]! - viewPixels[i + 2]!);
      }
      return total / ((mainPixels.length / 4) * 3);
    },
    { cell, paperWidth, gridSize },
  );
}

/** The text a sighted reader sees: without the parts kept for screen readers (`sr-only`, 1 px wide). */
function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let text = "";
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.parentElement!.getBoundingClientRect().width > 1) text += node.textContent;
    return text.trim();
  });
}

/** Click the middle of a cell on the paper (grid 1, paper width 11 unless told). */
async function clickCell(page: Page, column: number, row: number, paperWidth = 11, gridSize = 1) {
  const box = (await paper(page).boundingBox())!;
  const unit = box.width / paperWidth;
  await paper(page).click({ position: { x: (column + 0.5) * gridSize * unit, y: (row + 0.5) * gridSize * unit } });
}

describe("grid canvas", () => {
  it("updates the cell count as paper and grid change, with the spec's fallbacks", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    await page.getByRole("link", { name: /^Back to / }).waitFor();
    await page.getByRole("button", { name: "Save" }).waitFor();
    await page.getByText("Click and drag to position your image").waitFor();
    const count = page.getByText(/^\d+ x \d+ cells$/);
    expect(await count.textContent()).toBe("11 x 9 cells");
    await page.getByLabel("Width").fill("12");
    expect(await count.textContent()).toBe("12 x 9 cells");
    await page.getByLabel("Grid Size").fill("2");
    expect(await count.textContent()).toBe("6 x 5 cells");
    await page.getByLabel("Width").fill("");
    expect(await count.textContent()).toBe("6 x 5 cells"); // empty width falls back to 11
    await page.getByLabel("Grid Size").fill("0");
    expect(await count.textContent()).toBe("11 x 9 cells"); // invalid grid falls back to 1
    await page.getByLabel("Height").fill("20");
    expect(await count.textContent()).toBe("11 x 20 cells");
    await page.getByLabel("Height").fill("-5");
    expect(await count.textContent()).toBe("11 x 9 cells"); // invalid height falls back to 8.5
    await context.close();
  });

  it("zooms in steps and stops at 50 % and 300 %", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    const level = page.getByLabel("Zoom level");
    expect(await level.textContent()).toBe("100%");
    const zoomIn = page.getByRole("button", { name: "Zoom In" });
    // Icon-only buttons name themselves on hover, after the 700 ms tooltip delay.
    await zoomIn.hover();
    await page.getByRole("tooltip", { name: "Zoom In" }).waitFor();
    await zoomIn.click();
    expect(await level.textContent()).toBe("120%");
    while (await zoomIn.isEnabled()) await zoomIn.click();
    expect(await level.textContent()).toBe("300%");
    const zoomOut = page.getByRole("button", { name: "Zoom Out" });
    while (await zoomOut.isEnabled()) await zoomOut.click();
    expect(await level.textContent()).toBe("50%");
    await context.close();
  });

  it("drags the image without opening the viewer; a click opens 'Cell A1'; arrows, Escape and the 3x3 view", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    await screenshot(page, "canvas-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);
    const before = await paper(page).screenshot();
    const box = (await paper(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 8 });
    await page.mouse.up();
    expect(await viewer(page).count()).toBe(0);
    expect((await paper(page).screenshot()).equals(before)).toBe(false);

    // A small wobble (under 5 px) is still a click.
    await page.mouse.move(box.x + 10, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 13, box.y + 12);
    await page.mouse.up();
    await viewer(page).getByRole("heading", { name: "Cell A1" }).waitFor();
    expect(await page.getByRole("button", { name: "Previous cell" }).count()).toBe(0);
    await page.getByRole("button", { name: "Next cell" }).waitFor();
    await page.keyboard.press("ArrowRight");
    await viewer(page).getByRole("heading", { name: "Cell B1" }).waitFor();
    await page.getByRole("button", { name: "Previous cell" }).waitFor();
    await page.getByRole("button", { name: "Next cell" }).click();
    await viewer(page).getByRole("heading", { name: "Cell C1" }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await viewer(page).getByRole("heading", { name: "Cell B1" }).waitFor();
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
    await viewer(page).getByRole("heading", { name: "Cell K1" }).waitFor();
    expect(await page.getByRole("button", { name: "Next cell" }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const cellCanvas = page.getByTestId("cell-canvas");
    expect(await cellCanvas.getAttribute("data-context")).toBe("single");
    await cellCanvas.click();
    expect(await cellCanvas.getAttribute("data-context")).toBe("3x3");
    await cellCanvas.click();
    expect(await cellCanvas.getAttribute("data-context")).toBe("single");

    await page.keyboard.press("Escape");
    await viewer(page).waitFor({ state: "detached" });
    await context.close();
  });

  it("shows in a cell exactly the part of the image under it, at any zoom and position", async () => {
    const { context, page } = await newPage(browser);
    await openCanvas(page);
    // Let the hi-res image arrive: the paper's pixels stop changing.
    await page.locator("[data-testid=paper][data-image=hires]").waitFor();
    await clickCell(page, 5, 4);
    await viewer(page).getByRole("heading", { name: "Cell F5" }).waitFor();
    // The cell's pixels are drawn after its heading shows.
    await expect.poll(() => cellDifference(page, { column: 5, row: 4 }, 11, 1)).toBeLessThan(6);
    const same = await cellDifference(page, { column: 5, row: 4 }, 11, 1);
    // The viewer moved one cell on: comparing it with F5 must now fail, or the check proves nothing.
    await page.keyboard.press("ArrowRight");
    await viewer(page).getByRole("heading", { name: "Cell G5" }).waitFor();
    const other = await cellDifference(page, { column: 5, row: 4 }, 11, 1);
    expect(same).toBeLessThan(6);
    expect(other).toBeGreaterThan(same + 10);
    await screenshot(page, "cell-viewer-desktop");
    await page.getByTestId("cell-canvas").click();
    await screenshot(page, "cell-viewer-3x3-desktop");
    await page.keyboard.press("Escape");

    // Zoomed in and moved: still the same pixels.
    await page.getByRole("button", { name: "Zoom In" }).click();
    await page.getByRole("button", { name: "Zoom In" }).click();
    const box = (await paper(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 37, box.y + box.height / 2 + 23, { steps: 6 });
    await page.mouse.up();
    await clickCell(page, 4, 3);
    await viewer(page).getByRole("heading", { name: "Cell E4" }).waitFor();
    await expect.poll(() => cellDifference(page, { column: 4, row: 3 }, 11, 1)).toBeLessThan(6);
    await context.close();
  });

  it("falls back to color for an unknown version, and shows 'Dragon Not Found' for a missing dragon", async () => {
    const { context, page } = await newPage(browser);
    const hires: string[] = [];
    page.on("request", (r) => r.url().includes("hires") && hires.push(r.url()));
    await openCanvas(page, "?version=charcoal");
    expect(hires.some((u) => u.endsWith("/hires.png"))).toBe(true);
    await page.goto("/draw/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Dragon Not Found" }).waitFor();
    await context.close();
  });

  it("on a phone (390 × 844, touch): title, labelled tools and paper settings in view; a cell marked done says so, and undoes", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await openCanvas(page, "?version=pencil");
    const inView = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      const bottomBar = (await page.getByRole("navigation", { name: "Sections" }).boundingBox())!;
      return box.x >= 0 && box.x + box.width <= PHONE.width && box.y >= 0 && box.y + box.height <= bottomBar.y;
    };
    // The header: back arrow, the dragon's name, Save clear of the edge; the bottom navigation stays.
    const title = page.getByRole("heading", { level: 1 });
    expect((await title.boundingBox())!.width).toBeGreaterThan(100);
    expect(await inView(page.getByRole("link", { name: /^Back to / }))).toBe(true);
    const save = (await page.getByRole("button", { name: "Save", exact: true }).boundingBox())!;
    expect(PHONE.width - (save.x + save.width)).toBeGreaterThanOrEqual(8);
    expect(await page.getByRole("navigation", { name: "Sections" }).isVisible()).toBe(true);
    // Every tool has a label a learner can read, and a tap target of 44 px or more.
    const tools = page.getByRole("group", { name: "Tools" });
    for (const [name, shown] of [
      ["Check my drawing", "Check"],
      ["Print / PDF", "Print"],
      ["Share your drawing", "Share"],
    ] as const) {
      const tool = tools.getByRole(name.startsWith("Share") ? "link" : "button", { name });
      expect(await visibleText(tool)).toBe(shown);
      const box = (await tool.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    // The first step, paper and grid size, is in view without a tap: under the paper, above the navigation.
    for (const field of ["Paper preset", "Width", "Height", "Grid Size"])
      expect(await inView(page.getByLabel(field)), field).toBe(true);
    await screenshot(page, "canvas-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    const count = page.getByText(/^\d+ x \d+ cells$/);
    await page.getByLabel("Paper preset").selectOption("legal");
    await page.getByLabel("Grid Size").fill("2");
    expect(await count.textContent()).toBe("7 x 5 cells");
    await page.getByLabel("Paper preset").selectOption("letter");
    await page.getByLabel("Grid Size").fill("1");
    expect(await count.textContent()).toBe("11 x 9 cells");

    // A cell: its label and controls on one line, the arrows beside 'Mark done', off the picture.
    const paperBox = (await paper(page).boundingBox())!;
    const unit = paperBox.width / 11;
    await paper(page).tap({ position: { x: 3.5 * unit, y: 3.5 * unit } });
    await viewer(page).getByRole("heading", { name: "Cell D4" }).waitFor();
    const cellBox = (await page.getByTestId("cell-canvas").boundingBox())!;
    expect(cellBox.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    const heading = (await viewer(page).getByRole("heading", { name: "Cell D4" }).boundingBox())!;
    for (const name of ["Check this cell", "Close cell viewer"]) {
      const box = (await viewer(page).getByRole("button", { name }).boundingBox())!;
      expect(Math.abs(box.y + box.height / 2 - (heading.y + heading.height / 2))).toBeLessThan(4);
      expect(box.y + box.height).toBeLessThanOrEqual(cellBox.y);
    }
    for (const name of ["Previous cell", "Next cell", "Mark done"]) {
      const box = (await viewer(page).getByRole("button", { name }).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(cellBox.y + cellBox.height);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, "cell-viewer-phone");
    await viewer(page).getByRole("button", { name: "Mark done" }).tap();
    await viewer(page).getByText("Done ✓").waitFor();
    await screenshot(page, "cell-viewer-done-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await viewer(page).getByRole("button", { name: "Undo" }).tap();
    await viewer(page).getByRole("button", { name: "Mark done" }).waitFor();
    expect(await viewer(page).getByText("Done ✓").count()).toBe(0);
    await viewer(page).getByRole("button", { name: "Mark done" }).tap();
    await page.getByTestId("cell-canvas").tap();
    expect(await page.getByTestId("cell-canvas").getAttribute("data-context")).toBe("3x3");
    await screenshot(page, "cell-viewer-3x3-phone");
    await viewer(page).getByRole("button", { name: "Close cell viewer" }).tap();
    await viewer(page).waitFor({ state: "detached" });
    expect(await page.getByText(/^\d+ of \d+ cells done$/).textContent()).toBe("1 of 99 cells done");
    await context.close();
  });
});

describe("saved progress", () => {
  it("signed in: Save, reload and the same state back; autosave after a change", async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, `canvas-${Date.now()}@example.com`);
    await openCanvas(page);
    await page.getByLabel("Width").fill("14");
    await page.getByRole("button", { name: "Zoom In" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Progress saved");
    await page.reload();
    await paper(page).waitFor();
    expect(await page.getByLabel("Width").inputValue()).toBe("14");
    expect(await page.getByLabel("Zoom level").textContent()).toBe("120%");

    // A change with no click on Save is saved within about 5 seconds.
    const autosave = page.waitForRequest((r) => r.url().endsWith("/api/wip") && r.method() === "POST", {
      timeout: 9000,
    });
    await page.getByLabel("Grid Size").fill("2");
    const body = JSON.parse((await autosave).postData()!);
    expect(body).toMatchObject({ dragonId, paperWidth: 14, gridSize: 2, imageZoom: 1.2 });
    expect((await (await autosave).response())?.status()).toBe(200);
    await page.reload();
    await paper(page).waitFor();
    expect(await page.getByLabel("Grid Size").inputValue()).toBe("2");
    await context.close();
  });

  it("signed out: no calls to /api/wip, a reload keeps the state, and Save says to sign in", async () => {
    const { context, page } = await newPage(browser);
    const progressCalls: string[] = [];
    page.on("request", (r) => r.url().includes("/api/wip") && progressCalls.push(r.url()));
    await openCanvas(page);
    await page.getByLabel("Height").fill("10");
    await page.reload();
    await paper(page).waitFor();
    expect(await page.getByLabel("Height").inputValue()).toBe("10");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Sign in to keep your progress");
    expect(await page.evaluate(() => sessionStorage.getItem("returnUrl"))).toBe(`/draw/${dragonId}?version=color`);
    await page.locator("li[data-state=open]").getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL(/\/login$/);
    expect(progressCalls).toEqual([]);
    await context.close();
  });
});

/** Send touch points through the devtools protocol (one session per test): Playwright has no multi-touch API. */
async function touch(
  session: CDPSession,
  type: "touchStart" | "touchMove" | "touchEnd",
  points: { x: number; y: number }[],
) {
  await session.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
}

describe("touch and edges", () => {
  it("pinches with two fingers to zoom, swipes between cells, and shows blank paper past the edge", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await openCanvas(page);
    const cdp = await context.newCDPSession(page);
    const box = (await paper(page).boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await touch(cdp, "touchStart", [
      { x: cx - 30, y: cy },
      { x: cx + 30, y: cy },
    ]);
    for (let step = 1; step <= 6; step++)
      await touch(cdp, "touchMove", [
        { x: cx - 30 - step * 10, y: cy },
        { x: cx + 30 + step * 10, y: cy },
      ]);
    await touch(cdp, "touchEnd", []);
    // The fingers spread from 60 to 180 px apart: three times the zoom, the most there is.
    await expect.poll(() => page.getByLabel("Zoom level").textContent()).toBe("300%");

    await clickCell(page, 0, 0);
    await viewer(page).getByRole("heading", { name: "Cell A1" }).waitFor();
    const cellBox = (await page.getByTestId("cell-canvas").boundingBox())!;
    const y = cellBox.y + cellBox.height / 2;
    await touch(cdp, "touchStart", [{ x: cellBox.x + cellBox.width * 0.8, y }]);
    await touch(cdp, "touchMove", [{ x: cellBox.x + cellBox.width * 0.5, y }]);
    await touch(cdp, "touchMove", [{ x: cellBox.x + cellBox.width * 0.2, y }]);
    await touch(cdp, "touchEnd", []);
    await viewer(page).getByRole("heading", { name: "Cell B1" }).waitFor();
    await touch(cdp, "touchStart", [{ x: cellBox.x + cellBox.width * 0.2, y }]);
    await touch(cdp, "touchMove", [{ x: cellBox.x + cellBox.width * 0.8, y }]);
    await touch(cdp, "touchEnd", []);
    await viewer(page).getByRole("heading", { name: "Cell A1" }).waitFor();

    // In the 3×3 view of A1 the squares above and to the left are off the paper: blank white.
    await page.getByTestId("cell-canvas").tap();
    expect(await page.getByTestId("cell-canvas").getAttribute("data-context")).toBe("3x3");
    const blank = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=cell-canvas]")!;
      const third = Math.floor(canvas.width / 3);
      const top = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, third - 2).data;
      const left = canvas.getContext("2d")!.getImageData(0, 0, third - 2, canvas.height).data;
      return [...top, ...left].every((v) => v === 255);
    });
    expect(blank).toBe(true);
    await context.close();
  });
});

describe("a session that ends while drawing", () => {
  it("answers Save with 'Unauthorized', then goes to sign in and comes back to the canvas after", async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, `expired-${Date.now()}@example.com`);
    await openCanvas(page);
    // The session ends elsewhere (signed out on another tab or device).
    expect((await context.request.post("/api/auth/logout")).status()).toBe(200);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Unauthorized", "You are logged out. Logging in again...");
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem("returnUrl"))).toBe(`/draw/${dragonId}?version=color`);
    await context.close();
  });
});
