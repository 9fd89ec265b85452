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

interface ActionRule {
  /** The schema needs a reason (the person is told it). */
  needsReason: boolean;
  /** The dialog's button is red. */
  danger?: boolean;
}

/** How each action is asked for (its words are in action-text.ts). */
export const ACTIONS: Record<ActionName, ActionRule> = {
  approve: { needsReason: false },
  reject: { needsReason: true },
  "hide-post": { needsReason: true },
  "restore-post": { needsReason: false },
  "delete-post": { needsReason: true, danger: true },
  "dismiss-post": { needsReason: false },
  "hide-comment": { needsReason: true },
  "restore-comment": { needsReason: false },
  "delete-comment": { needsReason: true, danger: true },
  "dismiss-comment": { needsReason: false },
  warn: { needsReason: true },
  suspend: { needsReason: true, danger: true },
  ban: { needsReason: true, danger: true },
  lift: { needsReason: false },
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
