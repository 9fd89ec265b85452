import type { Browser } from "playwright-core";
/** Debian's Chromium, headless, with the sandbox's flags and any `args` a caller adds (see chromium.mjs). */
export function launchChromium(options?: { args?: string[] }): Promise<Browser>;
