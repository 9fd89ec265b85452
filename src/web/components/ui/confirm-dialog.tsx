import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Button } from "./button";
import { Dialog } from "./dialog";

/** "Are you sure?" before something that cannot be undone: Cancel, and a red action button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  pendingAction,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The red button's label, e.g. "Delete"; `pendingAction` while it runs ("Deleting..."). */
  action: string;
  pendingAction: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title} description={description}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? pendingAction : action}
        </Button>
      </div>
    </Dialog>
  );
}
