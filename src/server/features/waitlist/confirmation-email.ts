import type { MailMessage } from "../../mail/mailer";
import { linkEmail } from "../../mail/link-email";
import { WAITLIST_CONFIRM_DAYS } from "../../../shared/waitlist";

export const WAITLIST_CONFIRM_SUBJECT = "Confirm your place on the Dragon Grid Pro waitlist";

/**
 * The one message a typed address gets before its owner confirms it (issue 41): anyone can type
 * any address into the waitlist dialog, so it says who asked ("someone, hopefully you"), carries
 * the link, and promises nothing more unless the link is opened.
 */
export function waitlistConfirmationEmail(to: string, link: string): MailMessage {
  return linkEmail(to, null, link, {
    subject: WAITLIST_CONFIRM_SUBJECT,
    heading: "Confirm your address",
    intro: {
      text: "Someone, hopefully you, asked to join the Dragon Grid Pro waitlist with this address. To be told when Pro launches, confirm it by opening this link:",
      html: "Someone, hopefully you, asked to join the Dragon Grid Pro waitlist with this address. To be told when Pro launches, confirm it.",
    },
    button: "Confirm my address",
    expiry: `The link works for ${WAITLIST_CONFIRM_DAYS} days.`,
    ignore: "If it was not you, ignore this e-mail: we will not write to you again.",
  });
}
