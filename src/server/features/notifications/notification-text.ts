import { feedName, maskEmail } from "../../../shared/posts";
import type { NotificationKind } from "../../../shared/notifications";

// What a notification says and where it leads, the same in the bell and in e-mails. Pure: the
// rows come from repository.ts, the sentences are made here.

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
export function actorName(actor: ActorRow | null): string {
  if (!actor?.email) return "Someone";
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
export function notificationText(facts: NotificationFacts): string {
  const name = actorName(facts.actor);
  switch (facts.kind) {
    case "like": {
      const others = facts.count - 1;
      if (others <= 0) return `${name} liked your dragon`;
      return `${name} and ${others} ${others === 1 ? "other" : "others"} liked your dragon`;
    }
    case "approved":
      return "Your drawing was approved";
    case "rejected":
      return facts.reason ? `Your drawing was not approved: ${facts.reason}` : "Your drawing was not approved";
    case "comment":
      return `${name} commented on your dragon`;
    case "reply":
      return `${name} replied under your comment`;
    case "moderation":
      return unpackModeration(facts.reason).text;
  }
}

/** Where opening it goes, as a path of the web app: the post (and comment) in the feed, else the profile. */
export function notificationHref(facts: Pick<NotificationFacts, "postId" | "commentId">): string {
  if (!facts.postId) return "/profile";
  const post = `/feed?post=${encodeURIComponent(facts.postId)}`;
  return facts.commentId ? `${post}&comment=${encodeURIComponent(facts.commentId)}` : post;
}
