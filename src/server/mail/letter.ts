import { localeInfo, type Locale } from "../../shared/i18n/locales";
import type { TranslateMessage } from "../../shared/i18n/translate";
import { serverTranslator } from "../i18n/server-catalogs";

/**
 * What every e-mail of ours shares, in the recipient's language: the greeting, the sign-off, and
 * the opening of the HTML page (with its `lang` and `dir`, so a mail reader lays Arabic out right
 * to left).
 */
export interface Letter {
  locale: Locale;
  t: TranslateMessage;
  hello: string;
  signOff: string[];
  /** `<html lang dir><body…><div…>`; the page ends with `PAGE_END`. */
  pageStart: string;
}

export function letter(locale: Locale, firstName: string | null): Letter {
  const t = serverTranslator(locale);
  return {
    locale,
    t,
    hello: firstName ? t(/*i18n*/ "Hi {firstName},", { firstName }) : t(/*i18n*/ "Hi,"),
    signOff: [t(/*i18n*/ "Happy drawing,"), "Dragon Grid"],
    pageStart: `<!doctype html><html lang="${locale}" dir="${localeInfo(locale).dir}"><body style="margin:0;background:#fffcf7;font-family:Arial,Helvetica,sans-serif;color:#2b2118">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">`,
  };
}

export const PAGE_END = "</div></body></html>";
