import fs from "node:fs";
import { chromium } from "playwright-core";

const BROWSER = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Debian's Chromium, headless, with the flags this sandbox needs (no background network calls),
 * and any `args` a caller adds. The scripts and the browser journeys launch it here.
 * `executablePath`: something else that starts it (cpu-throttle.mjs's browser on a slower CPU).
 * `shell`: Debian's chromium-headless-shell (the same engine without the full browser's user
 * interface, where installed), which does a journey's pages with about a fifth less CPU; what
 * only the full browser has (a screen wake lock, Lighthouse's tracing) asks for the full browser.
 */
export function launchChromium({ args = [], shell = false, executablePath = undefined } = {}) {
  return chromium.launch({
    executablePath: executablePath ?? (shell ? chromiumForTests() : BROWSER),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...args,
    ],
  });
}

/** The headless shell where it is installed, the full browser otherwise. */
export function chromiumForTests() {
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER;
}
