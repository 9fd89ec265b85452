import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/answers";
import { NOTIFICATION_KINDS } from "./index";

/** One notification of the bell's list. `text` is the sentence shown ("Ana and 11 others liked your dragon"). */
export const notificationAnswer = z.object({
  id: text(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: text(),
  /** Where opening it goes: the post, or the comment on it (/feed?post={id}&comment={id}), or the profile. */
  href: text(),
  /** The one who acted (liker, commenter), as the feed shows people: the e-mail masked. */
  actor: z
    .object({ firstName: text().nullable(), lastName: text().nullable(), profileImageUrl: text().nullable() })
    .nullable(),
  postId: text().nullable(),
  commentId: text().nullable(),
  reason: text(),
  /** How many people a grouped like notification stands for. */
  count: z.number(),
  createdAt: isoTime(),
  read: z.boolean(),
});

export const notificationsPageAnswer = z.object({ items: z.array(notificationAnswer), unread: z.number() });

export const unreadAnswer = z.object({ unread: z.number() });
