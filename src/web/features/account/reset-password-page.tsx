import { useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { CircleCheck, CircleX, KeyRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { NewPasswordField } from "../../components/new-password-field";
import { serverMessage } from "../../lib/errors";
import { useResetPassword } from "./api";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

/** A link that cannot work any more: say why and offer a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div className="text-center">
      <CircleX className="mx-auto h-14 w-14 text-danger" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">
        <Trans>Reset Link Not Valid</Trans>
      </h1>
      <p className="mt-3 text-ink" role="alert">
        {message}
      </p>
      <p className="mt-2 text-sm text-ink-soft">
        <Trans>Links work once and for 1 hour. Ask for a new one and use the latest email.</Trans>
      </p>
      <Link href="/login?forgot=1" className={buttonClass("primary", "mt-7 w-full")}>
        <Trans>Ask for a New Link</Trans>
      </Link>
      <Link href="/login" className={buttonClass("ghost", "mt-3 w-full")}>
        <Trans>Back to Login</Trans>
      </Link>
    </div>
  );
}

/** /reset-password?token=…: a new password twice; the link works once. */
export function ResetPasswordPage() {
  useScreenPageMeta("/reset-password");
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get("token");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const reset = useResetPassword();
  const problem = reset.isError ? serverMessage(reset.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate({ token: token!, password });
  };

  let content;
  if (!token) content = <LinkProblem message={t`No reset token provided`} />;
  else if (problem?.includes("link")) content = <LinkProblem message={problem} />;
  else if (reset.isSuccess) {
    content = (
      <div className="text-center">
        <CircleCheck className="mx-auto h-14 w-14 text-emerald-600" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">
          <Trans>Password Changed</Trans>
        </h1>
        <p className="mt-3 text-ink-soft" role="status">
          {reset.data.message} <Trans>For your safety, every device that was signed in has been signed out.</Trans>
        </p>
        <Link href="/login" className={buttonClass("primary", "mt-7 w-full")}>
          <Trans>Go to Login</Trans>
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <KeyRound className="mx-auto h-12 w-12 text-accent" aria-hidden />
        <h1 className="mt-3 text-center text-3xl font-bold">
          <Trans>Choose a New Password</Trans>
        </h1>
        <p className="mt-2 text-center text-ink-soft">
          <Trans>Pick something you don't use anywhere else.</Trans>
        </p>
        <form onSubmit={submit} className="mt-6 grid gap-4">
          <NewPasswordField label={t`New password`} value={password} onChange={setPassword} />
          <NewPasswordField
            label={t`Repeat new password`}
            name="repeat-password"
            hint={false}
            value={repeat}
            onChange={setRepeat}
          />
          {(mismatch || problem) && (
            <p className="text-sm font-semibold text-danger" role="alert">
              {mismatch ? <Trans>The two passwords are not the same.</Trans> : problem}
            </p>
          )}
          <Button type="submit" disabled={reset.isPending} className="mt-2 w-full">
            {reset.isPending ? <Trans>Saving...</Trans> : <Trans>Set New Password</Trans>}
          </Button>
        </form>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card className="p-6 sm:p-8">{content}</Card>
    </div>
  );
}
