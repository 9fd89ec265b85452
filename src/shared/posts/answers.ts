import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/answers";

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

export type PostPerson = z.output<typeof postPersonAnswer>;
export type PostImage = z.output<typeof postImageAnswer>;
export type PostComment = z.output<typeof postCommentAnswer>;
export type Post = z.output<typeof postAnswer>;
export type LikeState = z.output<typeof likeStateAnswer>;
