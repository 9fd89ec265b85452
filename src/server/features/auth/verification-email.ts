import type { MailMessage } from "../../mail/mailer";
import { linkEmail } from "../../mail/link-email";
import { VERIFICATION_TTL_HOURS } from "../../../shared/auth-limits";

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
