import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng, phonePhotoJpeg } from "../src/server/test/images";
import {
  DESKTOP,
  PHONE,
  baseUrl,
  expectToast,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  gotoHydrated,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";

// The upload widget's link import, through our Companion, from a real local HTTP server.
let browser: Browser;
let images: http.Server;
let imagesOrigin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const png = await illustrationPng(640, 480);
  const jpeg = await phonePhotoJpeg(800, 600);
  images = http.createServer((request, response) => {
    const [type, body] =
      request.url === "/linked-dragon.png"
        ? ["image/png", png]
        : request.url === "/linked-drawing.jpg"
          ? ["image/jpeg", jpeg]
          : [null, null];
    if (!type || !body) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": type, "content-length": body.length });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", () => resolve()));
  imagesOrigin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser.close();
  images.closeAllConnections();
  await new Promise((resolve) => images.close(resolve));
});

/** Open the dashboard's Link tab, import a link, and wait for the file to be listed. */
/** Imports a link; the upload page starts uploading on pick, the admin's dialog waits for 'Upload 1 file'. */
async function importLink(page: Page, link: string, fileName: string, startsOnPick = false) {
  const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
  await dashboard.waitFor();
  await dashboard
    .getByRole("tab", { name: "Link" })
    .or(dashboard.getByRole("button", { name: "Link" }))
    .first()
    .click();
  const field = dashboard.getByRole("textbox").first();
  await field.fill(link);
  await screenshot(page, `uppy-link-${page.viewportSize()!.width}`);
  await dashboard.getByRole("button", { name: "Import" }).click();
  if (startsOnPick) return;
  await dashboard.getByText(fileName).first().waitFor();
  await dashboard.getByRole("button", { name: /^Upload 1 file/ }).click();
}

describe("remote uploads", () => {
  it("an admin adds a template from a link through the widget", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(context, ADMIN_EMAIL);
    await gotoHydrated(page, "/home");
    await page.getByRole("button", { name: "Upload my own image" }).click();
    await importLink(page, `${imagesOrigin}/linked-dragon.png`, "linked-dragon.png");
    const naming = page.getByRole("dialog", { name: "Upload Dragon Template" });
    await naming.waitFor({ timeout: 30_000 });
    await naming.getByLabel("Dragon name").fill("Linked Ember");
    await naming.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Success", "Dragon uploaded successfully!");
    await page.getByRole("img", { name: "Linked Ember", exact: true }).waitFor();
    const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { name: string; width: number }[];
    expect(dragons.find((d) => d.name === "Linked Ember")?.width).toBe(640);
    await context.close();
  });

  it("a user adds a feed photo from a link", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await signIn(context, `linker-${Date.now()}@example.com`);
    const dragons = (await (await context.request.get("/api/dragons")).json()) as { id: string }[];
    await page.goto("/upload");
    await page.getByRole("heading", { name: "Upload Your Drawing" }).waitFor();
    await page.getByLabel("Which dragon did you draw?").selectOption(dragons[0]!.id);
    await page.getByRole("button", { name: "Add Photos (0/5)" }).click();
    await importLink(page, `${imagesOrigin}/linked-drawing.jpg`, "linked-drawing.jpg", true);
    const thumbnails = page.getByRole("list", { name: "Photos to submit" }).getByRole("img");
    await expect.poll(() => thumbnails.count(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, "upload-from-link-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Submit for Review" }).click();
    await expectToast(page, "Success", "Your drawing has been submitted for review!");
    await page.waitForURL("**/feed");
    await context.close();
  });
});
