import { CountedTextarea, FormActions, FormError } from "../../components/ui/form-parts";
import { useId, useState, type FormEvent } from "react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { MODERATION_REASON_MAX } from "../../../shared/moderation";
import { moderate } from "./api";

/** An admin's action from the feed that needs a reason the author is told. */
export type FeedModeration =
  { action: "reject" | "hide-post"; postId: string } | { action: "hide-comment"; commentId: string };

const TEXT = {
  reject: {
    title: msg`Reject post`,
    explain: msg`The post is not published. Its author sees this reason on their drawings.`,
    button: msg`Reject`,
    done: msg`Post rejected.`,
  },
  "hide-post": {
    title: msg`Hide post`,
    explain: msg`The post leaves the feed. Its author sees it as hidden by a moderator, with this reason.`,
    button: msg`Hide`,
    done: msg`Post hidden.`,
  },
  "hide-comment": {
    title: msg`Hide comment`,
    explain: msg`Nobody but admins sees the comment any more. Its author is told this reason.`,
    button: msg`Hide`,
    done: msg`Comment hidden.`,
  },
};

/** The reason dialog of an admin's Reject or Hide in the feed. */
export function ModerateDialog({ request, onClose }: { request: FeedModeration | null; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={request ? i18n._(TEXT[request.action].title) : ""}
      description={request ? i18n._(TEXT[request.action].explain) : undefined}
    >
      {request && <ReasonForm request={request} onClose={onClose} />}
    </Dialog>
  );
}

function ReasonForm({ request, onClose }: { request: FeedModeration; onClose: () => void }) {
  const { t, i18n } = useLingui();
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
      toast({ title: t`Success`, description: i18n._(TEXT[request.action].done) });
      onClose();
    } catch (failure) {
      if (isUnauthorizedError(failure)) handleUnauthorized();
      setError(serverMessage(failure) ?? t`The action could not be done. Please check your connection and try again.`);
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4">
      <CountedTextarea
        id={`${id}-reason`}
        label={t`Reason (they will see it)`}
        value={reason}
        onChange={setReason}
        max={MODERATION_REASON_MAX}
        required
        disabled={pending}
        autoFocus
      />
      <FormError message={error} />
      <FormActions
        onCancel={onClose}
        busy={pending}
        ready={Boolean(reason.trim())}
        label={i18n._(TEXT[request.action].button)}
        busyLabel={t`Saving...`}
      />
    </form>
  );
}
