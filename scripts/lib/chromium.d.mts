import type { Browser } from "playwright-core";
/** Debian's Chromium, headless, with the sandbox's flags and any `args` a caller adds (see chromium.mjs). */
export function launchChromium(options?: {
  args?: string[];
  shell?: boolean;
  executablePath?: string;
}): Promise<Browser>;
/** The headless shell where it is installed, the full browser otherwise. */
export function chromiumForTests(): string;
