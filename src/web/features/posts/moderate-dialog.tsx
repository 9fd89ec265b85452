import { useId, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { MODERATION_REASON_MAX } from "../../../shared/moderation";
import { characterCount, upToCharacters } from "../../../shared/text";
import { moderate } from "./api";

/** An admin's action from the feed that needs a reason the author is told. */
export type FeedModeration = { action: "reject" | "hide-post"; postId: string } | { action: "hide-comment"; commentId: string };

const TEXT = {
  reject: { title: "Reject post", explain: "The post is not published. Its author sees this reason on their drawings.", button: "Reject", done: "Post rejected." },
  "hide-post": { title: "Hide post", explain: "The post leaves the feed. Its author sees it as hidden by a moderator, with this reason.", button: "Hide", done: "Post hidden." },
  "hide-comment": { title: "Hide comment", explain: "Nobody but admins sees the comment any more. Its author is told this reason.", button: "Hide", done: "Comment hidden." },
};

/** The reason dialog of an admin's Reject or Hide in the feed. */
export function ModerateDialog({ request, onClose }: { request: FeedModeration | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()} title={request ? TEXT[request.action].title : ""} description={request ? TEXT[request.action].explain : undefined}>
      {request && <ReasonForm request={request} onClose={onClose} />}
    </Dialog>
  );
}

function ReasonForm({ request, onClose }: { request: FeedModeration; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why || pending) return;
    setPending(true);
    setError(null);
    try {
      await moderate({ ...request, reason: why });
      toast({ title: "Success", description: TEXT[request.action].done });
      onClose();
    } catch (failure) {
      if (isUnauthorizedError(failure)) handleUnauthorized();
      setError(serverMessage(failure) ?? "The action could not be done. Please check your connection and try again.");
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-ink">
          Reason (they will see it)
        </label>
        <textarea
          id={`${id}-reason`}
          aria-describedby={`${id}-count`}
          aria-required
          value={reason}
          onChange={(e) => setReason(upToCharacters(e.target.value, MODERATION_REASON_MAX))}
          rows={3}
          disabled={pending}
          autoFocus
          className="w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
        />
        <p id={`${id}-count`} className="text-right text-xs text-ink-soft">
          {characterCount(reason)}/{MODERATION_REASON_MAX}
        </p>
      </div>
      {error && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!reason.trim() || pending}>
          {pending ? "Saving..." : TEXT[request.action].button}
        </Button>
      </div>
    </form>
  );
}
