import type { MailMessage } from "../../mail/mailer";
import { linkEmail } from "../../mail/link-email";
import { letter } from "../../mail/letter";
import type { Locale } from "../../../shared/i18n/locales";
import { VERIFICATION_TTL_HOURS } from "../../../shared/auth/limits";

/** The message with the verification link, in plain text and HTML, in `locale`. */
export function verificationEmail(to: string, firstName: string | null, link: string, locale: Locale): MailMessage {
  const words = letter(locale, firstName);
  const { t } = words;
  return linkEmail(to, words, link, {
    subject: t(/*i18n*/ "Verify your Dragon Grid email"),
    heading: t(/*i18n*/ "Confirm your email"),
    intro: {
      text: t(/*i18n*/ "Welcome to Dragon Grid! Please confirm your email address by opening this link:"),
      html: t(/*i18n*/ "Welcome to Dragon Grid! Please confirm your email address to start saving your drawings."),
    },
    button: t(/*i18n*/ "Verify my email"),
    expiry: t(/*i18n*/ "The link expires in {hours, plural, one {# hour} other {# hours}}.", {
      hours: VERIFICATION_TTL_HOURS,
    }),
    ignore: t(/*i18n*/ "If you did not create an account, you can ignore this email."),
  });
}

/**
 * To the owner of a verified account when someone registers with its address: the registration
 * answered as any other (so it tells nobody the account exists), and the owner hears of it here,
 * in the owner's language.
 */
export function registrationAttemptEmail(
  to: string,
  firstName: string | null,
  loginLink: string,
  locale: Locale,
): MailMessage {
  const words = letter(locale, firstName);
  const { t } = words;
  return linkEmail(to, words, loginLink, {
    subject: t(/*i18n*/ "Someone tried to register with your Dragon Grid email"),
    heading: t(/*i18n*/ "You already have an account"),
    intro: {
      text: t(
        /*i18n*/ "Someone just tried to create a Dragon Grid account with your email address. You already have one, so nothing was created. To sign in, open:",
      ),
      html: t(
        /*i18n*/ "Someone just tried to create a Dragon Grid account with your email address. You already have one, so nothing was created and your password is unchanged.",
      ),
    },
    button: t(/*i18n*/ "Log in to Dragon Grid"),
    expiry: t(/*i18n*/ "If you have forgotten your password, use 'Forgot password?' on the login page."),
    ignore: t(/*i18n*/ "If this was not you, you can ignore this email: your account is safe."),
  });
}
