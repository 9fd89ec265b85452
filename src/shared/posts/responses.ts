import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";

/**
 * A person as the feed shows them. `email` is the full address only for admins; everyone else
 * gets a masked form (j•••@example.com), used only when the person has no name.
 */
export const postPersonResponse = z.object({
  id: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  profileImageUrl: text().nullable(),
  email: text(),
});

/** One photo of a post: the display version (WebP, upright, no metadata) and its thumbnail. */
export const postImageResponse = z.object({
  imageUrl: text(),
  thumbUrl: text(),
  width: z.number(),
  height: z.number(),
  order: z.number(),
});

/** `hiddenReason` is set only in what admins read: a hidden comment is shown to nobody else. */
export const postCommentResponse = z.object({
  id: text(),
  text: text(),
  createdAt: isoTime(),
  user: postPersonResponse,
  hiddenReason: text().nullable(),
});

/** A post as GET /api/posts returns it (docs/spec.md §3, with ids and sizes added). */
export const postResponse = z.object({
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
  user: postPersonResponse,
  images: z.array(postImageResponse),
  likes: z.array(z.object({ userId: text() })),
  comments: z.array(postCommentResponse),
});

/** POST /api/posts/{id}/like answers the new state. */
export const likeStateResponse = z.object({ liked: z.boolean(), count: z.number() });

export type PostPerson = z.output<typeof postPersonResponse>;
export type PostImage = z.output<typeof postImageResponse>;
export type PostComment = z.output<typeof postCommentResponse>;
export type Post = z.output<typeof postResponse>;
export type LikeState = z.output<typeof likeStateResponse>;
