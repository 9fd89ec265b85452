import { CountedTextarea, FormActions, FormError } from "../../components/ui/form-parts";
import { useId, useState, type FormEvent } from "react";
import { CheckCircle2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from "../../../shared/moderation";
import { reportContent } from "./api";

/** What is reported: a post, or one of its comments. */
export interface ReportTarget {
  postId: string;
  commentId?: string;
  /** "post" or "comment", for the title. */
  kind: "post" | "comment";
}

/** Report a post or a comment: a reason, a note (needed for 'Something else'), then a thank-you. */
export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.kind === "comment" ? t`Report comment` : t`Report post`}
    >
      {target && <ReportForm key={`${target.postId}-${target.commentId ?? ""}`} target={target} onClose={onClose} />}
    </Dialog>
  );
}

function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const noteRequired = reason === "other";
  const ready = reason !== null && (!noteRequired || note.trim().length > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || sending) return;
    setSending(true);
    setError(null);
    try {
      await reportContent({
        postId: target.postId,
        commentId: target.commentId,
        reason,
        note: note.trim() || undefined,
      });
      setSent(true);
    } catch (failure) {
      if (isUnauthorizedError(failure)) handleUnauthorized();
      // 409 "You have already reported this", 403 a suspension's own words: the server says it best.
      setError(serverMessage(failure) ?? t`The report could not be sent. Please check your connection and try again.`);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="grid gap-5">
        <p role="status" className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-4 text-ink">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
          <Trans>Thanks — an admin will review your report.</Trans>
        </p>
        <Button onClick={onClose} className="sm:justify-self-end">
          <Trans>Close</Trans>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink">
          <Trans>What is wrong with it?</Trans>
        </legend>
        <div className="grid gap-2">
          {REPORT_REASONS.map((option) => (
            <label
              key={option}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 text-base has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${reason === option ? "border-accent bg-accent-soft font-semibold" : "border-line bg-white hover:bg-paper-deep"}`}
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                className="h-4 w-4 accent-[var(--color-accent)]"
              />
              {i18n._(REPORT_REASON_LABELS[option])}
            </label>
          ))}
        </div>
      </fieldset>
      <CountedTextarea
        id={`${id}-note`}
        label={noteRequired ? t`Note (required)` : t`Note (optional)`}
        value={note}
        onChange={setNote}
        max={REPORT_NOTE_MAX}
        required={noteRequired}
        disabled={sending}
        placeholder={noteRequired ? t`Tell the admins what is wrong` : t`Anything the admins should know?`}
      />
      <FormError message={error} />
      <FormActions onCancel={onClose} busy={sending} ready={ready} label={t`Submit`} busyLabel={t`Sending...`} />
    </form>
  );
}
