import { MailCheck } from "lucide-react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { VERIFICATION_TTL_HOURS } from "../../../shared/auth/limits";
import { useResendVerification } from "./api";

/** After registering (or a login refused for an unverified e-mail): where the link went, and what next. */
export function CheckEmail({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useLingui();
  const resend = useResendVerification();
  const hours = VERIFICATION_TTL_HOURS;
  return (
    <div className="text-center">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-accent-soft text-accent">
        <MailCheck className="h-8 w-8" aria-hidden />
      </span>
      <h1 className="mt-5 text-3xl font-bold">
        <Trans>Check Your Email</Trans>
      </h1>
      <p className="mt-3 text-ink-soft">
        <Trans>
          We sent a verification link to <strong className="break-words text-ink">{email}</strong>. Open it to activate
          your account.
        </Trans>
      </p>
      <p className="mt-2 text-sm text-ink-soft">
        <Plural
          value={hours}
          one="The link expires in # hour. Can't find it? Look in your spam folder."
          other="The link expires in # hours. Can't find it? Look in your spam folder."
        />
      </p>
      <div className="mt-7 grid gap-3">
        <Button
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(email, {
              onSuccess: () =>
                toast({ title: t`Email Sent`, description: t`Please check your email for the verification link.` }),
              onError: (error) =>
                toast({
                  title: t`Failed to Send Email`,
                  description: serverMessage(error) ?? t`Please try again later`,
                  variant: "destructive",
                }),
            })
          }
        >
          {resend.isPending ? <Trans>Sending...</Trans> : <Trans>Resend Verification Email</Trans>}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          <Trans>Back to Login</Trans>
        </Button>
      </div>
    </div>
  );
}
