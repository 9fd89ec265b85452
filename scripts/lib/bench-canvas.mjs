import { launchChromium } from "./chromium.mjs";
import { untilIdle } from "./process-cpu.mjs";
// Browser part of `npm run bench`: on a 12-megapixel template, the longest main-thread task during
// the first 2-second drag after opening, in each view; the time from a click on the paper to the
// cell viewer's drawn picture; and the learner tools (decision 013): switching a value view, making
// the PDF.

const VIEWS = ["color", "grayscale", "values3", "values5"];

export async function benchCanvas(baseUrl, dragonId) {
  const browser = await launchChromium();
  try {
    // The first drag in each view, each in a browser context of its own (nothing cached, nothing
    // drawn before): the drag a learner makes right after opening the template or choosing a view.
    const firstDragMs = {};
    let page;
    let box;
    for (const view of VIEWS) {
      await page?.context().close();
      page = await openCanvas(browser, baseUrl, dragonId);
      if (view !== "color") await switchView(page, view);
      box = await page.locator("[data-testid=paper]").boundingBox();
      firstDragMs[view] = Math.round(await longestTaskWhileDragging(page, box));
    }

    const openings = [];
    for (const [x, y] of [
      [0.3, 0.3],
      [0.6, 0.5],
      [0.5, 0.7],
    ]) {
      await page.evaluate(() => performance.clearMarks());
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
      await page.getByTestId("cell-canvas").waitFor();
      await page.waitForFunction(() => performance.getEntriesByName("cell-viewer-drawn").length > 0);
      openings.push(
        await page.evaluate(
          () =>
            performance.getEntriesByName("cell-viewer-drawn")[0].startTime -
            performance.getEntriesByName("cell-viewer-requested")[0].startTime,
        ),
      );
      await page.keyboard.press("Escape");
      await page.getByTestId("cell-canvas").waitFor({ state: "detached" });
    }
    // Value views: from the change of the Picture select to the paper drawn in the new view.
    const switches = [];
    for (const view of ["grayscale", "values3", "values5", "color", "values5"])
      switches.push(await switchView(page, view));

    // The PDF (picture page and blank grid page), from the click on 'Make PDF' to the file.
    await page.getByRole("button", { name: "Print / PDF" }).click();
    await page.evaluate(() => performance.clearMeasures("pdf-made"));
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Make PDF" }).click();
    await download;
    await page.waitForFunction(() => performance.getEntriesByName("pdf-made").length > 0);
    const pdfMs = await page.evaluate(() => performance.getEntriesByName("pdf-made")[0].duration);

    return {
      firstDragMs,
      viewerOpenMs: Math.round(Math.max(...openings)),
      valueViewSwitchMs: Math.round(Math.max(...switches)),
      pdfMs: Math.round(pdfMs),
    };
  } finally {
    await browser.close();
  }
}

/**
 * A browser context that has visited the canvas once and whose service worker has taken control and
 * finished filling its caches (this process and everything it started, the browser among them, quiet).
 */
async function installedApp(browser, baseUrl, dragonId) {
  const page = await openCanvas(browser, baseUrl, dragonId);
  await page.waitForFunction(() => navigator.serviceWorker?.controller);
  await untilIdle(process.pid);
  await page.close();
  return page.context();
}

