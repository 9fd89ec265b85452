import type { FastifyRequest } from "fastify";
import { isLocale, LOCALE_COOKIE, negotiateLocale, SOURCE_LOCALE, type Locale } from "../../../shared/i18n/locales";

/**
 * The language someone chose (the cookie the picker and a sign-in set), or on a first visit the
 * one their browser asks for; English when neither names one of ours.
 */
export function preferredLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(request.headers["accept-language"]) ?? SOURCE_LOCALE;
}
