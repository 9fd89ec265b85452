import { z } from "zod";
import { waitlistConfirmSchema, waitlistSchema } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse } from "../contract/responses";
import { text } from "../text";

export const waitlistEndpoints = endpoints({
  "POST /api/waitlist": {
    summary:
      "Join the Pro waitlist; joining again is still a success. An address other than the signed-in member's own gets a confirmation link (one a day at most) and hears about Pro only once it is opened",
    access: "everyone",
    body: waitlistSchema,
    rateLimited: true,
    responses: { 200: z.object({ message: text(), mustConfirm: z.boolean() }) },
  },
  "POST /api/waitlist/confirm": {
    summary:
      "Confirm a waitlist address with the token of its confirmation link (7 days); confirming again is still a success",
    access: "everyone",
    body: waitlistConfirmSchema,
    rateLimited: true,
    responses: { 200: messageResponse, 400: message("This confirmation link is invalid or has expired.") },
  },
});
