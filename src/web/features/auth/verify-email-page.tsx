import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { CircleCheck, CircleX, KeyRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { TextField } from "../../components/ui/text-field";
import { callApi } from "../../lib/api-client";
import { serverMessage } from "../../lib/errors";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

/**
 * /verify-email?token=…: spends the token once (a query, so a re-render never sends it twice). In a
 * browser other than the one that registered, the server asks for the account's password (403), so
 * a link alone never verifies an account someone else registered (decision 005).
 */
export function VerifyEmailPage() {
  useScreenPageMeta("/verify-email");
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get("token");
  const verification = useQuery({
    queryKey: ["/api/auth/verify-email", token],
    enabled: Boolean(token),

    queryFn: () => callApi("GET /api/auth/verify-email", { query: { token: token! } }),
  });
  const [password, setPassword] = useState("");
  const withPassword = useMutation({
    mutationFn: () => callApi("POST /api/auth/verify-email", { body: { token: token!, password } }),
  });
  const passwordNeeded = verification.isError && verification.error.message.startsWith("403:");
  const verified = withPassword.data ?? verification.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    withPassword.mutate();
  };

  let content;
  if (verified) {
    content = (
      <>
        <CircleCheck className="mx-auto h-14 w-14 text-emerald-600" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">
          <Trans>Email Verified!</Trans>
        </h1>
        {/* The server's message already says so; only its fallback needs the second sentence. */}
        <p className="mt-3 text-ink-soft">{verified.message || t`Email verified successfully! You can now log in.`}</p>
        <Link href="/login" className={buttonClass("primary", "mt-7 w-full")}>
          <Trans>Go to Login</Trans>
        </Link>
      </>
    );
  } else if (passwordNeeded) {
    const wrong = withPassword.isError ? serverMessage(withPassword.error) : null;
    content = (
      <form onSubmit={submit} className="text-start">
        <KeyRound className="mx-auto h-14 w-14 text-accent" aria-hidden />
        <h1 className="mt-4 text-center text-3xl font-bold">
          <Trans>Confirm It's You</Trans>
        </h1>
        <p className="mt-3 text-center text-ink-soft">{serverMessage(verification.error)}</p>
        <TextField
          className="mt-6"
          label={t`Password`}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {wrong && (
          <p role="alert" className="mt-3 text-sm font-semibold text-danger">
            {wrong}
          </p>
        )}
        <Button type="submit" className="mt-6 w-full" disabled={withPassword.isPending || !password}>
          {withPassword.isPending ? <Trans>Verifying...</Trans> : <Trans>Verify Email</Trans>}
        </Button>
        <p className="mt-4 text-center text-sm text-ink-soft">
          <Trans>
            Don't know this password? Then this account was not registered by you: register again with your own password
            from the{" "}
            <Link href="/login" className="font-semibold text-accent-strong underline">
              login page
            </Link>
            .
          </Trans>
        </p>
      </form>
    );
  } else if (!token || verification.isError) {
    const message = token
      ? (serverMessage(verification.error) ?? t`Verification failed. The link may be invalid or expired.`)
      : t`No verification token provided`;
    content = (
      <>
        <CircleX className="mx-auto h-14 w-14 text-danger" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">
          <Trans>Verification Failed</Trans>
        </h1>
        <p className="mt-3 text-ink">{message}</p>
        <p className="mt-2 text-sm text-ink-soft">
          <Trans>
            You can ask for a new link from the login page, register again, or contact support if this keeps happening.
          </Trans>
        </p>
        <Link href="/login" className={buttonClass("primary", "mt-7 w-full")}>
          <Trans>Back to Login</Trans>
        </Link>
      </>
    );
  } else {
    content = (
      <>
        <Spinner label={t`Verifying`} />
        <h1 className="text-2xl font-bold">
          <Trans>Verifying Email...</Trans>
        </h1>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card className="p-6 text-center sm:p-8">{content}</Card>
    </div>
  );
}
