import { chromium } from "playwright-core";

/**
 * Debian's Chromium, headless, with the flags this sandbox needs (no background network calls),
 * and any `args` a caller adds. The scripts and the browser journeys launch it here.
 */
export function launchChromium({ args = [] } = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
