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
  title: (subject: string) => string;
  button: string;
  pending: string;
  /** What happens, said in the dialog. */
  explain: string;
  /** The toast once done. */
  done: string;
  /** The schema needs a reason (the person is told it). */
  needsReason: boolean;
  danger?: boolean;
}

export const ACTIONS: Record<ActionName, ActionText> = {
  approve: {
    title: () => "Approve post",
    button: "Approve",
    pending: "Approving...",
    explain: "The post appears in the feed.",
    done: "Post approved successfully!",
    needsReason: false,
  },
  reject: {
    title: () => "Reject post",
    button: "Reject",
    pending: "Rejecting...",
    explain: "The post is not published. Its author sees this reason on their drawings.",
    done: "Post rejected.",
    needsReason: true,
  },
  "hide-post": {
    title: () => "Hide post",
    button: "Hide",
    pending: "Hiding...",
    explain: "The post leaves the feed. Its author sees it as hidden by a moderator, with this reason.",
    done: "Post hidden.",
    needsReason: true,
  },
  "restore-post": {
    title: () => "Restore post",
    button: "Restore",
    pending: "Restoring...",
    explain: "The post returns to the feed.",
    done: "Post restored.",
    needsReason: false,
  },
  "delete-post": {
    title: () => "Delete post",
    button: "Delete",
    pending: "Deleting...",
    explain: "The drawing, its photos, likes and comments are removed for everyone. This cannot be undone.",
    done: "Post deleted.",
    needsReason: true,
    danger: true,
  },
  "dismiss-post": {
    title: () => "Dismiss reports",
    button: "Dismiss",
    pending: "Dismissing...",
    explain: "The reports are closed and the post stays as it is.",
    done: "Reports dismissed.",
    needsReason: false,
  },
  "hide-comment": {
    title: () => "Hide comment",
    button: "Hide",
    pending: "Hiding...",
    explain: "Nobody but admins sees the comment any more. Its author is told this reason.",
    done: "Comment hidden.",
    needsReason: true,
  },
  "restore-comment": {
    title: () => "Restore comment",
    button: "Restore",
    pending: "Restoring...",
    explain: "The comment is shown again.",
    done: "Comment restored.",
    needsReason: false,
  },
  "delete-comment": {
    title: () => "Delete comment",
    button: "Delete",
    pending: "Deleting...",
    explain: "The comment is removed for everyone. This cannot be undone.",
    done: "Comment deleted.",
    needsReason: true,
    danger: true,
  },
  "dismiss-comment": {
    title: () => "Dismiss reports",
    button: "Dismiss",
    pending: "Dismissing...",
    explain: "The reports are closed and the comment stays as it is.",
    done: "Reports dismissed.",
    needsReason: false,
  },
  warn: {
    title: (who) => `Warn ${who}`,
    button: "Send warning",
    pending: "Sending...",
    explain: "They are told this reason. Nothing else changes.",
    done: "Warning sent.",
    needsReason: true,
  },
  suspend: {
    title: (who) => `Suspend ${who}`,
    button: "Suspend",
    pending: "Suspending...",
    explain:
      "Until then they cannot post, comment, like, report or change their name or picture. They are told for how long and why.",
    done: "Member suspended.",
    needsReason: true,
    danger: true,
  },
  ban: {
    title: (who) => `Ban ${who}`,
    button: "Ban",
    pending: "Banning...",
    explain:
      "They can no longer post, comment, like, report or change their name or picture, until an admin lifts the ban. They are told why.",
    done: "Member banned.",
    needsReason: true,
    danger: true,
  },
  lift: {
    title: (who) => `Lift the sanction on ${who}`,
    button: "Lift",
    pending: "Lifting...",
    explain: "They can post, comment, like and report again.",
    done: "Sanction lifted.",
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

/** How the audit log names an action. */
export const LOG_VERBS: Record<string, string> = {
  approve: "approved a post by",
  reject: "rejected a post by",
  "hide-post": "hid a post by",
  "restore-post": "restored a post by",
  "delete-post": "deleted a post by",
  "dismiss-post": "dismissed reports on a post by",
  "hide-comment": "hid a comment by",
  "restore-comment": "restored a comment by",
  "delete-comment": "deleted a comment by",
  "dismiss-comment": "dismissed reports on a comment by",
  warn: "warned",
  suspend: "suspended",
  ban: "banned",
  lift: "lifted the sanction on",
  "grant-admin": "gave admin access to",
  "remove-admin": "removed admin access from",
  "grant-pro": "gave Pro to",
  "remove-pro": "removed Pro from",
};
