import { z } from "zod";

/** POST /api/waitlist: join the Pro waitlist. */
export const waitlistSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email address").max(254).email("Please enter a valid email address").transform((v) => v.toLowerCase()),
});
