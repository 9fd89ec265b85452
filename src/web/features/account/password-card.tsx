import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { LogOut } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { TextField } from "../../components/ui/text-field";
import { NewPasswordField } from "../../components/new-password-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import type { CurrentUser } from "../../../shared/auth/responses";
import { useChangePassword, useSignOutEverywhere } from "./api";
import { ConfirmWithGoogle } from "./confirm-with-google";

/** 'Password and sign-in': change (or, for Google-only accounts, set) the password; sign out everywhere. */
export function PasswordCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ currentPassword: "", newPassword: "", repeat: "" });
  const [mismatch, setMismatch] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const change = useChangePassword();
  const signOutEverywhere = useSignOutEverywhere();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.newPassword !== form.repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      user.hasPassword
        ? { currentPassword: form.currentPassword, newPassword: form.newPassword }
        : { newPassword: form.newPassword },
      {
        onSuccess: (result) => {
          setForm({ currentPassword: "", newPassword: "", repeat: "" });
          toast({ title: user.hasPassword ? t`Password Changed` : t`Password Set`, description: result.message });
        },
        onError: (error) =>
          toast({
            title: t`Error`,
            description: serverMessage(error) ?? t`Failed to change your password`,
            variant: "destructive",
          }),
      },
    );
  };

  const endAll = () =>
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: t`Signed Out Everywhere`,
          description: t`Every device, this one included, has been signed out.`,
        });
        navigate("/");
      },
      onError: () => toast({ title: t`Error`, description: t`Failed to sign out everywhere`, variant: "destructive" }),
    });

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold">
        <Trans>Password and sign-in</Trans>
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        {user.hasPassword ? (
          <Trans>Changing your password signs you out on every other device.</Trans>
        ) : (
          <Trans>You sign in with Google. Set a password to also log in with your email.</Trans>
        )}
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {user.hasPassword && (
          <TextField
            label={t`Current password`}
            type="password"
            name="current-password"
            autoComplete="current-password"
            required
            value={form.currentPassword}
            onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
          />
        )}
        <NewPasswordField
          label={t`New password`}
          value={form.newPassword}
          onChange={(newPassword) => setForm({ ...form, newPassword })}
        />
        <NewPasswordField
          label={t`Repeat new password`}
          name="repeat-password"
          hint={false}
          value={form.repeat}
          onChange={(repeat) => setForm({ ...form, repeat })}
        />
        {mismatch && (
          <p className="text-sm font-semibold text-danger" role="alert">
            <Trans>The two passwords are not the same.</Trans>
          </p>
        )}
        <ConfirmWithGoogle error={change.error} />
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {change.isPending ? (
            <Trans>Saving...</Trans>
          ) : user.hasPassword ? (
            <Trans>Change Password</Trans>
          ) : (
            <Trans>Set Password</Trans>
          )}
        </Button>
      </form>
      <div className="mt-6 border-t border-line pt-5">
        <h3 className="font-bold">
          <Trans>Sign out everywhere</Trans>
        </h3>
        <p className="mt-1 text-sm text-ink-soft">
          <Trans>Lost a phone, or signed in on a shared computer? End every session, this one included.</Trans>
        </p>
        <Button variant="secondary" onClick={() => setConfirming(true)} className="mt-3">
          <LogOut className="h-4 w-4" aria-hidden /> <Trans>Sign out everywhere</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Sign out everywhere?`}
        description={t`Every device where you are signed in, this one included, will be signed out. You can log in again at any time.`}
        action={t`Sign out everywhere`}
        pendingAction={t`Signing out...`}
        pending={signOutEverywhere.isPending}
        onConfirm={endAll}
      />
    </Card>
  );
}
