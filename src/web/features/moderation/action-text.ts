import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ActionName } from "./actions";

/** What an action's dialog, button and toast say. */
interface ActionText {
  /** The dialog's title. */
  title: (subject: string) => MessageDescriptor;
  /** The dialog's button, and what it says while the action runs. */
  button: MessageDescriptor;
  pending: MessageDescriptor;
  /** What happens, said in the dialog. */
  explain: MessageDescriptor;
  /** The toast once done. */
  done: MessageDescriptor;
}

export const ACTION_TEXT: Record<ActionName, ActionText> = {
  approve: {
    title: () => msg`Approve post`,
    button: msg`Approve`,
    pending: msg`Approving...`,
    explain: msg`The post appears in the feed.`,
    done: msg`Post approved successfully!`,
  },
  reject: {
    title: () => msg`Reject post`,
    button: msg`Reject`,
    pending: msg`Rejecting...`,
    explain: msg`The post is not published. Its author sees this reason on their drawings.`,
    done: msg`Post rejected.`,
  },
  "hide-post": {
    title: () => msg`Hide post`,
    button: msg`Hide`,
    pending: msg`Hiding...`,
    explain: msg`The post leaves the feed. Its author sees it as hidden by a moderator, with this reason.`,
    done: msg`Post hidden.`,
  },
  "restore-post": {
    title: () => msg`Restore post`,
    button: msg`Restore`,
    pending: msg`Restoring...`,
    explain: msg`The post returns to the feed.`,
    done: msg`Post restored.`,
  },
  "delete-post": {
    title: () => msg`Delete post`,
    button: msg`Delete`,
    pending: msg`Deleting...`,
    explain: msg`The drawing, its photos, likes and comments are removed for everyone. This cannot be undone.`,
    done: msg`Post deleted.`,
  },
  "dismiss-post": {
    title: () => msg`Dismiss reports`,
    button: msg`Dismiss`,
    pending: msg`Dismissing...`,
    explain: msg`The reports are closed and the post stays as it is.`,
    done: msg`Reports dismissed.`,
  },
  "hide-comment": {
    title: () => msg`Hide comment`,
    button: msg`Hide`,
    pending: msg`Hiding...`,
    explain: msg`Nobody but admins sees the comment any more. Its author is told this reason.`,
    done: msg`Comment hidden.`,
  },
  "restore-comment": {
    title: () => msg`Restore comment`,
    button: msg`Restore`,
    pending: msg`Restoring...`,
    explain: msg`The comment is shown again.`,
    done: msg`Comment restored.`,
  },
  "delete-comment": {
    title: () => msg`Delete comment`,
    button: msg`Delete`,
    pending: msg`Deleting...`,
    explain: msg`The comment is removed for everyone. This cannot be undone.`,
    done: msg`Comment deleted.`,
  },
  "dismiss-comment": {
    title: () => msg`Dismiss reports`,
    button: msg`Dismiss`,
    pending: msg`Dismissing...`,
    explain: msg`The reports are closed and the comment stays as it is.`,
    done: msg`Reports dismissed.`,
  },
  warn: {
    title: (who) => msg`Warn ${who}`,
    button: msg`Send warning`,
    pending: msg`Sending...`,
    explain: msg`They are told this reason. Nothing else changes.`,
    done: msg`Warning sent.`,
  },
  suspend: {
    title: (who) => msg`Suspend ${who}`,
    button: msg`Suspend`,
    pending: msg`Suspending...`,
    explain: msg`Until then they cannot post, comment, like, report or change their name or picture. They are told for how long and why.`,
    done: msg`Member suspended.`,
  },
  ban: {
    title: (who) => msg`Ban ${who}`,
    button: msg`Ban`,
    pending: msg`Banning...`,
    explain: msg`They can no longer post, comment, like, report or change their name or picture, until an admin lifts the ban. They are told why.`,
    done: msg`Member banned.`,
  },
  lift: {
    title: (who) => msg`Lift the sanction on ${who}`,
    button: msg`Lift`,
    pending: msg`Lifting...`,
    explain: msg`They can post, comment, like and report again.`,
    done: msg`Sanction lifted.`,
  },
};
