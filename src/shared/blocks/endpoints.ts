import { z } from "zod";
import { blockParams } from "./index";
import { CANNOT_BLOCK_SELF_MESSAGE } from "../moderation";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse } from "../contract/responses";
import { blockedPersonResponse } from "./responses";

export const blocksEndpoints = endpoints({
  "GET /api/blocks": {
    summary: "The people the caller blocked, newest first",
    access: "members",
    responses: { 200: z.array(blockedPersonResponse) },
  },
  "PUT /api/blocks/:userId": {
    summary:
      "Block a member: neither sees the other's posts, comments or likes, nor can comment on the other's posts. The blocked person is not told",
    access: "members",
    params: blockParams,
    responses: { 200: messageResponse, 400: message(CANNOT_BLOCK_SELF_MESSAGE), 404: message("User not found") },
  },
  "DELETE /api/blocks/:userId": {
    summary: "Undo a block",
    access: "members",
    params: blockParams,
    responses: { 200: messageResponse },
  },
});
