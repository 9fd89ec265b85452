import { waitlistSchema } from "../waitlist";
import { endpoints } from "./endpoint";
import { messageAnswer } from "./answers";

export const waitlistEndpoints = endpoints({
  "POST /api/waitlist": {
    summary: "Join the Pro waitlist; joining again is still a success",
    access: "everyone",
    body: waitlistSchema,
    rateLimited: true,
    answers: { 200: messageAnswer },
  },
});
