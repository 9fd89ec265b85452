/**
 * The languages Dragon Grid speaks (decision 056). English is the source, and its addresses are the
 * spec's routes as they are; every other language has the same routes under its own prefix
 * (`/es/home`, `/ar/dragon/x`), so each language has a stable address a search engine can index.
 */
export const LOCALES = [
  { code: "en", prefix: "", name: "English", dir: "ltr" },
  { code: "es", prefix: "/es", name: "Español", dir: "ltr" },
  { code: "pt-BR", prefix: "/pt-br", name: "Português (Brasil)", dir: "ltr" },
  { code: "fr", prefix: "/fr", name: "Français", dir: "ltr" },
  { code: "de", prefix: "/de", name: "Deutsch", dir: "ltr" },
  { code: "ja", prefix: "/ja", name: "日本語", dir: "ltr" },
  { code: "zh-Hans", prefix: "/zh-hans", name: "简体中文", dir: "ltr" },
  { code: "ar", prefix: "/ar", name: "العربية", dir: "rtl" },
] as const;

export type Locale = (typeof LOCALES)[number]["code"];
export type LocaleInfo = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = "en";
export const LOCALE_CODES: readonly Locale[] = LOCALES.map((locale) => locale.code);
/** The cookie that keeps a person's choice (and an account's, once signed in) between visits. */
export const LOCALE_COOKIE = "lang";

/** Why a language Dragon Grid does not speak is refused (400): words for programs, as the app only sends ours. */
export const LANGUAGE_CODES_REASON = `must be one of ${LOCALE_CODES.join(", ")}`;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALE_CODES as readonly string[]).includes(value);
}

export function localeInfo(locale: Locale): LocaleInfo {
  return LOCALES.find((info) => info.code === locale)!;
}

/** The direction words of `locale` run in; left to right for anything that is not one of ours. */
export function directionOf(locale: string): LocaleInfo["dir"] {
  return isLocale(locale) ? localeInfo(locale).dir : "ltr";
}

/**
 * The language of an address and the address without its prefix: `/es/home` is Spanish `/home`;
 * `/home` (or any address without a language's prefix) is English.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  for (const info of LOCALES) {
    if (!info.prefix) continue;
    if (pathname === info.prefix || pathname.startsWith(`${info.prefix}/`)) {
      return { locale: info.code, path: pathname.slice(info.prefix.length) || "/" };
    }
  }
  return { locale: SOURCE_LOCALE, path: pathname };
}

/** The address of a page (as the spec writes it) in a language. */
export function localePath(locale: Locale, path: string): string {
  const { prefix } = localeInfo(locale);
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/**
 * The best of our languages for an Accept-Language header, or null when it names none of them.
 * A region we do not have falls back to its language (`es-MX` is Spanish, `pt-PT` Brazilian
 * Portuguese, `zh-CN` and `zh` Simplified Chinese), but not the other way round for Chinese: a
 * reader of Traditional script (`zh-TW`, `zh-Hant`) is not sent Simplified.
 */
export function negotiateLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((range) => range.tag && range.tag !== "*" && Number.isFinite(range.q) && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((info) => info.code.toLowerCase() === tag);
    if (exact) return exact.code;
    const [language, ...rest] = tag.split("-");
    if (language === "zh") {
      if (rest.some((part) => ["hant", "tw", "hk", "mo"].includes(part))) continue;
      return "zh-Hans";
    }
    const byLanguage = LOCALES.find((info) => info.code.toLowerCase().split("-")[0] === language);
    if (byLanguage) return byLanguage.code;
  }
  return null;
}
