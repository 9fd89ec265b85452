import { z } from "zod";
import { text } from "../text";
import { commentIdParams, commentSchema, createPostSchema, feedQuerySchema, postIdParams } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse } from "../contract/responses";
import { queuedResponses } from "../image-jobs/responses";
import { likeStateResponse, postResponse, postCommentResponse } from "./responses";

const POST_NOT_FOUND = message("Post not found");

export const postsEndpoints = endpoints({
  "GET /api/posts": {
    summary: "The feed, newest first, 20 a page (approved posts; admins see pending ones too)",
    access: "members",
    query: feedQuerySchema,
    responses: { 200: z.array(postResponse) },
  },
  "GET /api/posts/:id": {
    summary: "One post, as the feed shows it to the caller (where a notification leads)",
    access: "members",
    params: postIdParams,
    responses: { 200: postResponse, 404: POST_NOT_FOUND },
  },
  "GET /api/posts/mine": {
    summary: "The signed-in member's own posts, pending and published, 24 a page",
    access: "members",
    query: feedQuerySchema,
    responses: { 200: z.array(postResponse) },
  },
  "POST /api/posts": {
    summary: "Share a drawing: up to 5 of the member's checked uploads become the post's photos, waiting for approval",
    access: "members",
    body: createPostSchema,
    rateLimited: true,
    sanctioned: true,
    responses: {
      201: z.object({ id: text() }),
      400: message(
        "Invalid dragonId: Dragon not found",
        "Invalid images: image 1 is not an uploaded image of yours",
        "Invalid images: image 1 has not been uploaded yet",
        "Invalid images: The image is larger than 50 MB.",
      ),
      ...queuedResponses,
    },
  },
  "POST /api/posts/:id/like": {
    summary: "Like a post, or take the like back",
    access: "members",
    params: postIdParams,
    sanctioned: true,
    responses: { 200: likeStateResponse, 404: POST_NOT_FOUND },
  },
  "POST /api/posts/:id/comment": {
    summary: "Comment on a post",
    access: "members",
    params: postIdParams,
    body: commentSchema,
    rateLimited: true,
    sanctioned: true,
    responses: { 201: postCommentResponse, 404: POST_NOT_FOUND },
  },
  "PUT /api/posts/:id/approve": {
    summary: "Publish a pending post",
    access: "admins",
    params: postIdParams,
    responses: { 200: z.object({ id: text(), approved: z.boolean() }), 404: POST_NOT_FOUND },
  },
  "DELETE /api/posts/:id": {
    summary: "Delete a post (its author or an admin)",
    access: "members",
    params: postIdParams,
    responses: { 200: messageResponse, 403: message("You can only delete your own posts"), 404: POST_NOT_FOUND },
  },
  "DELETE /api/posts/:id/comments/:commentId": {
    summary: "Delete a comment (its author or an admin)",
    access: "members",
    params: commentIdParams,
    responses: {
      200: messageResponse,
      403: message("You can only delete your own comments"),
      404: message("Comment not found", "Post not found"),
    },
  },
});
