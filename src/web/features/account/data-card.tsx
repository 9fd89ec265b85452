import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Download, Trash2 } from "lucide-react";
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
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState({ email: "", password: "" });
  const remove = useDeleteAccount();
  const emailMatches = confirm.email.trim().toLowerCase() === user.email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(user.hasPassword ? { email: confirm.email, password: confirm.password } : { email: confirm.email }, {
      onSuccess: (result) => {
        toast({ title: "Account Deleted", description: result.message });
        navigate("/");
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: serverMessage(error) ?? "Failed to delete your account",
          variant: "destructive",
        }),
    });
  };

  return (
    <Card id="your-data" className="scroll-mt-20 p-6">
      <h2 className="text-xl font-bold">Your data</h2>
      <p className="mt-1 text-sm text-ink-soft">
        A JSON file of everything stored about you: account, drawing progress, posts with their comments and likes, and
        your waitlist entry.
      </p>
      {/* A plain download: the server answers with an attachment, the session cookie goes along. */}
      <a href="/api/account/export" download className={buttonClass("secondary", "mt-3")}>
        <Download className="h-4 w-4" aria-hidden /> Download my data
      </a>
      <div className="mt-6 border-t border-line pt-5">
        <h3 className="font-bold">Delete my account</h3>
        <p className="mt-1 text-sm text-ink-soft">
          Removes your account, progress, posts and their photos, comments, likes and waitlist entry for good.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)} className="mt-3">
          <Trash2 className="h-4 w-4" aria-hidden /> Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title="Delete your account?"
        description="This cannot be undone. Everything stored about you is deleted, photos included. Download your data first if you want to keep it."
      >
        <form onSubmit={submit} className="grid gap-4">
          <TextField
            label={`Type your email (${user.email}) to confirm`}
            type="email"
            name="confirm-email"
            autoComplete="off"
            required
            value={confirm.email}
            onChange={(e) => setConfirm({ ...confirm, email: e.target.value })}
          />
          {user.hasPassword && (
            <TextField
              label="Your password"
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
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending || !emailMatches}>
              {remove.isPending ? "Deleting..." : "Delete my account"}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
