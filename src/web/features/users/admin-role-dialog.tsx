import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FormError } from "../../components/ui/form-parts";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { setAdminRole, type Person } from "./api";
import { personName } from "./format";

/** The change asked for: this person, made an admin (true) or no longer one (false). */
export interface RoleChange {
  person: Person;
  isAdmin: boolean;
}

function explain(change: RoleChange, isSelf: boolean): string {
  if (change.isAdmin) return "They will be able to approve and moderate posts, manage dragons and blog posts, see the statistics, and give or remove admin access. The change is written to the audit log.";
  if (isSelf) return "You will lose the admin tools, this page included, as soon as you confirm. Another admin can give them back. The change is written to the audit log.";
  return "They will no longer see the admin tools, from their next click on. The change is written to the audit log.";
}

/**
 * "Are you sure?" before giving or taking back the admin role. A refusal (the last admin, a
 * suspended person) is shown inside, in the server's words; the dialog stays open with it.
 */
export function AdminRoleDialog({ change, selfId, onClose }: { change: RoleChange | null; selfId: string; onClose: () => void }) {
  const isSelf = change?.person.id === selfId;
  const name = change ? (isSelf ? "yourself" : personName(change.person)) : "";
  const title = change ? (change.isAdmin ? `Make ${name} an admin?` : `Remove admin access from ${name}?`) : "";
  return (
    <Dialog open={change !== null} onOpenChange={(open) => !open && onClose()} title={title} description={change ? explain(change, isSelf) : undefined}>
      {change && <Confirm key={`${change.person.id}-${change.isAdmin}`} change={change} isSelf={isSelf} onClose={onClose} />}
    </Dialog>
  );
}

function Confirm({ change, isSelf, onClose }: { change: RoleChange; isSelf: boolean; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await setAdminRole(change.person, change.isAdmin, { isSelf });
      const name = personName(change.person);
      toast({ title: "Success", description: change.isAdmin ? `${name} is now an admin.` : isSelf ? "You are no longer an admin." : `${name} is no longer an admin.` });
      onClose();
    } catch (failure) {
      if (isUnauthorizedError(failure)) handleUnauthorized();
      setError(serverMessage(failure) ?? "The change could not be saved. Please check your connection and try again.");
      setPending(false);
    }
  };

  return (
    <div className="grid gap-4">
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant={change.isAdmin ? "primary" : "danger"} onClick={() => void confirm()} disabled={pending}>
          {pending ? "Saving..." : change.isAdmin ? "Make admin" : "Remove admin"}
        </Button>
      </div>
    </div>
  );
}
