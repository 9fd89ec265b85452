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

    // The 1-2-3 picture carries no words: its caption and its steps are the page's text.
    await page.getByText("Easy as 1-2-3 using the grid method").waitFor();
    for (const alt of [
      "I drew this dragon - it was easy",
      "A dragon picture with a grid over it, the same grid ruled on paper, and the dragon copied square by square",
    ]) {
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

  it("says the 1-2-3 picture's steps as text in the page's language, each under its panel", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const steps = page.locator("figure ol > li");
    const picture = page.locator("figure:has(ol) img");
    /** Where each step's middle is across the picture: its panels' middles are at 17.5%, 50% and 82.5%. */
    const across = async () => {
      const box = (await picture.boundingBox())!;
      const middles = await steps.evaluateAll((items) =>
        items.map((item) => {
          const rect = item.getBoundingClientRect();
          return rect.left + rect.width / 2;
        }),
      );
      return middles.map((x) => ((x - box.x) / box.width) * 100);
    };
    const underTheirPanels = (middles: number[]) =>
      [17.5, 50, 82.5].forEach((panel, i) => expect(middles[i]).toBeCloseTo(panel, 0));

    await page.goto("/es");
    await page.getByText("Tan fácil como 1-2-3 con el método de la cuadrícula").waitFor();
    await expect(steps.allTextContents()).resolves.toEqual([
      "1Cuadricula la imagen",
      "2Cuadricula tu papel",
      "3Copia casilla por casilla",
    ]);
    expect(await picture.getAttribute("alt")).toMatch(/^Una imagen de dragón/);
    underTheirPanels(await across());

    // Mirrored, the page still puts step 1 under the picture's first (left) panel.
    await page.goto("/ar");
    await expect(steps.first().textContent()).resolves.toBe("1ارسم شبكة على الصورة");
    underTheirPanels(await across());
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
    for (const card of ["/og-image.png", "/og-image-es.png", "/og-image-ar.png"]) {
      const image = await page.request.get(card);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
    // In Spanish, the Spanish card.
    expect(await (await page.request.get("/es")).text()).toMatch(
      /property="og:image" content="[^"]*\/og-image-es\.png"/,
    );
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
