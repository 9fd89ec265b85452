import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Eye, EyeOff, Flag, Trash2, UserX } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { COMMENT_MAX, feedName } from "../../../shared/posts";
import type { Post, PostComment } from "../../../shared/posts/responses";
import type { AuthUser } from "../../../shared/auth/responses";
import { upToCharacters } from "../../../shared/text";
import { addComment, deleteComment, refusalMessage, updateCachedPost } from "./api";
import { MoreMenu, type MenuItem } from "./more-menu";
import { RelativeTime } from "../../components/relative-time";
import type { Safety } from "./safety";

/**
 * A post's comments, oldest first, with 'Add a comment...' and Post; authors and admins may
 * delete; others' comments have a ⋯ menu (Report, Block; admins' Hide and Restore). The comment a
 * notification leads to is scrolled to and highlighted.
 */
export function CommentList({
  post,
  viewer,
  safety,
  highlightCommentId,
}: {
  post: Post;
  viewer: AuthUser;
  safety: Safety;
  highlightCommentId?: string;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const highlighted = useRef<HTMLLIElement>(null);
  useEffect(() => {
    highlighted.current?.scrollIntoView({ block: "center" });
  }, [highlightCommentId]);
  const [removing, setRemoving] = useState<PostComment | null>(null);
  const [deleting, setDeleting] = useState(false);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setRefusal(null);
    try {
      const comment = await addComment(post.id, text);
      updateCachedPost(post.id, (p) => ({ ...p, comments: [...p.comments, comment] }));
      setDraft("");
    } catch (error) {
      // docs/spec.md §8: a lost session is said and fixed; other comment errors are silent, but
      // for a refusal (a suspension or a ban, until when and why; a block), said under the box.
      if (isUnauthorizedError(error)) handleUnauthorized();
      else setRefusal(refusalMessage(error));
    } finally {
      setSending(false);
    }
  };

  const confirmDelete = async () => {
    if (!removing) return;
    setDeleting(true);
    try {
      await deleteComment(post.id, removing.id);
      updateCachedPost(post.id, (p) => ({ ...p, comments: p.comments.filter((c) => c.id !== removing.id) }));
      toast({ title: t`Success`, description: t`Comment deleted.` });
      setRemoving(null);
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: t`Error`, description: t`Failed to delete comment`, variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="border-t border-line px-4 pb-4 pt-3 sm:px-5">
      {post.comments.length > 0 ? (
        <ul className="grid gap-3" aria-label={t`Comments`}>
          {post.comments.map((comment) => {
            const name = feedName(comment.user);
            const { hiddenReason } = comment;
            const hidden = hiddenReason !== null;
            const isTarget = comment.id === highlightCommentId;
            const menu: MenuItem[] = [];
            if (comment.user.id !== viewer.id) {
              menu.push({
                label: t`Report`,
                icon: Flag,
                onSelect: () => safety.report({ kind: "comment", postId: post.id, commentId: comment.id }),
              });
              menu.push({
                label: t`Block ${name}`,
                icon: UserX,
                onSelect: () => safety.block({ userId: comment.user.id, name }),
              });
            }
            if (viewer.isAdmin) {
              if (hidden)
                menu.push({
                  label: t`Restore`,
                  icon: Eye,
                  onSelect: () => safety.restore({ action: "restore-comment", commentId: comment.id }),
                });
              else
                menu.push({
                  label: t`Hide...`,
                  icon: EyeOff,
                  onSelect: () => safety.moderate({ action: "hide-comment", commentId: comment.id }),
                });
            }
            return (
              <li
                key={comment.id}
                id={`comment-${comment.id}`}
                ref={isTarget ? highlighted : undefined}
                className="flex items-start gap-1"
              >
                <div
                  className={`min-w-0 flex-1 rounded-2xl px-3.5 py-2 ${isTarget ? "bg-accent-soft ring-2 ring-accent" : "bg-paper-deep/70"} ${hidden ? "border border-dashed border-ink-soft/50" : ""}`}
                  aria-current={isTarget || undefined}
                >
                  <div className="flex flex-wrap items-baseline gap-x-2">
                    <span className="text-sm font-semibold">{name}</span>
                    <RelativeTime iso={comment.createdAt} />
                  </div>
                  {hidden && (
                    <p className="text-xs font-semibold text-ink-soft">
                      <Trans>Hidden by a moderator: {hiddenReason}</Trans>
                    </p>
                  )}
                  {/* Plain text: React escapes it; line breaks are kept; in the direction of its own language. */}
                  <p dir="auto" className="whitespace-pre-line break-words text-start text-[0.95rem]">
                    {comment.text}
                  </p>
                </div>
                {menu.length > 0 && <MoreMenu label={t`More actions for ${name}'s comment`} items={menu} size="sm" />}
                {(comment.user.id === viewer.id || viewer.isAdmin) && (
                  <button
                    type="button"
                    onClick={() => setRemoving(comment)}
                    aria-label={t`Delete comment by ${name}`}
                    className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-paper-deep hover:text-danger"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">
          <Trans>No comments yet. Say something kind!</Trans>
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          <Trans>Add a comment</Trans>
        </label>
        <input
          id={inputId}
          value={draft}
          onChange={(e) => setDraft(upToCharacters(e.target.value, COMMENT_MAX))}
          placeholder={t`Add a comment...`}
          disabled={sending}
          dir="auto"
          className="min-h-11 min-w-0 flex-1 text-ellipsis rounded-full border border-line bg-white px-4 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
        />
        <Button type="submit" disabled={!draft.trim() || sending}>
          <Trans>Post</Trans>
        </Button>
      </form>
      {refusal && (
        <p
          role="alert"
          className="mt-2 rounded-xl border border-danger/30 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-danger"
        >
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t`Delete comment?`}
        description={t`The comment will be removed for everyone. This cannot be undone.`}
        action={t`Delete`}
        pendingAction={t`Deleting...`}
        pending={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
