import type { MailMessage } from "../../mail/mailer";
import { linkEmail } from "../../mail/link-email";
import { VERIFICATION_TTL_HOURS } from "../../../shared/auth/limits";

/** The message with the verification link, in plain text and HTML. */
export function verificationEmail(to: string, firstName: string | null, link: string): MailMessage {
  return linkEmail(to, firstName, link, {
    subject: "Verify your Dragon Grid email",
    heading: "Confirm your email",
    intro: {
      text: "Welcome to Dragon Grid! Please confirm your email address by opening this link:",
      html: "Welcome to Dragon Grid! Please confirm your email address to start saving your drawings.",
    },
    button: "Verify my email",
    expiry: `The link expires in ${VERIFICATION_TTL_HOURS} hours.`,
    ignore: "If you did not create an account, you can ignore this email.",
  });
}

/**
 * To the owner of a verified account when someone registers with its address: the registration
 * answered as any other (so it tells nobody the account exists), and the owner hears of it here.
 */
export function registrationAttemptEmail(to: string, firstName: string | null, loginLink: string): MailMessage {
  return linkEmail(to, firstName, loginLink, {
    subject: "Someone tried to register with your Dragon Grid email",
    heading: "You already have an account",
    intro: {
      text: "Someone just tried to create a Dragon Grid account with your email address. You already have one, so nothing was created. To sign in, open:",
      html: "Someone just tried to create a Dragon Grid account with your email address. You already have one, so nothing was created and your password is unchanged.",
    },
    button: "Log in to Dragon Grid",
    expiry: "If you have forgotten your password, use 'Forgot password?' on the login page.",
    ignore: "If this was not you, you can ignore this email: your account is safe.",
  });
}
