import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ActionBody } from "./api";

/** What an action dialog is about: the action, the thing or person, and how to name it. */
export type ActionRequest =
  | {
      action: "reject" | "hide-post" | "delete-post" | "approve" | "restore-post" | "dismiss-post";
      postId: string;
      subject: string;
    }
  | {
      action: "hide-comment" | "delete-comment" | "restore-comment" | "dismiss-comment";
      commentId: string;
      subject: string;
    }
  | { action: "warn" | "suspend" | "ban" | "lift"; userId: string; subject: string };

export type ActionName = ActionRequest["action"];

interface ActionText {
  /** The dialog's title and its button. */
  title: (subject: string) => MessageDescriptor;
  button: MessageDescriptor;
  pending: MessageDescriptor;
  /** What happens, said in the dialog. */
  explain: MessageDescriptor;
  /** The toast once done. */
  done: MessageDescriptor;
  /** The schema needs a reason (the person is told it). */
  needsReason: boolean;
  danger?: boolean;
}

export const ACTIONS: Record<ActionName, ActionText> = {
  approve: {
    title: () => msg`Approve post`,
    button: msg`Approve`,
    pending: msg`Approving...`,
    explain: msg`The post appears in the feed.`,
    done: msg`Post approved successfully!`,
    needsReason: false,
  },
  reject: {
    title: () => msg`Reject post`,
    button: msg`Reject`,
    pending: msg`Rejecting...`,
    explain: msg`The post is not published. Its author sees this reason on their drawings.`,
    done: msg`Post rejected.`,
    needsReason: true,
  },
  "hide-post": {
    title: () => msg`Hide post`,
    button: msg`Hide`,
    pending: msg`Hiding...`,
    explain: msg`The post leaves the feed. Its author sees it as hidden by a moderator, with this reason.`,
    done: msg`Post hidden.`,
    needsReason: true,
  },
  "restore-post": {
    title: () => msg`Restore post`,
    button: msg`Restore`,
    pending: msg`Restoring...`,
    explain: msg`The post returns to the feed.`,
    done: msg`Post restored.`,
    needsReason: false,
  },
  "delete-post": {
    title: () => msg`Delete post`,
    button: msg`Delete`,
    pending: msg`Deleting...`,
    explain: msg`The drawing, its photos, likes and comments are removed for everyone. This cannot be undone.`,
    done: msg`Post deleted.`,
    needsReason: true,
    danger: true,
  },
  "dismiss-post": {
    title: () => msg`Dismiss reports`,
    button: msg`Dismiss`,
    pending: msg`Dismissing...`,
    explain: msg`The reports are closed and the post stays as it is.`,
    done: msg`Reports dismissed.`,
    needsReason: false,
  },
  "hide-comment": {
    title: () => msg`Hide comment`,
    button: msg`Hide`,
    pending: msg`Hiding...`,
    explain: msg`Nobody but admins sees the comment any more. Its author is told this reason.`,
    done: msg`Comment hidden.`,
    needsReason: true,
  },
  "restore-comment": {
    title: () => msg`Restore comment`,
    button: msg`Restore`,
    pending: msg`Restoring...`,
    explain: msg`The comment is shown again.`,
    done: msg`Comment restored.`,
    needsReason: false,
  },
  "delete-comment": {
    title: () => msg`Delete comment`,
    button: msg`Delete`,
    pending: msg`Deleting...`,
    explain: msg`The comment is removed for everyone. This cannot be undone.`,
    done: msg`Comment deleted.`,
    needsReason: true,
    danger: true,
  },
  "dismiss-comment": {
    title: () => msg`Dismiss reports`,
    button: msg`Dismiss`,
    pending: msg`Dismissing...`,
    explain: msg`The reports are closed and the comment stays as it is.`,
    done: msg`Reports dismissed.`,
    needsReason: false,
  },
  warn: {
    title: (who) => msg`Warn ${who}`,
    button: msg`Send warning`,
    pending: msg`Sending...`,
    explain: msg`They are told this reason. Nothing else changes.`,
    done: msg`Warning sent.`,
    needsReason: true,
  },
  suspend: {
    title: (who) => msg`Suspend ${who}`,
    button: msg`Suspend`,
    pending: msg`Suspending...`,
    explain: msg`Until then they cannot post, comment, like, report or change their name or picture. They are told for how long and why.`,
    done: msg`Member suspended.`,
    needsReason: true,
    danger: true,
  },
  ban: {
    title: (who) => msg`Ban ${who}`,
    button: msg`Ban`,
    pending: msg`Banning...`,
    explain: msg`They can no longer post, comment, like, report or change their name or picture, until an admin lifts the ban. They are told why.`,
    done: msg`Member banned.`,
    needsReason: true,
    danger: true,
  },
  lift: {
    title: (who) => msg`Lift the sanction on ${who}`,
    button: msg`Lift`,
    pending: msg`Lifting...`,
    explain: msg`They can post, comment, like and report again.`,
    done: msg`Sanction lifted.`,
    needsReason: false,
  },
};

/** True for actions that run at once, without a dialog (no reason is needed or asked). */
export const isDirect = (action: ActionName) =>
  action === "approve" ||
  action === "restore-post" ||
  action === "restore-comment" ||
  action === "dismiss-post" ||
  action === "dismiss-comment";

/** The request's body, with the reason (and the suspension's days). */
export function actionBody(request: ActionRequest, reason: string, days: 1 | 7 | 30): ActionBody {
  const why = reason.trim();
  const optional = why ? { reason: why } : {};
  if ("postId" in request) {
    const { action, postId } = request;
    if (action === "reject" || action === "hide-post" || action === "delete-post")
      return { action, postId, reason: why };
    return { action, postId, ...optional };
  }
  if ("commentId" in request) {
    const { action, commentId } = request;
    if (action === "hide-comment" || action === "delete-comment") return { action, commentId, reason: why };
    return { action, commentId, ...optional };
  }
  const { action, userId } = request;
  if (action === "suspend") return { action, userId, days, reason: why };
  if (action === "lift") return { action, userId, ...optional };
  return { action, userId, reason: why };
}
