import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Download, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import type { CurrentUser } from "../../../shared/auth/responses";
import { useDeleteAccount } from "./api";
import { ConfirmWithGoogle } from "./confirm-with-google";

/** 'Your data': download everything stored about you; delete the account. */
export function DataCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState({ email: "", password: "" });
  const remove = useDeleteAccount();
  const email = user.email;
  const emailMatches = confirm.email.trim().toLowerCase() === user.email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(user.hasPassword ? { email: confirm.email, password: confirm.password } : { email: confirm.email }, {
      onSuccess: (result) => {
        toast({ title: t`Account Deleted`, description: result.message });
        navigate("/");
      },
      onError: (error) =>
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`Failed to delete your account`,
          variant: "destructive",
        }),
    });
  };

  return (
    <Card id="your-data" className="scroll-mt-20 p-6">
      <h2 className="text-xl font-bold">
        <Trans>Your data</Trans>
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        <Trans>
          A JSON file of everything stored about you: account, drawing progress, posts with their comments and likes,
          and your waitlist entry.
        </Trans>
      </p>
      {/* A plain download: the server answers with an attachment, the session cookie goes along. */}
      <a href="/api/account/export" download className={buttonClass("secondary", "mt-3")}>
        <Download className="h-4 w-4" aria-hidden /> <Trans>Download my data</Trans>
      </a>
      <div className="mt-6 border-t border-line pt-5">
        <h3 className="font-bold">
          <Trans>Delete my account</Trans>
        </h3>
        <p className="mt-1 text-sm text-ink-soft">
          <Trans>
            Removes your account, progress, posts and their photos, comments, likes and waitlist entry for good.
          </Trans>
        </p>
        <Button variant="danger" onClick={() => setOpen(true)} className="mt-3">
          <Trash2 className="h-4 w-4" aria-hidden /> <Trans>Delete my account</Trans>
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={t`Delete your account?`}
        description={t`This cannot be undone. Everything stored about you is deleted, photos included. Download your data first if you want to keep it.`}
      >
        <form onSubmit={submit} className="grid gap-4">
          <TextField
            label={t`Type your email (${email}) to confirm`}
            type="email"
            name="confirm-email"
            autoComplete="off"
            required
            value={confirm.email}
            onChange={(e) => setConfirm({ ...confirm, email: e.target.value })}
          />
          {user.hasPassword && (
            <TextField
              label={t`Your password`}
              type="password"
              name="current-password"
              autoComplete="current-password"
              required
              value={confirm.password}
              onChange={(e) => setConfirm({ ...confirm, password: e.target.value })}
            />
          )}
          <ConfirmWithGoogle error={remove.error} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending || !emailMatches}>
              {remove.isPending ? <Trans>Deleting...</Trans> : <Trans>Delete my account</Trans>}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
