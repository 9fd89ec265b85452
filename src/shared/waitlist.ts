import { z } from "zod";
import { text } from "./text";

/** POST /api/waitlist: join the Pro waitlist. */
export const waitlistSchema = z.object({
  email: text().trim().min(1, "Please enter your email address").max(254).email("Please enter a valid email address").transform((v) => v.toLowerCase()),
});
