/** Longest slug, generated or typed; a unique suffix (-2, -3…) still fits inside it. */
export const SLUG_MAX = 80;

/** What a slug may look like: lower-case ASCII letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// Letters that Unicode does not decompose into an ASCII letter plus accents (NFKD leaves them
// whole), folded the way their languages transliterate them.
const FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
  ĸ: "k",
};
const FOLDED = new RegExp(`[${Object.keys(FOLDS).join("")}]`, "g");

/**
 * A URL slug from a title: lower case, accents folded to ASCII ("Crème brûlée" → "creme-brulee"),
 * every run of other characters one hyphen, no hyphen at either end, at most SLUG_MAX characters.
 * Empty when the title has no ASCII letter or digit to keep (the caller picks a fallback).
 */
export function slugify(title: string): string {
  const folded = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/\p{M}+/gu, "")
    .replace(FOLDED, (letter) => FOLDS[letter]!);
  return trimSlug(folded.replace(/[^a-z0-9]+/g, "-"), SLUG_MAX);
}

/** A slug cut to at most `max` characters, never ending or starting with a hyphen. */
export function trimSlug(slug: string, max: number): string {
  return slug.replace(/^-+/, "").slice(0, max).replace(/-+$/, "");
}

/** The n-th candidate for a slug already taken: base, base-2, base-3…, each within SLUG_MAX. */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${trimSlug(base, SLUG_MAX - suffix.length)}${suffix}`;
}
