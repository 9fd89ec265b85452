import { CountedTextarea, FormActions, FormError } from "../../components/ui/form-parts";
import { useId, useState, type FormEvent } from "react";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { MODERATION_REASON_MAX, SUSPENSION_DAYS } from "../../../shared/moderation";
import { ACTIONS, actionBody, type ActionRequest } from "./actions";
import { ACTION_TEXT } from "./action-text";
import { runAction } from "./api";

/** Say an action's outcome: a toast when done, the server's own words when refused (in the page's language otherwise). */
export async function performAction(
  i18n: I18n,
  request: ActionRequest,
  reason = "",
  days: 1 | 7 | 30 = 7,
): Promise<string | null> {
  try {
    await runAction(actionBody(request, reason, days));
    toast({ title: i18n._(msg`Success`), description: i18n._(ACTION_TEXT[request.action].done) });
    return null;
  } catch (error) {
    if (isUnauthorizedError(error)) handleUnauthorized();
    return (
      serverMessage(error) ?? i18n._(msg`The action could not be done. Please check your connection and try again.`)
    );
  }
}

/**
 * The dialog of an action that needs a reason (and a suspension's length): the reason is what the
 * person is told, so it is required where the schema requires it; the server's refusal is shown inside.
 */
export function ActionDialog({ request, onClose }: { request: ActionRequest | null; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={request ? i18n._(ACTION_TEXT[request.action].title(request.subject)) : ""}
      description={request ? i18n._(ACTION_TEXT[request.action].explain) : undefined}
    >
      {request && <ActionForm key={`${request.action}-${request.subject}`} request={request} onClose={onClose} />}
    </Dialog>
  );
}

function ActionForm({ request, onClose }: { request: ActionRequest; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const rule = ACTIONS[request.action];
  const text = ACTION_TEXT[request.action];
  const [reason, setReason] = useState("");
  const [days, setDays] = useState<1 | 7 | 30>(7);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const missing = rule.needsReason && !reason.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missing || pending) return;
    setPending(true);
    setError(null);
    const failure = await performAction(i18n, request, reason, days);
    setPending(false);
    if (failure) setError(failure);
    else onClose();
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4">
      {request.action === "suspend" && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-semibold text-ink">
            <Trans>For how long?</Trans>
          </legend>
          <div className="grid grid-cols-3 gap-2">
            {SUSPENSION_DAYS.map((option) => (
              <label
                key={option}
                className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${days === option ? "border-accent bg-accent-soft text-accent-strong" : "border-line bg-white text-ink hover:bg-paper-deep"}`}
              >
                <input
                  type="radio"
                  name={`${id}-days`}
                  value={option}
                  checked={days === option}
                  onChange={() => setDays(option)}
                  className="sr-only"
                />
                <Plural value={option} one="# day" other="# days" />
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <CountedTextarea
        id={`${id}-reason`}
        label={rule.needsReason ? t`Reason (they will see it)` : t`Reason (optional)`}
        value={reason}
        onChange={setReason}
        max={MODERATION_REASON_MAX}
        required={rule.needsReason}
        disabled={pending}
        autoFocus
      />
      <FormError message={error} />
      <FormActions
        onCancel={onClose}
        busy={pending}
        ready={!missing}
        label={i18n._(text.button)}
        busyLabel={i18n._(text.pending)}
        variant={rule.danger ? "danger" : "primary"}
      />
    </form>
  );
}
