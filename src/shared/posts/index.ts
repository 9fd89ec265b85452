import { z } from "zod";
import { idText, text } from "../text";
import type { PostPerson } from "./responses";

// The community feed (docs/spec.md sections 2, 3, 5, 7 and 9).

/** Post upload: up to 5 photos (docs/spec.md §9), each up to 50 MB (see uploads/index.ts). */
export const POST_IMAGES_MAX = 5;
export const POST_DESCRIPTION_MAX = 500;
export const COMMENT_MAX = 1000;
/** Posts per GET /api/posts answer; `?before={id}` gives the next older page. */
export const FEED_PAGE_SIZE = 20;
/** Own posts per GET /api/posts/mine answer (the profile shows more on request); `?before={id}` gives older ones. */
export const MY_POSTS_PAGE_SIZE = 24;
/** Longest side of the display version of a feed photo, and of its thumbnail. */
export const POST_DISPLAY_MAX_SIDE = 1600;
export const POST_THUMB_MAX_SIDE = 400;

const uploadPath = text()
  .max(300)
  .regex(/^\/objects\/uploads\/[A-Za-z0-9-]+$/, "must be the objectPath of an upload");

/** POST /api/posts. */
export const createPostSchema = z.object({
  dragonId: text().uuid("Please select a dragon"),
  description: text()
    .trim()
    .max(POST_DESCRIPTION_MAX, `Descriptions can be at most ${POST_DESCRIPTION_MAX} characters`)
    .optional()
    .nullable()
    .transform((value) => value ?? ""),
  images: z
    .array(uploadPath)
    .min(1, "Please upload at least one image")
    .max(POST_IMAGES_MAX, `At most ${POST_IMAGES_MAX} images`)
    .refine((paths) => new Set(paths).size === paths.length, "Each image can be used once"),
});

/** POST /api/posts/{id}/comment. */
export const commentSchema = z.object({
  text: text()
    .trim()
    .min(1, "Please write a comment")
    .max(COMMENT_MAX, `Comments can be at most ${COMMENT_MAX} characters`),
});

/**
 * GET /api/posts and /api/posts/mine: the next older page starts after the post `before`; `at`,
 * that post's createdAt, keeps the place when the post was deleted meanwhile (the answer would
 * otherwise be empty, and the reader's list would end there).
 */
export const feedQuerySchema = z.object({
  before: text().uuid("before must be a post id").optional(),
  at: text().datetime({ message: "at must be a post's createdAt" }).optional(),
});

/** Where an older page starts: after this post (see feedQuerySchema). */
export interface FeedCursor {
  before: string;
  at?: string;
}

export const postIdParams = z.object({ id: idText("Post not found") });
export const commentIdParams = z.object({ id: idText("Post not found"), commentId: idText("Comment not found") });

/** j•••@example.com: enough to tell people apart, not enough to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** The name a person goes by in the feed (docs/spec.md §2): first name, else (masked) e-mail. */
export function feedName(person: Pick<PostPerson, "firstName" | "email">): string {
  return person.firstName?.trim() || person.email;
}
