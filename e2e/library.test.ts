import fs from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  expectToast,
  gotoHydrated,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every image on the page has loaded a real picture. */
async function expectImagesLoaded(page: Page, selector: string) {
  await expect
    .poll(
      () =>
        page.$$eval(selector, (imgs) =>
          (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe("library and dragon page", () => {
  it("landing → library → a dragon → pencil → 'Grid my dragon!' reaches the pencil canvas", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto("/");
    await page.getByRole("link", { name: "Show me the Dragons!" }).click();
    await page.getByRole("heading", { name: "Dragon Library" }).waitFor();
    await page.getByText("Select a dragon to start your drawing journey").waitFor();
    for (const name of ["Upload my own image", "Create my own image"])
      await page.getByRole("button", { name }).waitFor();

    const cards = page.getByRole("region", { name: "All dragons" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);
    // Four columns at 1280 px: the first four cards share a row.
    const tops = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await cards.nth(i).boundingBox())!.y));
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    expect(tops[4]).toBeGreaterThan(tops[0]!);
    await expectImagesLoaded(page, "main li img[loading=eager]");
    await expect(page.title()).resolves.toBe("Dragon Library · Dragon Grid");
    await screenshot(page, "library-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    const first = cards.first().getByRole("link");
    const name = (await first.getByRole("img").getAttribute("alt"))!;
    // Where the pointer can hover, the name is the spec's label over the picture, shown on hover.
    expect(
      await first
        .locator("span")
        .first()
        .evaluate((el) => getComputedStyle(el).opacity),
    ).toBe("0");
    await first.hover();
    await expect
      .poll(() =>
        first
          .locator("span")
          .first()
          .evaluate((el) => getComputedStyle(el).opacity),
      )
      .toBe("1");
    await first.click();

    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect.poll(() => page.title()).toBe(`${name} · Dragon Grid`);
    await page.getByRole("heading", { name: "Ready to Draw?" }).waitFor();
    await page.getByText("What's Next").waitFor();
    expect(await page.getByRole("main").getByRole("listitem").count()).toBe(4);
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Download" }).count()).toBe(0);
    await page.getByRole("img", { name: /pencil grid drawn lightly on paper/ }).scrollIntoViewIfNeeded();
    await expectImagesLoaded(page, "main img");
    await screenshot(page, "dragon-color-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    const preview = page.getByRole("img", { name: `${name}, color version` });
    expect(await preview.getAttribute("src")).toMatch(/\/preview\.webp$/);
    await page.getByRole("button", { name: "Pencil" }).click();
    const pencil = page.getByRole("img", { name: `${name}, pencil version` });
    await pencil.waitFor();
    expect(await pencil.getAttribute("src")).toMatch(/\/pencil-preview\.webp$/);
    expect(await page.getByRole("button", { name: "Pencil" }).getAttribute("aria-pressed")).toBe("true");
    await expectImagesLoaded(page, "main img");
    await screenshot(page, "dragon-pencil-desktop");

    await page.getByRole("link", { name: "Grid my dragon!" }).click();
    await page.waitForURL(/\/draw\/[0-9a-f-]{36}\?version=pencil$/);
    await context.close();
  });

  it("works at 390 px with touch: two columns, each name in full under its picture, a long title in full", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await page.goto("/home");
    const cards = page.getByRole("region", { name: "All dragons" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);
    const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
    expect(a!.y).toBe(b!.y);
    expect(c!.y).toBeGreaterThan(a!.y);
    // A touch screen cannot hover: every card shows its whole name, under the picture, not over it.
    const labels = await cards.evaluateAll((items) =>
      items.map((item) => {
        const picture = item.querySelector("img")!;
        const label = item.querySelector("span")!;
        return {
          name: picture.alt,
          text: label.textContent,
          opacity: getComputedStyle(label).opacity,
          cut: label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight,
          gapUnderPicture: label.getBoundingClientRect().top - picture.getBoundingClientRect().bottom,
        };
      }),
    );
    for (const label of labels) {
      expect(label).toMatchObject({ text: label.name, opacity: "1", cut: false });
      expect(label.gapUnderPicture).toBeGreaterThanOrEqual(0);
    }
    await expectImagesLoaded(page, "main li img[loading=eager]");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "library-phone", { touch: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The longest name, which cannot fit one line at 390 px, wraps in the dragon page's title.
    const longest = labels.reduce((long, label) => (label.name.length > long.name.length ? label : long));
    await page.getByRole("link", { name: longest.name }).click();
    await page.getByRole("heading", { name: "Ready to Draw?" }).waitFor();
    const title = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      return {
        text: heading.textContent,
        cut: heading.scrollWidth > heading.clientWidth,
        right: box.right,
        lines: Math.round(box.height / parseFloat(getComputedStyle(heading).lineHeight)),
      };
    });
    expect(title).toMatchObject({ text: longest.name, cut: false });
    expect(title.right).toBeLessThanOrEqual(PHONE.width);
    expect(title.lines).toBeGreaterThan(1);
    await expectImagesLoaded(page, "main img:not([loading=lazy])");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "dragon-phone", { touch: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows 'Dragon Not Found' with a way back for a missing dragon", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/dragon/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Dragon Not Found" }).waitFor();
    await page.getByRole("link", { name: "Back to Library" }).click();
    await page.getByRole("heading", { name: "Dragon Library" }).waitFor();
    await context.close();
  });
});

describe("Pro waitlist", () => {
  it("opens for a non-admin's upload button; empty e-mail, then joining, show the spec's toasts; Escape closes it under a toast", async () => {
    const { context, page } = await newPage(browser);
    await gotoHydrated(page, "/home");
    await page.getByRole("button", { name: "Upload my own image" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlock Dragon Grid Pro — Coming Soon!" });
    await dialog.waitFor();
    expect(await dialog.getByRole("listitem").count()).toBe(3);
    expect(await dialog.textContent()).not.toMatch(/\$|€|£|price/i);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "waitlist-dialog-desktop");

    await dialog.getByRole("button", { name: "Join the Waitlist" }).click();
    await expectToast(page, "Email Required", "Please enter your email address");
    // The toast is the newest layer, yet Escape closes the dialog that has focus.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The other button opens it too.
    await page.getByRole("button", { name: "Create my own image" }).click();
    await dialog.waitFor();
    await dialog.getByLabel("Your email").fill("future.pro@example.com");
    await dialog.getByRole("button", { name: "Join the Waitlist" }).click();
    await expectToast(page, "You're on the list!");
    await dialog.waitFor({ state: "detached" });

    // Opened again at once, under that toast: the e-mail is cleared, and Escape closes it.
    await page.getByRole("button", { name: "Upload my own image" }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel("Your email").inputValue()).toBe("");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("starts from a signed-in member's own e-mail, which they may change", async () => {
    const member = `waitlist-member-${Date.now()}@example.com`;
    for (const [viewport, name] of [
      [{ width: 1440, height: 900 }, "1440"],
      [PHONE, "390"],
    ] as const) {
      const { context, page } = await newPage(browser, viewport, { hasTouch: viewport === PHONE });
      await signIn(context, member);
      await gotoHydrated(page, "/home");
      await page.getByRole("button", { name: "Upload my own image" }).click();
      const dialog = page.getByRole("dialog", { name: "Unlock Dragon Grid Pro — Coming Soon!" });
      const field = dialog.getByLabel("Your email");
      await expect.poll(() => field.inputValue()).toBe(member);
      // One tap joins: the button has focus, so no keyboard opens over the dialog.
      const join = dialog.getByRole("button", { name: "Join the Waitlist" });
      await expect.poll(() => join.evaluate((button) => button === document.activeElement)).toBe(true);
      await screenshot(page, `waitlist-dialog-member-${name}`);
      await context.close();
    }

    const { context, page } = await newPage(browser, PHONE, { hasTouch: true });
    await signIn(context, member);
    await gotoHydrated(page, "/home");
    await page.getByRole("button", { name: "Create my own image" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlock Dragon Grid Pro — Coming Soon!" });
    const field = dialog.getByLabel("Your email");
    await expect.poll(() => field.inputValue()).toBe(member);
    await field.fill("other.address@example.com");
    const joined = page.waitForRequest((request) => request.url().endsWith("/api/waitlist"));
    await dialog.getByRole("button", { name: "Join the Waitlist" }).click();
    expect((await joined).postDataJSON()).toEqual({ email: "other.address@example.com" });
    await expectToast(page, "You're on the list!");
    await dialog.waitFor({ state: "detached" });
    // Opened again: their own address again, not the one typed last time.
    await page.getByRole("button", { name: "Upload my own image" }).click();
    await expect.poll(() => field.inputValue()).toBe(member);
    await context.close();
  });
});

describe("levels (decision 072)", () => {
  /** The level each card of a list shows, from its badge. */
  const levelsOf = (list: Locator) =>
    list
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => Number(/Level (\d)/.exec(item.textContent ?? "")?.[1] ?? 0)));

  it("a newcomer starts with level 1, filters and orders by level, and sees the level and credit on a dragon", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await gotoHydrated(page, "/home");
    const startHere = page.getByRole("region", { name: "Start here" });
    await startHere.getByText("Simple shapes for a first drawing.", { exact: false }).waitFor();
    const first = await levelsOf(startHere);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.length).toBeLessThanOrEqual(6);
    expect(new Set(first)).toEqual(new Set([1]));
    const all = page.getByRole("region", { name: "All dragons" });
    expect(new Set(await levelsOf(all))).toEqual(new Set([1, 2, 3, 4, 5]));
    await expectImagesLoaded(page, "main li img[loading=eager]");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "library-levels-phone", { touch: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // One level: the address says so (a reload keeps it), and 'Start here' steps aside.
    await page.getByRole("group", { name: "Level" }).getByRole("button", { name: "Level 2" }).tap();
    await page.waitForURL("**/home?level=2");
    await expect.poll(async () => new Set(await levelsOf(all))).toEqual(new Set([2]));
    expect(await startHere.count()).toBe(0);
    await page.reload();
    await expect.poll(async () => new Set(await levelsOf(all))).toEqual(new Set([2]));
    expect(await page.getByRole("button", { name: "Level 2" }).getAttribute("aria-pressed")).toBe("true");

    // Every level, hardest first.
    await page.getByRole("button", { name: "All levels" }).tap();
    await page.getByLabel("Order").selectOption("hardest");
    await page.waitForURL("**/home?sort=hardest");
    await expect.poll(async () => (await levelsOf(all))[0]).toBe(5);
    const order = await levelsOf(all);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A dragon's page: its level, and who made the picture.
    await all.getByRole("link").first().tap();
    await page.getByRole("heading", { name: "Ready to Draw?" }).waitFor();
    await page
      .getByRole("main")
      .locator("span", { hasText: /^Level 5$/ })
      .waitFor();
    await page.getByText(/^Picture: .*Licensed|^Picture: .*licensed|^Picture: .*License/).waitFor();
    await screenshot(page, "dragon-level-phone", { touch: true });
    await context.close();
  });

  it("takes 'Start here' away once a drawing is finished", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoHydrated(page, "/home");
    await page.getByRole("region", { name: "Start here" }).waitFor();
    const dragonId = (await page.locator('a[href^="/dragon/"]').first().getAttribute("href"))!.split("/").pop()!;
    // As the canvas keeps a visitor's drawing: a 2 × 2 in paper of 1 in squares, every cell done.
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ paperWidth: 2, paperHeight: 2, gridSize: 1, doneCells: ["A1", "B1", "A2", "B2"] }),
        ),
      `dragon-grid:wip:${dragonId}`,
    );
    await page.reload();
    await page.getByRole("heading", { name: "Your drawings" }).waitFor();
    await expect.poll(() => page.getByRole("region", { name: "Start here" }).count()).toBe(0);
    await context.close();
  });

  it("shows the library in Arabic, right to left, with its levels", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await gotoHydrated(page, "/ar/home");
    await page.getByRole("region", { name: "ابدأ من هنا" }).waitFor();
    await page.getByRole("button", { name: "كل المستويات" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await expectImagesLoaded(page, "main li img[loading=eager]");
    await screenshot(page, "library-levels-phone-ar", { touch: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("admin on a dragon page", () => {
  it("chooses a template's level, which the library then shows, and goes back to the measured one", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(context, ADMIN_EMAIL);
    await gotoHydrated(page, "/home?level=5");
    const all = page.getByRole("region", { name: "All dragons" });
    const card = all.getByRole("link").first();
    const name = (await card.getByRole("img").getAttribute("alt"))!;
    await card.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const level = page.getByLabel("Level", { exact: true });
    expect(await level.inputValue()).toBe("");
    await level.selectOption("1");
    await expectToast(page, "Success", "Level saved.");
    await page
      .getByRole("main")
      .locator("span", { hasText: /^Level 1$/ })
      .waitFor();
    await screenshot(page, "dragon-level-admin-desktop");

    await page.getByRole("link", { name: "Back to Library" }).click();
    await page.getByRole("region", { name: "Start here" }).getByRole("img", { name }).waitFor();
    await page.getByRole("region", { name: "Start here" }).getByRole("link", { name }).click();
    await page.getByLabel("Level", { exact: true }).selectOption("");
    await expectToast(page, "Success", "Level saved.");
    await page
      .getByRole("main")
      .locator("span", { hasText: /^Level 5$/ })
      .waitFor();
    await context.close();
  });

  it("downloads the hi-res of the selected version with the right name, then deletes the dragon", async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, ADMIN_EMAIL);
    await page.goto("/home");
    await page.getByRole("heading", { name: "Dragon Library" }).waitFor();
    const cards = page.getByRole("region", { name: "All dragons" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);
    const before = await cards.count();
    const card = cards.last().getByRole("link");
    const name = (await card.getByRole("img").getAttribute("alt"))!;
    await card.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();

    const [colour] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(colour.suggestedFilename()).toBe(`${name}-color-hires.png`);
    expect(
      fs
        .readFileSync((await colour.path())!)
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    await expectToast(page, "Success", "High-res image downloaded successfully.");

    await page.getByRole("button", { name: "Pencil" }).click();
    const [pencil] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(pencil.suggestedFilename()).toBe(`${name}-pencil-hires.png`);
    await screenshot(page, "dragon-admin-desktop");

    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Dragon?" });
    await confirm
      .getByText(
        "Are you sure you want to delete the dragon? This action cannot be undone and will remove both the color and pencil versions",
      )
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Dragon deleted successfully.");
    await page.waitForURL(/\/$/);

    await page.goto("/home");
    await expect.poll(() => cards.count()).toBe(before - 1);
    expect(await page.getByRole("img", { name, exact: true }).count()).toBe(0);
    await context.close();
  });
});
