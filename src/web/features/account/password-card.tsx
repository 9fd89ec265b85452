import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { LogOut } from "lucide-react";
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
          toast({ title: user.hasPassword ? "Password Changed" : "Password Set", description: result.message });
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: serverMessage(error) ?? "Failed to change your password",
            variant: "destructive",
          }),
      },
    );
  };

  const endAll = () =>
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Signed Out Everywhere", description: "Every device, this one included, has been signed out." });
        navigate("/");
      },
      onError: () => toast({ title: "Error", description: "Failed to sign out everywhere", variant: "destructive" }),
    });

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold">Password and sign-in</h2>
      <p className="mt-1 text-sm text-ink-soft">
        {user.hasPassword
          ? "Changing your password signs you out on every other device."
          : "You sign in with Google. Set a password to also log in with your email."}
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {user.hasPassword && (
          <TextField
            label="Current password"
            type="password"
            name="current-password"
            autoComplete="current-password"
            required
            value={form.currentPassword}
            onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
          />
        )}
        <NewPasswordField
          label="New password"
          value={form.newPassword}
          onChange={(newPassword) => setForm({ ...form, newPassword })}
        />
        <NewPasswordField
          label="Repeat new password"
          name="repeat-password"
          hint={false}
          value={form.repeat}
          onChange={(repeat) => setForm({ ...form, repeat })}
        />
        {mismatch && (
          <p className="text-sm font-semibold text-danger" role="alert">
            The two passwords are not the same.
          </p>
        )}
        <ConfirmWithGoogle error={change.error} />
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {change.isPending ? "Saving..." : user.hasPassword ? "Change Password" : "Set Password"}
        </Button>
      </form>
      <div className="mt-6 border-t border-line pt-5">
        <h3 className="font-bold">Sign out everywhere</h3>
        <p className="mt-1 text-sm text-ink-soft">
          Lost a phone, or signed in on a shared computer? End every session, this one included.
        </p>
        <Button variant="secondary" onClick={() => setConfirming(true)} className="mt-3">
          <LogOut className="h-4 w-4" aria-hidden /> Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description="Every device where you are signed in, this one included, will be signed out. You can log in again at any time."
        action="Sign out everywhere"
        pendingAction="Signing out..."
        pending={signOutEverywhere.isPending}
        onConfirm={endAll}
      />
    </Card>
  );
}
