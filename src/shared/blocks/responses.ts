import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";

/** Someone the caller blocked; the e-mail is masked as in the feed. */
export const blockedPersonResponse = z.object({
  userId: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  profileImageUrl: text().nullable(),
  email: text(),
  blockedAt: isoTime(),
});
