import type { FastifyRequest } from "fastify";
import { negotiateLocale, SOURCE_LOCALE, type Locale } from "../../shared/i18n/locales";
import { chosenLanguage } from "./chosen-language";
import { serverTranslator } from "./server-catalogs";
import type { TranslateMessage } from "../../shared/i18n/translate";

/**
 * The language an API answer's words are written in: the one the request asks for. The web app
 * sends its page's language in Accept-Language with every call; a call without one (another
 * client) falls back to the visitor's chosen language, then English.
 */
export function requestLanguage(request: FastifyRequest): Locale {
  return negotiateLocale(request.headers["accept-language"]) ?? chosenLanguage(request) ?? SOURCE_LOCALE;
}

/** The server's words in the request's language (`requestLanguage`). */
export const requestTranslator = (request: FastifyRequest): TranslateMessage =>
  serverTranslator(requestLanguage(request));
