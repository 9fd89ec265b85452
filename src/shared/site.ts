import type { Locale } from "./i18n/locales";

/** Product name as shown to people. */
export const SITE_NAME = "Dragon Grid";

// Marked for the catalogs (`/*i18n*/`): pages show it translated (shared/i18n/translate.ts).
export const DEFAULT_DESCRIPTION =
  /*i18n*/ "Learn to draw dragons with the grid method: pick a template, lay a lettered and numbered grid over it, and copy it square by square.";

/** Social-card image, served from the client's public folder: the English one. */
export const DEFAULT_OG_IMAGE = "/og-image.png";

/**
 * The social card in a language: its name and tagline in that language (drawn by
 * scripts/render-landing-art.mjs, the tagline from the public catalog), og-image-ja.png in Japanese.
 */
export const ogImageFor = (locale: Locale) => (locale === "en" ? DEFAULT_OG_IMAGE : `/og-image-${locale}.png`);
