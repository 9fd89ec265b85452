import { z } from "zod";
import type { Locale } from "../../shared/i18n/locales";
import type { Said } from "./said";

// zod says why a field was refused in its own words, and ships them in our languages too.
const ZOD_LOCALES: Record<Locale, () => { localeError: (issue: never) => unknown }> = {
  en: z.locales.en,
  es: z.locales.es,
  "pt-BR": z.locales.ptBR,
  fr: z.locales.fr,
  de: z.locales.de,
  ja: z.locales.ja,
  "zh-Hans": z.locales.zhCN,
  ar: z.locales.ar,
};

const errorMaps = new Map<Locale, (issue: never) => unknown>();
function localeError(locale: Locale, issue: object): string | null {
  let errorMap = errorMaps.get(locale);
  if (!errorMap) errorMaps.set(locale, (errorMap = ZOD_LOCALES[locale]().localeError));
  const answer = errorMap(issue as never);
  if (typeof answer === "string") return answer;
  return answer && typeof answer === "object" && "message" in answer ? String(answer.message) : null;
}

// zod's words for a field left out ("Invalid input: expected string, received undefined") are a
// programmer's; people read that the field is missing.
const MISSING = /received undefined$/;

/**
 * Why a schema refused a field, in `locale`: zod's own reason in zod's words for that language, or
 * the reason our schema gives (a message of the server's catalog, "Please choose a reason").
 */
export function zodReason(refused: { keyword?: string; message?: string; params?: object }, locale: Locale): Said {
  const message = refused.message ?? "";
  const issue = { ...refused.params, code: refused.keyword };
  const zodEnglish = localeError("en", issue);
  if (zodEnglish !== message) return { id: message };
  if (MISSING.test(message)) return { id: /*i18n*/ "this field is required" };
  return { id: localeError(locale, issue) ?? message, verbatim: true };
}

/** `zodReason` of an issue of a schema parsed by hand (`safeParse`), not by a route's validation. */
export function issueReason(issue: { code: string; message: string; path: PropertyKey[] }, locale: Locale): Said {
  const { code, message, path: _path, ...params } = issue;
  return zodReason({ keyword: code, message, params }, locale);
}
