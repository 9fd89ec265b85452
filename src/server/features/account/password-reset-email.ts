import type { MailMessage } from "../../mail/mailer";
import { linkEmail } from "../../mail/link-email";
import { PASSWORD_RESET_TTL_MINUTES } from "../../../shared/auth/limits";

/** The message with the password-reset link, in plain text and HTML. */
export function passwordResetEmail(to: string, firstName: string | null, link: string): MailMessage {
  return linkEmail(to, firstName, link, {
    subject: "Reset your Dragon Grid password",
    heading: "Reset your password",
    intro: {
      text: "Someone (we hope you) asked to reset the password of your Dragon Grid account. Open this link to choose a new one:",
      html: "Someone (we hope you) asked to reset the password of your Dragon Grid account.",
    },
    button: "Choose a new password",
    expiry: `The link expires in 1 hour (${PASSWORD_RESET_TTL_MINUTES} minutes) and works once.`,
    ignore: "If you did not ask for it, you can ignore this email: your password stays as it is.",
  });
}
