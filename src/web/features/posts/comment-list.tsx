import { useId, useState, type FormEvent } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { COMMENT_MAX, feedName, type Post, type PostComment } from "../../../shared/posts";
import type { AuthUser } from "../../../shared/auth";
import { upToCharacters } from "../../../shared/text";
import { addComment, deleteComment, updateCachedPost } from "./api";
import { RelativeTime } from "./relative-time";

/** A post's comments, oldest first, with 'Add a comment...' and Post; authors and admins may delete. */
export function CommentList({ post, viewer }: { post: Post; viewer: AuthUser }) {
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<PostComment | null>(null);
  const [deleting, setDeleting] = useState(false);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    try {
      const comment = await addComment(post.id, text);
      updateCachedPost(post.id, (p) => ({ ...p, comments: [...p.comments, comment] }));
      setDraft("");
    } catch (error) {
      // docs/spec.md §8: a lost session is said and fixed; other comment errors are silent.
      if (isUnauthorizedError(error)) handleUnauthorized();
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
      toast({ title: "Success", description: "Comment deleted." });
      setRemoving(null);
    } catch (error) {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: "Error", description: "Failed to delete comment", variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="border-t border-line px-4 pb-4 pt-3 sm:px-5">
      {post.comments.length > 0 ? (
        <ul className="grid gap-3" aria-label="Comments">
          {post.comments.map((comment) => (
            <li key={comment.id} className="flex items-start gap-2">
              <div className="min-w-0 flex-1 rounded-2xl bg-paper-deep/70 px-3.5 py-2">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-sm font-semibold">{feedName(comment.user)}</span>
                  <RelativeTime iso={comment.createdAt} />
                </div>
                {/* Plain text: React escapes it; line breaks are kept. */}
                <p className="whitespace-pre-line break-words text-[0.95rem]">{comment.text}</p>
              </div>
              {(comment.user.id === viewer.id || viewer.isAdmin) && (
                <button
                  type="button"
                  onClick={() => setRemoving(comment)}
                  aria-label={`Delete comment by ${feedName(comment.user)}`}
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-paper-deep hover:text-danger"
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">No comments yet. Say something kind!</p>
      )}
      <form onSubmit={(e) => void submit(e)} className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add a comment
        </label>
        <input
          id={inputId}
          value={draft}
          onChange={(e) => setDraft(upToCharacters(e.target.value, COMMENT_MAX))}
          placeholder="Add a comment..."
          disabled={sending}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-line bg-white px-4 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
        />
        <Button type="submit" disabled={!draft.trim() || sending}>
          Post
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Delete comment?"
        description="The comment will be removed for everyone. This cannot be undone."
        action="Delete"
        pendingAction="Deleting..."
        pending={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
