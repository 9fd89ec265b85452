import { z } from "zod";
import { text } from "../text";
import { blockParams } from "./index";
import { CANNOT_BLOCK_SELF_MESSAGE } from "../moderation";
import { endpoints, message } from "../contract/endpoint";
import { isoTime, messageAnswer } from "../contract/answers";

/** Someone the caller blocked; the e-mail is masked as in the feed. */
export const blockedPersonAnswer = z.object({
  userId: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  profileImageUrl: text().nullable(),
  email: text(),
  blockedAt: isoTime(),
});

export const blocksEndpoints = endpoints({
  "GET /api/blocks": {
    summary: "The people the caller blocked, newest first",
    access: "members",
    answers: { 200: z.array(blockedPersonAnswer) },
  },
  "PUT /api/blocks/:userId": {
    summary:
      "Block a member: neither sees the other's posts, comments or likes, nor can comment on the other's posts. The blocked person is not told",
    access: "members",
    params: blockParams,
    answers: { 200: messageAnswer, 400: message(CANNOT_BLOCK_SELF_MESSAGE), 404: message("User not found") },
  },
  "DELETE /api/blocks/:userId": {
    summary: "Undo a block",
    access: "members",
    params: blockParams,
    answers: { 200: messageAnswer },
  },
});
