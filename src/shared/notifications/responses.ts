import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";
import { NOTIFICATION_KINDS } from "./index";

/** One notification of the bell's list. `text` is the sentence shown ("Ana and 11 others liked your dragon"). */
export const notificationResponse = z.object({
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

export const notificationsPageResponse = z.object({ items: z.array(notificationResponse), unread: z.number() });

export const unreadResponse = z.object({ unread: z.number() });
