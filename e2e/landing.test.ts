import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("landing page", () => {
  it("shows the spec's pictures, heading, text and the way to the library", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const pageViews: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/analytics/pageview")) pageViews.push(request.postData() ?? "");
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // A visitor's GET /api/auth/user answers 401 by design (docs/spec.md §7); the browser logs it.
      const expected401 = message.location().url.endsWith("/api/auth/user") && message.text().includes("401");
      // Chromium warns about a Permissions-Policy feature it does not know: the header must be clean.
      if ((message.type() === "error" && !expected401) || message.text().includes("Permissions-Policy"))
        errors.push(message.text());
    });

    await page.goto("/");
    await expect(page.title()).resolves.toBe("Dragon Grid — Learn to draw dragons with the grid method");
    await page.getByRole("heading", { name: "Ready to Draw Dragons?" }).waitFor();
    await page.getByText("Browse our dragon templates and start creating amazing art today").waitFor();

    for (const alt of ["I drew this dragon - it was easy", "Easy as 1-2-3 using the grid method"]) {
      const img = page.getByRole("img", { name: alt });
      await img.waitFor();
      // A real picture, decoded: not a broken image or a placeholder box.
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThanOrEqual(600);
    }

    const cta = page.getByRole("link", { name: "Show me the Dragons!" });
    expect(await cta.getAttribute("href")).toBe("/home");

    // Desktop header: the four sections and Sign In; the bottom bar is hidden.
    const header = page.getByRole("navigation", { name: "Main" });
    for (const label of ["HOME", "FEED", "BLOG", "PROFILE"])
      await expect(header.getByRole("link", { name: label }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Sign In" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("navigation", { name: "Sections" }).isVisible()).resolves.toBe(false);

    // The camera (the upload widget's) is ours to ask for; location, microphone and payment are off.
    const allowed = await page.evaluate(() => {
      const policy = (document as unknown as { featurePolicy: { allowsFeature(name: string): boolean } }).featurePolicy;
      return ["camera", "microphone", "geolocation", "payment", "usb"].map(
        (name) => `${name}:${policy.allowsFeature(name)}`,
      );
    });
    expect(allowed).toEqual(["camera:true", "microphone:false", "geolocation:false", "payment:false", "usb:false"]);

    await expect.poll(() => pageViews.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(pageViews[0]!)).toMatchObject({ path: "/" });
    await screenshot(page, "landing-desktop");
    expect(errors).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await cta.click();
    await page.waitForURL("**/home");
    await expect.poll(() => pageViews.some((body) => JSON.parse(body).path === "/home")).toBe(true);
    await context.close();
  });

  it("carries the social tags in the HTML itself, for crawlers that run no JavaScript", async () => {
    const { context, page } = await newPage(browser);
    const response = await page.request.get("/");
    const html = await response.text();
    for (const tag of [
      'property="og:title"',
      'property="og:description"',
      'property="og:image"',
      'property="og:url"',
      'name="twitter:card"',
      'name="twitter:image"',
    ]) {
      expect(html).toContain(tag);
    }
    const image = await page.request.get("/og-image.png");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    await context.close();
  });

  it("works at 390 px: bottom bar with the four sections, no sideways scrolling", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await page.goto("/");
    await page.getByRole("heading", { name: "Ready to Draw Dragons?" }).waitFor();
    const bar = page.getByRole("navigation", { name: "Sections" });
    await expect(bar.isVisible()).resolves.toBe(true);
    for (const label of ["Home", "Feed", "Blog", "Profile"]) {
      const link = bar.getByRole("link", { name: label });
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "landing-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
