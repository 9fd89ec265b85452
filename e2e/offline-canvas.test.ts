import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectToast, gotoHydrated, launchBrowser, newPage } from "./support/browser";
import { signIn } from "./support/accounts";
import { paperPixels } from "./support/paper";

// Without this, Playwright's offline switch does not reach the service worker's own fetches, and
// an "offline" reload could quietly be served from the network (each check below probes it).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

let browser: Browser;
let dragonId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string }[];
  dragonId = dragons[0]!.id;
});
afterAll(() => browser.close());

const paper = (page: Page) => page.getByTestId("paper");
/** The paper with its column and row labels around it. */
const sheet = (page: Page) => page.locator("div.grid:has(> canvas[data-testid=paper])");

// The learner's own settings: a 12-inch-wide paper (12 x 9 one-inch cells instead of 11 x 9).
const WIDTH = 12;
const CELLS = "12 x 9 cells";

type How = "direct" | "client-side";

/** Open the canvas: by its address, or from the dragon's page through 'Grid my dragon!'. */
async function openCanvas(page: Page, how: How, online: boolean) {
  if (how === "direct") await page.goto(`/draw/${dragonId}`);
  else {
    // Online, the server's HTML does nothing until hydrated; offline, the page comes from the worker.
    if (online) await gotoHydrated(page, `/dragon/${dragonId}`);
    else await page.goto(`/dragon/${dragonId}`);
    await page.getByRole("link", { name: "Grid my dragon!" }).click();
    await page.waitForURL(`**/draw/${dragonId}?version=color`);
  }
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
}

/** Mark the cell in this column of the first row done (through the cell viewer's D key). */
async function markDone(page: Page, column: number) {
  const box = (await paper(page).boundingBox())!;
  const unit = box.width / WIDTH;
  await paper(page).click({ position: { x: (column + 0.5) * unit, y: unit / 2 } });
  const viewer = page.getByRole("dialog");
  await viewer.getByRole("heading", { name: `Cell ${String.fromCharCode(65 + column)}1` }).waitFor();
  await page.keyboard.press("d");
  await viewer.getByText("Done ✓").waitFor();
  await viewer.getByRole("button", { name: "Undo" }).waitFor();
  await page.keyboard.press("Escape");
  await viewer.waitFor({ state: "detached" });
}

/** The canvas as the learner left it: the picture, the grid's labels, their paper and done cells. */
async function expectCanvas(page: Page, done: number) {
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
  await page.getByText(CELLS, { exact: true }).waitFor();
  expect(await page.getByLabel("Width").inputValue()).toBe(String(WIDTH));
  await page.getByText(`${done} of 108 cells done`, { exact: true }).waitFor();
  expect(await sheet(page).getByText("A", { exact: true }).isVisible()).toBe(true);
  expect(await sheet(page).getByText("1", { exact: true }).isVisible()).toBe(true);
  expect((await paperPixels(page)).colourful).toBeGreaterThan(0.05);
}

/** The worker controls the page and has kept what it shows (the template is the last to arrive). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.waitForFunction(
    async () => (await (await caches.open("dragon-grid-templates")).keys()).some((r) => r.url.includes("hires")),
    undefined,
    { timeout: 30_000 },
  );
}

/** Offline, the worker's own fetches included: a read it never kept fails. */
async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  expect(
    await page.evaluate(
      (id) =>
        fetch(`/api/dragons/${id}?probe=1`).then(
          () => "reached",
          () => "failed",
        ),
      dragonId,
    ),
  ).toBe("failed");
}

/**
 * Back online, the worker's fetches included: Playwright lifts the offline switch target by target,
 * so the page can be online a moment before its worker. Waits until a read the worker never kept
 * reaches the server.
 */
async function goOnline(context: BrowserContext, page: Page) {
  await context.setOffline(false);
  await page.waitForFunction(
    (id) =>
      fetch(`/api/dragons/${id}?probe=${Math.random()}`).then(
        () => true,
        () => false,
      ),
    dragonId,
    { polling: 200 },
  );
}

/** Run a check, naming it and what the page showed when it fails. */
async function step(page: Page, name: string, check: () => Promise<void>) {
  try {
    await check();
  } catch (error) {
    const shown = await page
      .evaluate(() =>
        [document.querySelector("main"), ...document.querySelectorAll("li[data-state=open]")]
          .map((element) => element?.textContent ?? "")
          .join(" | "),
      )
      .catch(() => "(no page)");
    throw new Error(`${name}: ${(error as Error).message.split("\n")[0]}\nThe page showed: ${shown.slice(0, 300)}`, {
      cause: error,
    });
  }
}

