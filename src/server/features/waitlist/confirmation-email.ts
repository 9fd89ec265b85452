import type { MailMessage } from "../../mail/mailer";
import { linkEmail } from "../../mail/link-email";
import { letter } from "../../mail/letter";
import type { Locale } from "../../../shared/i18n/locales";
import { WAITLIST_CONFIRM_DAYS } from "../../../shared/waitlist";

export const WAITLIST_CONFIRM_SUBJECT = /*i18n*/ "Confirm your place on the Dragon Grid Pro waitlist";

/**
 * The one message a typed address gets before its owner confirms it (issue 41): anyone can type
 * any address into the waitlist dialog, so it says who asked ("someone, hopefully you"), carries
 * the link, and promises nothing more unless the link is opened. In the language of the page it
 * was asked from.
 */
export function waitlistConfirmationEmail(to: string, link: string, locale: Locale): MailMessage {
  const words = letter(locale, null);
  const { t } = words;
  return linkEmail(to, words, link, {
    subject: t(WAITLIST_CONFIRM_SUBJECT),
    heading: t(/*i18n*/ "Confirm your address"),
    intro: {
      text: t(
        /*i18n*/ "Someone, hopefully you, asked to join the Dragon Grid Pro waitlist with this address. To be told when Pro launches, confirm it by opening this link:",
      ),
      html: t(
        /*i18n*/ "Someone, hopefully you, asked to join the Dragon Grid Pro waitlist with this address. To be told when Pro launches, confirm it.",
      ),
    },
    button: t(/*i18n*/ "Confirm my address"),
    expiry: t(/*i18n*/ "The link works for {days, plural, one {# day} other {# days}}.", {
      days: WAITLIST_CONFIRM_DAYS,
    }),
    ignore: t(/*i18n*/ "If it was not you, ignore this e-mail: we will not write to you again."),
  });
}
