import type { Page } from "playwright-core";
/** Wait until every finite animation and transition on the page has ended (see finished-animations.mjs). */
export function finishedAnimations(page: Page): Promise<unknown>;