describe("offline canvas: a canvas opened once reopens offline, whatever the number of visits", () => {
  for (const who of ["visitor", "member"] as const) {
    for (const how of ["direct", "client-side"] as const) {
      it(`${who}, ${how}: after one, two and three visits`, async () => {
        const { context, page } = await newPage(browser, undefined, { serviceWorkers: "allow" });
        if (who === "member") await signIn(context, `offline-canvas-${how}-${Date.now()}@example.com`);

        context.setDefaultTimeout(15_000);
        for (let visit = 1; visit <= 3; visit++) {
          await openCanvas(page, how, true);
          if (visit === 1) {
            await waitForWorker(page);
            await page.getByLabel("Width").fill(String(WIDTH));
            await page.getByText(CELLS, { exact: true }).waitFor();
          }
          // Progress made after the worker has kept the canvas's data: what comes back offline is
          // this, not what the canvas started from.
          await markDone(page, visit - 1);
          if (who === "member") {
            await step(page, `saving on visit ${visit}`, async () => {
              await page.getByRole("button", { name: "Save", exact: true }).click();
              await expectToast(page, "Progress saved");
            });
          }

          await goOffline(context, page);
          await page.reload();
          await step(page, `offline reload after ${visit} visit(s)`, () => expectCanvas(page, visit));
          if (how === "client-side") {
            await step(page, `offline, from the dragon's page after ${visit} visit(s)`, async () => {
              await openCanvas(page, how, false);
              await expectCanvas(page, visit);
            });
          }
          await goOnline(context, page);
        }
        await context.close();
      }, 150_000);
    }
  }
});

describe("offline saves and the account", () => {
  it("signed in: a save made offline arrives once back online, and only once", async () => {
    const { context, page } = await newPage(browser, undefined, { serviceWorkers: "allow" });
    await signIn(context, `offline-${Date.now()}@example.com`);
    await openCanvas(page, "direct", true);
    // The worker takes over, then the page asks again through it for what it shows.
    await waitForWorker(page);
    const sw = await context.request.get("/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect((await context.request.get("/manifest.webmanifest")).headers()["content-type"]).toContain(
      "application/manifest+json",
    );

    await goOffline(context, page);
    await page.reload();
    await page.locator("[data-testid=paper][data-image=hires]").waitFor();
    expect(await page.getByText(/^\d+ x \d+ cells$/).textContent()).toBe("11 x 9 cells");
    expect((await paperPixels(page)).colourful).toBeGreaterThan(0.05);

    // Saves the server took. An attempt can fail as the connection returns (the page may learn it is
    // online a moment before the network works) and is then made again, which is no second save.
    const saved: string[] = [];
    page.on(
      "response",
      (r) =>
        r.url().endsWith("/api/wip") &&
        r.request().method() === "POST" &&
        r.status() === 200 &&
        saved.push(r.request().postData() ?? ""),
    );
    await page.getByRole("button", { name: "Zoom In" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Saved on this device");

    const arrived = page.waitForResponse(
      (r) => r.url().endsWith("/api/wip") && r.request().method() === "POST" && r.status() === 200,
      { timeout: 15_000 },
    );
    await context.setOffline(false);
    await arrived;
    expect(
      ((await (await context.request.get(`/api/wip/${dragonId}`)).json()) as { imageZoom: number }).imageZoom,
    ).toBe(1.2);
    // Nothing twice: no second save of the same state during the next autosave rounds.
    await page.waitForTimeout(7000);
    expect(saved.filter((body) => body.includes('"imageZoom":1.2'))).toHaveLength(1);
    await context.close();
  });

  it("a public page last seen before signing in still shows the account offline", async () => {
    const { context, page } = await newPage(browser, undefined, { serviceWorkers: "allow" });
    await page.goto("/home");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // Seen again through the worker, as a visitor: this is the copy it keeps.
    await page.reload();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await signIn(context, `stale-${Date.now()}@example.com`);
    // Signed in, the page keeps the account for offline use (another page, so the worker's copy of
    // this one stays the visitor's).
    await page.goto(`/draw/${dragonId}`);
    await page.getByRole("button", { name: "Sign Out" }).waitFor();

    await context.setOffline(true);
    await page.goto("/home");
    await page.getByRole("heading", { level: 1, name: "Dragon Library" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
    await context.close();
  });
});
