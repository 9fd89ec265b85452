import type { Locale as UppyLocale } from "@uppy/core/utils";
import type { Locale } from "../../../shared/i18n/locales";

// Uppy's own words (its buttons, progress, restrictions) in the page's language, from
// @uppy/locales: each language is a chunk of its own, fetched with the widget. English is Uppy's
// built-in default.
const LOADERS: Record<Exclude<Locale, "en">, () => Promise<{ default: UppyLocale }>> = {
  es: () => import("@uppy/locales/lib/es_ES.js"),
  "pt-BR": () => import("@uppy/locales/lib/pt_BR.js"),
  fr: () => import("@uppy/locales/lib/fr_FR.js"),
  de: () => import("@uppy/locales/lib/de_DE.js"),
  ja: () => import("@uppy/locales/lib/ja_JP.js"),
  "zh-Hans": () => import("@uppy/locales/lib/zh_CN.js"),
  ar: () => import("@uppy/locales/lib/ar_SA.js"),
};

const loading = new Map<string, Promise<UppyLocale | null>>();

/** Uppy's words in `locale` (null: its own English); one promise per language, for React's `use`. */
export function uppyLocale(locale: string): Promise<UppyLocale | null> {
  let promise = loading.get(locale);
  if (!promise) {
    const load = locale in LOADERS ? LOADERS[locale as keyof typeof LOADERS] : null;
    // A language whose words cannot be fetched (offline) leaves Uppy in English, never broken.
    promise = load
      ? load().then(
          (module) => module.default,
          () => null,
        )
      : Promise.resolve(null);
    loading.set(locale, promise);
  }
  return promise;
}
