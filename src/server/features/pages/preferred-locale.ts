import type { FastifyRequest } from "fastify";
import { negotiateLocale, SOURCE_LOCALE, type Locale } from "../../../shared/i18n/locales";
import { chosenLanguage } from "../../i18n/chosen-language";

/**
 * The language someone chose (the cookie the picker and a sign-in set), or on a first visit the
 * one their browser asks for; English when neither names one of ours.
 */
export function preferredLocale(request: FastifyRequest): Locale {
  return chosenLanguage(request) ?? negotiateLocale(request.headers["accept-language"]) ?? SOURCE_LOCALE;
}
