import type { FastifyRequest } from "fastify";
import { isLocale, LOCALE_COOKIE, type Locale } from "../../shared/i18n/locales";

/**
 * The language a visitor chose in this browser (the `lang` cookie), or null when it names none of
 * ours: registration and sign-in save it on an account that has none yet.
 */
export function chosenLanguage(request: FastifyRequest): Locale | null {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : null;
}
