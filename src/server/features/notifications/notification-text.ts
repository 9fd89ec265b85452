import { feedName, maskEmail } from "../../../shared/posts";
import type { NotificationKind } from "../../../shared/notifications";
import type { Said } from "../../i18n/said";

// What a notification says and where it leads, the same in the bell and in e-mails. Pure: the
// rows come from repository.ts, the sentences are made here, as messages put in the reader's
// language where they are read (the bell: the request's; an e-mail: the recipient's).

/** The one who acted, as read from the database: the e-mail is only ever used masked. */
export interface ActorRow {
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  email: string | null;
}

/** What a sentence needs of a stored notification. */
export interface NotificationFacts {
  kind: NotificationKind;
  postId: string | null;
  commentId: string | null;
  /** The stored reason column (for moderation rows, packed with its text: packModeration). */
  reason: string;
  count: number;
  actor: ActorRow | null;
}

/** How a person is named to others: first name, else the masked e-mail; never a full address. */
export function actorName(actor: ActorRow | null): string | Said {
  if (!actor?.email) return { id: /*i18n*/ "Someone" };
  return feedName({ firstName: actor.firstName, email: maskEmail(actor.email) });
}

// A moderation row keeps two texts in its one reason column: the decision's sentence, made by the
// server ("Your comment was hidden"), and the reason an admin typed, which may hold line breaks.
// The sentence loses its line breaks, so the first one separates them.
export function packModeration(text: string, reason: string): string {
  return `${text.replace(/[\r\n]+/g, " ").trim()}\n${reason}`;
}

export function unpackModeration(stored: string): { text: string; reason: string } {
  const at = stored.indexOf("\n");
  return at < 0 ? { text: stored, reason: "" } : { text: stored.slice(0, at), reason: stored.slice(at + 1) };
}

/** The reason as answered: a moderation row's own reason, without its packed sentence. */
export function reasonOf(facts: Pick<NotificationFacts, "kind" | "reason">): string {
  return facts.kind === "moderation" ? unpackModeration(facts.reason).reason : facts.reason;
}

/** The sentence shown: "Ana and 11 others liked your dragon". */
export function notificationText(facts: NotificationFacts): Said {
  const name = actorName(facts.actor);
  switch (facts.kind) {
    case "like": {
      const others = facts.count - 1;
      if (others <= 0) return { id: /*i18n*/ "{name} liked your dragon", values: { name } };
      return {
        id: /*i18n*/ "{name} and {others, plural, one {# other} other {# others}} liked your dragon",
        values: { name, others },
      };
    }
    case "approved":
      return { id: /*i18n*/ "Your drawing was approved", values: {} };
    case "rejected":
      return facts.reason
        ? { id: /*i18n*/ "Your drawing was not approved: {reason}", values: { reason: facts.reason } }
        : { id: /*i18n*/ "Your drawing was not approved", values: {} };
    case "comment":
      return { id: /*i18n*/ "{name} commented on your dragon", values: { name } };
    case "reply":
      return { id: /*i18n*/ "{name} replied under your comment", values: { name } };
    case "moderation":
      // The sentence the moderation action stored, which is its own message id ("A moderator hid your comment").
      return { id: unpackModeration(facts.reason).text, values: {} };
  }
}

/** Where opening it goes, as a path of the web app: the post (and comment) in the feed, else the profile. */
export function notificationHref(facts: Pick<NotificationFacts, "postId" | "commentId">): string {
  if (!facts.postId) return "/profile";
  const post = `/feed?post=${encodeURIComponent(facts.postId)}`;
  return facts.commentId ? `${post}&comment=${encodeURIComponent(facts.commentId)}` : post;
}
