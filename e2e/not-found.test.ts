import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("not-found page", () => {
  it("answers an unknown path with 404 and '404 Page Not Found'", async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto("/no/such/place");
    expect(response!.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await expect(page.title()).resolves.toBe("Page Not Found · Dragon Grid");
    await screenshot(page, "not-found-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Back to the start" }).click();
    await page.getByRole("heading", { name: "Ready to Draw Dragons?" }).waitFor();
    await context.close();
  });
});