/** The canvas page, once the hi-res picture is on the paper: in `within` (a browser context), or in a new context of `within` (a browser). */
async function openCanvas(within, baseUrl, dragonId) {
  const context = "newContext" in within ? await within.newContext({ viewport: { width: 1280, height: 800 } }) : within;
  const page = await context.newPage();
  // Generous: a browser four times slower in every thread takes many seconds for what takes one here.
  page.setDefaultTimeout(120_000);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) =>
      window.__longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))),
    ).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${baseUrl}/draw/${dragonId}?version=color`);
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
  return page;
}

/** Choose a view in the Picture select; answers the time until the paper was drawn in it. */
async function switchView(page, view) {
  const ms = await page.evaluate(async (view) => {
    performance.clearMarks("value-view-drawn");
    const select = [...document.querySelectorAll("select")].find((s) =>
      [...s.options].some((o) => o.value === "values5"),
    );
    const started = performance.now();
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value").set.call(select, view);
    select.dispatchEvent(new Event("change", { bubbles: true }));
    while (performance.getEntriesByName("value-view-drawn").length === 0)
      await new Promise((resolve) => setTimeout(resolve, 1));
    return performance.getEntriesByName("value-view-drawn")[0].startTime - started;
  }, view);
  await page.locator(`[data-testid=paper][data-view=${view}]`).waitFor();
  return ms;
}

/** The longest main-thread task (0 when none passed 50 ms) while the image is dragged in circles for 2 s. */
async function longestTaskWhileDragging(page, box) {
  const startedAt = await page.evaluate(() => performance.now());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const moves = 120; // 2 seconds at 60 moves a second
  for (let i = 1; i <= moves; i++) {
    const angle = (i / moves) * Math.PI * 2;
    await page.mouse.move(box.x + box.width / 2 + Math.cos(angle) * 120, box.y + box.height / 2 + Math.sin(angle) * 80);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  return page.evaluate(
    (since) => Math.max(0, ...window.__longTasks.filter((t) => t.start >= since).map((t) => t.duration)),
    startedAt,
  );
}

/**
 * 'Check my drawing' on a 12 MP photo of a printed page with corner marks: from the photo chosen to
 * the heat map on screen (reading the photo, finding the marks, straightening, comparing), the
 * slowest of three runs, each in a fresh page. The photo is chosen once the check's worker has
 * prepared (decision 071), as when a learner takes the photo after opening the check; how long
 * that took from the click is reported too. A learner checks a drawing after working on it beside
 * the open page: the app is installed by then (its service worker in control, its caches filled,
 * decision 013), so the three runs share one browser context whose first visit installed it, and
 * each opens the canvas in a page of its own; the photo is chosen once the browser is quiet.
 */
export async function benchDrawingCheck(baseUrl, dragonId, photoFile, { executablePath } = {}) {
  const browser = await launchChromium({ executablePath });
  try {
    const times = [];
    const preparing = [];
    let flagged = [];
    let notQuiet = 0;
    const context = await installedApp(browser, baseUrl, dragonId);
    for (let run = 0; run < 3; run++) {
      const page = await openCanvas(context, baseUrl, dragonId);
      const clicked = await page.evaluate(() => performance.now());
      await page.getByRole("button", { name: "Check my drawing" }).click();
      await page.waitForFunction(() => performance.getEntriesByName("check-prepared").length > 0);
      preparing.push(
        (await page.evaluate(() => performance.getEntriesByName("check-prepared")[0].startTime)) - clicked,
      );
      // The photo taken while nothing else runs: the page settled, the worker prepared and waiting.
      if (!(await untilIdle(process.pid))) notQuiet++;
      const [chooser] = await Promise.all([
        page.waitForEvent("filechooser"),
        page.getByRole("button", { name: "Choose a photo" }).click(),
      ]);
      await chooser.setFiles(photoFile);
      await page.getByRole("group", { name: "Heat map of your grid" }).waitFor();
      await page.waitForFunction(() => performance.getEntriesByName("check-heat-map").length > 0);
      times.push(await page.evaluate(() => performance.getEntriesByName("check-heat-map")[0].duration));
      flagged = await page
        .getByRole("group", { name: "Heat map of your grid" })
        .getByRole("button")
        .evaluateAll((cells) =>
          cells
            .filter((cell) => !["close", "empty"].includes(cell.getAttribute("data-status")))
            .map((cell) => cell.getAttribute("aria-label")),
        );
      await page.close();
    }
    return {
      slowestMs: Math.round(Math.max(...times)),
      preparedMs: Math.round(Math.max(...preparing)),
      flagged,
      notQuiet,
    };
  } finally {
    await browser.close();
  }
}
