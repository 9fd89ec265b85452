import type { MailMessage } from "../../mail/mailer";
import { linkEmail } from "../../mail/link-email";
import { letter } from "../../mail/letter";
import type { Locale } from "../../../shared/i18n/locales";
import { PASSWORD_RESET_TTL_MINUTES } from "../../../shared/auth/limits";

/** The message with the password-reset link, in plain text and HTML, in `locale`. */
export function passwordResetEmail(to: string, firstName: string | null, link: string, locale: Locale): MailMessage {
  const words = letter(locale, firstName);
  const { t } = words;
  return linkEmail(to, words, link, {
    subject: t(/*i18n*/ "Reset your Dragon Grid password"),
    heading: t(/*i18n*/ "Reset your password"),
    intro: {
      text: t(
        /*i18n*/ "Someone (we hope you) asked to reset the password of your Dragon Grid account. Open this link to choose a new one:",
      ),
      html: t(/*i18n*/ "Someone (we hope you) asked to reset the password of your Dragon Grid account."),
    },
    button: t(/*i18n*/ "Choose a new password"),
    expiry: t(/*i18n*/ "The link expires in 1 hour ({minutes} minutes) and works once.", {
      minutes: PASSWORD_RESET_TTL_MINUTES,
    }),
    ignore: t(/*i18n*/ "If you did not ask for it, you can ignore this email: your password stays as it is."),
  });
}
