import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { workerServer } from "./worker-server";
import { launchChromium } from "../../scripts/lib/chromium.mjs";
import { finishedAnimations } from "../../scripts/lib/finished-animations.mjs";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * The scripts' Chromium for the journeys, with QUIC off as they have always run: the headless
 * shell where it is installed (scripts/lib/chromium.mjs), or with `full`, the whole browser, for
 * what only it has (a screen wake lock).
 */
export function launchBrowser({ full = false } = {}): Promise<Browser> {
  return launchChromium({ args: ["--disable-quic"], shell: !full });
}

export const baseUrl = () => workerServer().baseUrl;

const cspViolations: string[] = [];

/**
 * A browser context whose pages report every Content-Security-Policy violation (an eval probe, an
 * inline script, a stray origin); e2e/support/csp-guard.ts fails the test that caused one.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  // The service worker only where a journey is about it (the offline canvas): elsewhere its
  // precaching would add requests to every page and keep "networkidle" from arriving.
  const context = await browser.newContext({ serviceWorkers: "block", ...options });
  await context.exposeBinding("__dgCspViolation", (_source, report: string) => {
    cspViolations.push(report);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : "";
        (window as unknown as { __dgCspViolation: (report: string) => void }).__dgCspViolation(
          `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}${where}`,
        );
      },
      true,
    );
  });
  return context;
}

/** The violations reported since the last call. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** A fresh browser context (own cookies and storage) with the app's base URL. */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  options: Pick<BrowserContextOptions, "isMobile" | "hasTouch" | "serviceWorkers" | "locale"> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { baseURL: baseUrl(), viewport, ...options });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Open an app page and wait until React has taken it over. A server-rendered page shows its
 * buttons before its code has run; a click then does nothing (a button) or loads a new document
 * (a link). The page-view report is sent from an effect, so it marks the moment effects run.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const hydrated = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/analytics/pageview");
  await page.goto(path);
  await hydrated;
}

/**
 * Two animation frames of the page. What it does at once in reply to the last input (a request
 * sent, a navigation begun, a render) has happened by then, so a check that something did not
 * happen waits for this rather than for a clock.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Save a screenshot of the whole page under test-results/screenshots for people to look at.
 * `touch`: for a page laid out for touch screens. Chromium's capture beyond the viewport emulates a
 * mouse while it captures ((hover: none) and (pointer: coarse) stop matching), so that page is
 * shot in a viewport made as tall as the page instead, which keeps the touch emulation.
 */
export async function screenshot(page: Page, name: string, { touch = false } = {}): Promise<void> {
  const dir = path.resolve("test-results/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if (!touch) {
    await page.screenshot({ path: file, fullPage: true });
    return;
  }
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  // Lazy pictures the taller viewport brings in view load before the shot.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Run axe-core on the page; answers the serious and critical violations (there should be none). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await finishedAnimations(page);
  // Evaluated through the devtools protocol: the app's CSP (rightly) blocks injected script tags.
  await page.evaluate(fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8"));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Wait for a toast with this title (and description). Found by text, not by the region's role:
 * while a modal dialog is open, Radix marks everything outside it aria-hidden. Checked on every
 * animation frame: a toast shown just before the page moves on is there for 500 ms only, which
 * a locator's back-off polling (up to 500 ms between looks) can miss.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  await page.waitForFunction(
    ([title, description]) =>
      [...document.querySelectorAll("li[data-state=open]")].some((toast) => {
        const texts = [...toast.querySelectorAll("*")].map((element) => element.textContent?.trim());
        return texts.includes(title) && (description === undefined || texts.includes(description));
      }),
    [title, description] as const,
    { polling: "raf", timeout: 30_000 },
  );
}
