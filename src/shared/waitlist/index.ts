import { z } from "zod";
import { text } from "../text";

/** POST /api/waitlist: join the Pro waitlist. */
export const waitlistSchema = z.object({
  email: text()
    .trim()
    .min(1, "Please enter your email address")
    .max(254)
    .email("Please enter a valid email address")
    .transform((v) => v.toLowerCase()),
});

/** How long a waitlist confirmation link works (issue 41). */
export const WAITLIST_CONFIRM_DAYS = 7;

/** POST /api/waitlist/confirm: the token of the link in the confirmation e-mail. */
export const waitlistConfirmSchema = z.object({
  token: text().min(1, "This confirmation link is invalid or has expired.").max(200),
});
