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
import { signIn } from "./support/accounts";

// Issue 43, "Coming back" (decision 050): after marking cells on a phone, the library's 'Your
// drawings' and the dragon page's 'Continue' say how far the drawing has come and lead back to it,
// for a visitor (from this browser) and a member (from the server, on another device too).
const WIDE = { width: 1440, height: 900 };
const TOUCH = { isMobile: true, hasTouch: true };
let browser: Browser;
let dragon: { id: string; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string; name: string }[];
  dragon = dragons[0]!;
});
afterAll(() => browser.close());

const paper = (page: Page) => page.getByTestId("paper");
// The default paper, 11 × 8.5 in with 1-inch squares, has 11 × 9 cells.
const TWO_DONE = "2 of 99 cells done";

/** On the canvas at its defaults, tap A1 and mark it done, then B1 through the viewer's next arrow. */
async function markTwoCells(page: Page) {
  await gotoHydrated(page, `/draw/${dragon.id}?version=color`);
  await page.locator("[data-testid=paper][data-image=hires]").waitFor();
  const box = (await paper(page).boundingBox())!;
  await paper(page).tap({ position: { x: box.width / 22, y: box.width / 22 } });
  const viewer = page.getByRole("dialog");
  await viewer.getByRole("heading", { name: "Cell A1" }).waitFor();
  await viewer.getByRole("button", { name: "Mark done" }).tap();
  await viewer.getByRole("button", { name: "Next cell" }).tap();
  await viewer.getByRole("heading", { name: "Cell B1" }).waitFor();
  await viewer.getByRole("button", { name: "Mark done" }).tap();
  await viewer.getByRole("button", { name: "Close cell viewer" }).tap();
  await viewer.waitFor({ state: "detached" });
}

/** The library's 'Your drawings' shows the dragon with its progress; answers its card. */
async function yourDrawingsCard(page: Page, shot: string) {
  await gotoHydrated(page, "/home");
  const row = page.getByRole("region", { name: "Your drawings" });
  const card = row.getByRole("link", { name: new RegExp(dragon.name) });
  await card.waitFor();
  expect(await card.textContent()).toContain(TWO_DONE);
  expect(await card.getAttribute("href")).toBe(`/draw/${dragon.id}`);
  // At the top: above the library's own cards.
  const rowTop = (await row.boundingBox())!.y;
  const firstLibraryCard = page.locator(`a[href="/dragon/${dragon.id}"]`);
  expect(rowTop).toBeLessThan((await firstLibraryCard.boundingBox())!.y);
  // The whole name, beside the picture: nothing here waits for a hover a phone cannot make.
  const name = card.getByText(dragon.name, { exact: true });
  const picture = (await card.locator("img").boundingBox())!;
  expect((await name.boundingBox())!.x).toBeGreaterThanOrEqual(picture.x + picture.width);
  expect(await name.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  await screenshot(page, shot, { touch: await page.evaluate(() => matchMedia("(hover: none)").matches) });
  expect(await seriousA11yViolations(page)).toEqual([]);
  return card;
}

/** The dragon page's 'Continue' with its progress; answers the link. */
async function continueOnDragonPage(page: Page, shot: string) {
  await gotoHydrated(page, `/dragon/${dragon.id}`);
  const drawing = page.getByRole("region", { name: "Your drawing" });
  await drawing.getByText(TWO_DONE).waitFor();
  const link = drawing.getByRole("link", { name: "Continue" });
  expect(await link.getAttribute("href")).toBe(`/draw/${dragon.id}?version=color`);
  // In view without scrolling, on a phone too.
  expect((await link.boundingBox())!.y + 44).toBeLessThan(page.viewportSize()!.height);
  await screenshot(page, shot);
  expect(await seriousA11yViolations(page)).toEqual([]);
  return link;
}

describe("coming back to a drawing", () => {
  it("as a visitor on a phone: 'Your drawings' and 'Continue' from this browser", async () => {
    const { context, page } = await newPage(browser, PHONE, TOUCH);
    await markTwoCells(page);

    const card = await yourDrawingsCard(page, "coming-back-visitor-library-phone");
    await card.tap();
    await page.waitForURL(`**/draw/${dragon.id}`);
    await paper(page).waitFor();

    const link = await continueOnDragonPage(page, "coming-back-visitor-dragon-phone");
    await link.tap();
    await page.waitForURL(`**/draw/${dragon.id}?version=color`);
    await paper(page).waitFor();
    await context.close();
  }, 120_000);

  it("as a member: marked on a phone, shown from the server on the phone and on a desktop", async () => {
    const email = "coming-back@dragongrid.test";
    const phone = await newPage(browser, PHONE, TOUCH);
    await signIn(phone.context, email);
    const saved = phone.page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname === "/api/wip" &&
        (JSON.parse(response.request().postData() ?? "{}") as { doneCells?: string[] }).doneCells?.length === 2,
    );
    await markTwoCells(phone.page);
    expect((await saved).status()).toBe(200);

    const card = await yourDrawingsCard(phone.page, "coming-back-member-library-phone");
    await card.tap();
    await phone.page.waitForURL(`**/draw/${dragon.id}`);
    await paper(phone.page).waitFor();
    const link = await continueOnDragonPage(phone.page, "coming-back-member-dragon-phone");
    await link.tap();
    await phone.page.waitForURL(`**/draw/${dragon.id}?version=color`);
    await phone.context.close();

    // Another device, with nothing in its browser: the same progress, from the server.
    const desktop = await newPage(browser, WIDE);
    await signIn(desktop.context, email);
    await yourDrawingsCard(desktop.page, "coming-back-member-library-desktop");
    await continueOnDragonPage(desktop.page, "coming-back-member-dragon-desktop");
    await desktop.context.close();
  }, 120_000);
});
