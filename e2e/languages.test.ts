import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, baseUrl, launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";
import { signIn } from "./support/accounts";

/**
 * The app in another language (decision 056): a Spanish browser's first visit lands on the Spanish
 * pages, the way to a cell marked done is all in Spanish, and switching to Arabic on the canvas
 * mirrors the page without reloading it; an Arabic phone gets the whole frame mirrored.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** English words of the screens this journey passes: none may be left on a translated page. */
const ENGLISH = ["Dragon Library", "Grid my dragon!", "Mark done", "Next cell", "Ready to Draw", "Sign In", "Home"];

async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return ENGLISH.filter((words) => text.includes(words));
}

describe("in another language", () => {
  it("a Spanish browser's first visit is in Spanish, to a cell marked done; Arabic then mirrors the canvas in place", async () => {
    const { context, page } = await newPage(browser, DESKTOP, { locale: "es-ES" });
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/es");
    await page.getByRole("heading", { name: "¿Listo para dibujar dragones?" }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      "es",
      "ltr",
    ]);
    expect(await page.title()).toBe("Dragon Grid — Aprende a dibujar dragones con el método de la cuadrícula");

    await page.getByRole("link", { name: "¡Muéstrame los dragones!" }).click();
    await page.getByRole("heading", { name: "Biblioteca de dragones" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/es/home");
    // The browser's own head tags, after moving there, are in Spanish too.
    await expect.poll(() => page.title()).toBe("Biblioteca de dragones · Dragon Grid");
    await page.locator('a[href^="/es/dragon/"]').first().click();
    await page.getByRole("link", { name: "¡Cuadricula mi dragón!" }).click();
    await page.waitForURL(/\/es\/draw\//);
    const paper = page.getByTestId("paper");
    await paper.waitFor();
    await page.getByText("Cargando tu dragón…").waitFor({ state: "detached" });
    expect(await englishLeft(page)).toEqual([]);

    const box = (await paper.boundingBox())!;
    await page.mouse.click(box.x + 10, box.y + 10);
    const viewer = page.getByRole("dialog");
    await viewer.getByRole("heading", { name: "Casilla A1" }).waitFor();
    await viewer.getByRole("button", { name: "Marcar como hecha" }).click();
    await viewer.getByText("Hecha ✓").waitFor();
    expect(await englishLeft(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });

    // The same page, not a new one: a mark left on this document survives the change of language.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByLabel("Idioma").selectOption("ar");
    await page.waitForURL(/\/ar\/draw\//);
    await page.getByLabel("اللغة").waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    // The page mirrors around the paper; the paper keeps A1 at its top left, as printed.
    const mirrored = (await paper.boundingBox())!;
    await page.mouse.click(mirrored.x + 10, mirrored.y + 10);
    await viewer.getByRole("heading", { name: "المربع A1" }).waitFor();
    await viewer.getByText("تم ✓").waitFor();
    await screenshot(page, "languages-canvas-arabic");
    await context.close();

    // The choice is kept: the English address of the library now leads to the Arabic one.
    const again = await newPage(browser, DESKTOP, { locale: "es-ES" });
    await again.context.addCookies([{ name: "lang", value: "ar", url: new URL(page.url()).origin }]);
    await again.page.goto("/home");
    expect(new URL(again.page.url()).pathname).toBe("/ar/home");
    await again.context.close();
  });

  it("the profile says which language is chosen, changes it in place, and the account takes it to another device", async () => {
    const email = `polyglot-${Date.now()}@example.com`;
    const first = await newPage(browser, PHONE);
    await signIn(first.context, email);
    await first.page.goto("/profile");
    const choice = first.page.getByLabel(/speaks to you in this language/);
    expect(await choice.inputValue()).toBe("en");
    await choice.selectOption("de");
    await first.page.getByRole("heading", { name: "Sprache" }).waitFor();
    expect(new URL(first.page.url()).pathname).toBe("/de/profile");
    expect(await first.page.evaluate(() => document.documentElement.lang)).toBe("de");
    await expect
      .poll(async () => (await first.page.request.get("/api/auth/user")).json())
      .toMatchObject({ language: "de" });
    expect(await seriousA11yViolations(first.page)).toEqual([]);
    await first.context.close();

    // Another device, no choice of its own: signed in, it follows the account.
    const second = await newPage(browser, DESKTOP);
    await signIn(second.context, email);
    await second.page.goto("/profile");
    await second.page.getByRole("heading", { name: "Sprache" }).waitFor();
    await second.context.close();
  });

  it("a dragon's page carries its head tags in its language, for crawlers that run no JavaScript", async () => {
    const [dragon] = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string; name: string }[];
    const html = await (await fetch(`${baseUrl()}/es/dragon/${dragon!.id}`)).text();
    expect(html).toContain('<html lang="es" dir="ltr"');
    expect(html).toContain(
      `<meta name="description" content="Dibuja ${dragon!.name} paso a paso con el método de la cuadrícula: una plantilla gratis con una cuadrícula de letras y números." data-page-meta>`,
    );
    expect(html).toContain(`<link rel="alternate" hreflang="ar" href="`);
  });

  it("an Arabic phone gets the whole frame mirrored, in Arabic, without sideways scrolling", async () => {
    const { context, page } = await newPage(browser, PHONE, { isMobile: true, hasTouch: true, locale: "ar" });
    await page.goto("/home");
    expect(new URL(page.url()).pathname).toBe("/ar/home");
    await page.getByRole("heading", { name: "مكتبة التنانين" }).waitFor();
    const sections = page.getByRole("navigation", { name: "الأقسام" });
    for (const label of ["الرئيسية", "المجتمع", "المدونة", "الملف الشخصي"])
      await sections.getByRole("link", { name: label }).waitFor();
    // Right to left: the first section (Home) sits at the right end of the bar.
    const home = (await sections.getByRole("link", { name: "الرئيسية" }).boundingBox())!;
    const profile = (await sections.getByRole("link", { name: "الملف الشخصي" }).boundingBox())!;
    expect(home.x).toBeGreaterThan(profile.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "languages-library-arabic-phone", { touch: true });
    await context.close();
  });
});
