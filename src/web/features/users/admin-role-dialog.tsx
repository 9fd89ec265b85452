import { useState } from "react";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FormError } from "../../components/ui/form-parts";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { setAdminRole, setProGrant, type Person } from "./api";
import { personName } from "./format";

/**
 * The change asked for: this person given (true) or no longer given (false) the admin role
 * (decision 030) or Pro (decision 031).
 */
export interface RoleChange {
  person: Person;
  role: "admin" | "pro";
  grant: boolean;
}

/** What each change says: the dialog's title and explanation, its button, and the toast after it. */
function wording(i18n: I18n, change: RoleChange, isSelf: boolean) {
  const who = personName(change.person);
  const logged = i18n._(msg`The change is written to the audit log.`);
  if (change.role === "pro") {
    return change.grant
      ? {
          title: isSelf ? i18n._(msg`Give yourself Pro?`) : i18n._(msg`Give ${who} Pro?`),
          explain: i18n._(
            msg`They will be able to upload their own pictures and draw them with the grid, privately, from their next click on. If their e-mail is on the Pro waitlist, they get one e-mail saying Pro is ready. ${logged}`,
          ),
          button: i18n._(msg`Grant Pro`),
          done: i18n._(msg`${who} now has Pro.`),
        }
      : {
          title: isSelf ? i18n._(msg`Remove Pro from yourself?`) : i18n._(msg`Remove Pro from ${who}?`),
          explain: i18n._(msg`They will no longer have Pro's tools, from their next click on. ${logged}`),
          button: i18n._(msg`Remove Pro`),
          done: i18n._(msg`${who} no longer has Pro.`),
        };
  }
  if (change.grant) {
    return {
      title: isSelf ? i18n._(msg`Make yourself an admin?`) : i18n._(msg`Make ${who} an admin?`),
      explain: i18n._(
        msg`They will be able to approve and moderate posts, manage dragons and blog posts, see the statistics, and give or remove admin access. ${logged}`,
      ),
      button: i18n._(msg`Make admin`),
      done: i18n._(msg`${who} is now an admin.`),
    };
  }
  return {
    title: isSelf ? i18n._(msg`Remove admin access from yourself?`) : i18n._(msg`Remove admin access from ${who}?`),
    explain: isSelf
      ? i18n._(
          msg`You will lose the admin tools, this page included, as soon as you confirm. Another admin can give them back. ${logged}`,
        )
      : i18n._(msg`They will no longer see the admin tools, from their next click on. ${logged}`),
    button: i18n._(msg`Remove admin`),
    done: isSelf ? i18n._(msg`You are no longer an admin.`) : i18n._(msg`${who} is no longer an admin.`),
  };
}

/**
 * "Are you sure?" before giving or taking back the admin role or Pro. A refusal (the last admin, a
 * suspended person) is shown inside, in the server's words; the dialog stays open with it.
 */
export function AdminRoleDialog({
  change,
  selfId,
  onClose,
}: {
  change: RoleChange | null;
  selfId: string;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const isSelf = change?.person.id === selfId;
  const words = change ? wording(i18n, change, isSelf) : null;
  return (
    <Dialog
      open={change !== null}
      onOpenChange={(open) => !open && onClose()}
      title={words?.title ?? ""}
      description={words?.explain}
    >
      {change && words && (
        <Confirm
          key={`${change.person.id}-${change.role}-${change.grant}`}
          change={change}
          isSelf={isSelf}
          words={words}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function Confirm({
  change,
  isSelf,
  words,
  onClose,
}: {
  change: RoleChange;
  isSelf: boolean;
  words: ReturnType<typeof wording>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      if (change.role === "pro") await setProGrant(change.person, change.grant);
      else await setAdminRole(change.person, change.grant, { isSelf });
      toast({ title: t`Success`, description: words.done });
      onClose();
    } catch (failure) {
      if (isUnauthorizedError(failure)) handleUnauthorized();
      setError(serverMessage(failure) ?? t`The change could not be saved. Please check your connection and try again.`);
      setPending(false);
    }
  };

  return (
    <div className="grid gap-4">
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant={change.grant ? "primary" : "danger"} onClick={() => void confirm()} disabled={pending}>
          {pending ? <Trans>Saving...</Trans> : words.button}
        </Button>
      </div>
    </div>
  );
}
