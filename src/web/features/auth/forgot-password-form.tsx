import { useState, type FormEvent } from "react";
import { MailCheck } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { useForgotPassword } from "./api";

/** The Login tab's 'Forgot password?' view: ask for a reset link, then the server's neutral answer. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useLingui();
  const [email, setEmail] = useState(initialEmail);
  const forgot = useForgotPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.mutate(email, {
      onError: (error) =>
        toast({
          title: t`Failed to Send Email`,
          description: serverMessage(error) ?? t`Please try again later`,
          variant: "destructive",
        }),
    });
  };

  if (forgot.isSuccess) {
    return (
      <div className="text-center" role="status">
        <MailCheck className="mx-auto h-14 w-14 text-accent" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">
          <Trans>Check Your Email</Trans>
        </h1>
        <p className="mt-3 text-ink">{forgot.data.message}</p>
        <p className="mt-2 text-sm text-ink-soft">
          <Trans>Nothing there after a few minutes? Look in your spam folder, or ask again.</Trans>
        </p>
        <Button onClick={onBack} className="mt-7 w-full">
          <Trans>Back to Login</Trans>
        </Button>
      </div>
    );
  }
  return (
    <>
      <h1 className="text-center text-3xl font-bold">
        <Trans>Forgot your password?</Trans>
      </h1>
      <p className="mt-2 text-center text-ink-soft">
        <Trans>Enter your account's email and we'll send you a link to choose a new password.</Trans>
      </p>
      <form onSubmit={submit} className="mt-6 grid gap-4">
        <TextField
          label={t`Email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={forgot.isPending} className="mt-2 w-full">
          {forgot.isPending ? <Trans>Sending...</Trans> : <Trans>Send Reset Link</Trans>}
        </Button>
        <Button variant="ghost" onClick={onBack} className="w-full">
          <Trans>Back to Login</Trans>
        </Button>
      </form>
    </>
  );
}
