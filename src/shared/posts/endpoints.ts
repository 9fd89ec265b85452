import { z } from "zod";
import { text } from "../text";
import { commentIdParams, commentSchema, createPostSchema, feedQuerySchema, postIdParams } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { queuedAnswers } from "../image-jobs/endpoints";
import { isoTime, messageAnswer } from "../contract/answers";

/**
 * A person as the feed shows them. `email` is the full address only for admins; everyone else
 * gets a masked form (j•••@example.com), used only when the person has no name.
 */
export const postPersonAnswer = z.object({
  id: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  profileImageUrl: text().nullable(),
  email: text(),
});

/** One photo of a post: the display version (WebP, upright, no metadata) and its thumbnail. */
export const postImageAnswer = z.object({
  imageUrl: text(),
  thumbUrl: text(),
  width: z.number(),
  height: z.number(),
  order: z.number(),
});

/** `hiddenReason` is set only in what admins read: a hidden comment is shown to nobody else. */
export const postCommentAnswer = z.object({
  id: text(),
  text: text(),
  createdAt: isoTime(),
  user: postPersonAnswer,
  hiddenReason: text().nullable(),
});

/** A post as GET /api/posts returns it (docs/spec.md §3, with ids and sizes added). */
export const postAnswer = z.object({
  id: text(),
  description: text(),
  createdAt: isoTime(),
  approved: z.boolean(),
  /** Why an admin did not approve it; only its author and admins read posts that have one. */
  rejectedReason: text().nullable(),
  /** Why an admin hid it; only its author and admins read posts that have one. */
  hiddenReason: text().nullable(),
  dragonId: text().nullable(),
  dragonName: text().nullable(),
  user: postPersonAnswer,
  images: z.array(postImageAnswer),
  likes: z.array(z.object({ userId: text() })),
  comments: z.array(postCommentAnswer),
});

/** POST /api/posts/{id}/like answers the new state. */
export const likeStateAnswer = z.object({ liked: z.boolean(), count: z.number() });

const POST_NOT_FOUND = message("Post not found");

export const postsEndpoints = endpoints({
  "GET /api/posts": {
    summary: "The feed, newest first, 20 a page (approved posts; admins see pending ones too)",
    access: "members",
    query: feedQuerySchema,
    answers: { 200: z.array(postAnswer) },
  },
  "GET /api/posts/:id": {
    summary: "One post, as the feed shows it to the caller (where a notification leads)",
    access: "members",
    params: postIdParams,
    answers: { 200: postAnswer, 404: POST_NOT_FOUND },
  },
  "GET /api/posts/mine": {
    summary: "The signed-in member's own posts, pending and published, 24 a page",
    access: "members",
    query: feedQuerySchema,
    answers: { 200: z.array(postAnswer) },
  },
  "POST /api/posts": {
    summary: "Share a drawing: up to 5 of the member's checked uploads become the post's photos, waiting for approval",
    access: "members",
    body: createPostSchema,
    rateLimited: true,
    sanctioned: true,
    answers: {
      201: z.object({ id: text() }),
      400: message(
        "Invalid dragonId: Dragon not found",
        "Invalid images: image 1 is not an uploaded image of yours",
        "Invalid images: image 1 has not been uploaded yet",
        "Invalid images: The image is larger than 50 MB.",
      ),
      ...queuedAnswers,
    },
  },
  "POST /api/posts/:id/like": {
    summary: "Like a post, or take the like back",
    access: "members",
    params: postIdParams,
    sanctioned: true,
    answers: { 200: likeStateAnswer, 404: POST_NOT_FOUND },
  },
  "POST /api/posts/:id/comment": {
    summary: "Comment on a post",
    access: "members",
    params: postIdParams,
    body: commentSchema,
    rateLimited: true,
    sanctioned: true,
    answers: { 201: postCommentAnswer, 404: POST_NOT_FOUND },
  },
  "PUT /api/posts/:id/approve": {
    summary: "Publish a pending post",
    access: "admins",
    params: postIdParams,
    answers: { 200: z.object({ id: text(), approved: z.boolean() }), 404: POST_NOT_FOUND },
  },
  "DELETE /api/posts/:id": {
    summary: "Delete a post (its author or an admin)",
    access: "members",
    params: postIdParams,
    answers: { 200: messageAnswer, 403: message("You can only delete your own posts"), 404: POST_NOT_FOUND },
  },
  "DELETE /api/posts/:id/comments/:commentId": {
    summary: "Delete a comment (its author or an admin)",
    access: "members",
    params: commentIdParams,
    answers: {
      200: messageAnswer,
      403: message("You can only delete your own comments"),
      404: message("Comment not found", "Post not found"),
    },
  },
});
