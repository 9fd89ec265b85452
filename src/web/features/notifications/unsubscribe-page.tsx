import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { CircleCheck, CircleX, MailX } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { callApi } from "../../lib/api-client";
import { serverMessage } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh-queries";
import { EMAIL_KIND_LABELS } from "../../../shared/notifications";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

const INVALID = msg`This unsubscribe link is invalid.`;

/**
 * /unsubscribe?token=…: the link in every notification e-mail. Opening it changes nothing (mail
 * scanners open links); the page says which e-mails the link turns off and asks first. Works signed out.
 */
export function UnsubscribePage() {
  useScreenPageMeta("/unsubscribe");
  const { t, i18n } = useLingui();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const link = useQuery({
    queryKey: ["/api/notifications/unsubscribe", token],
    enabled: token.length > 0,

    queryFn: () => callApi("GET /api/notifications/unsubscribe", { query: { token } }),
  });
  const turnOff = useMutation({
    mutationFn: () => callApi("POST /api/notifications/unsubscribe", { query: { token } }),
    // Signed in here as the same person: the profile's switches show it at once.
    onSuccess: () => void refreshQueries({ queryKey: ["/api/notifications/email-settings"] }),
  });

  let content;
  if (turnOff.isSuccess) {
    content = (
      <>
        <CircleCheck className="mx-auto h-14 w-14 text-emerald-700" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
          <Trans>E-mails turned off</Trans>
        </h1>
        <p role="status" className="mt-3 text-ink">
          <Trans>Done — you won't get these e-mails any more. You can switch them back on in your profile.</Trans>
        </p>
        <Link href="/profile" className={buttonClass("secondary", "mt-7 w-full")}>
          <Trans>Go to my profile</Trans>
        </Link>
      </>
    );
  } else if (!token || link.isError) {
    content = (
      <>
        <CircleX className="mx-auto h-14 w-14 text-danger" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
          <Trans>Link not valid</Trans>
        </h1>
        <p role="alert" className="mt-3 text-ink">
          {/* Whatever was wrong with the link (cut short, altered, from another site), it is not valid. */}
          {i18n._(INVALID)}
        </p>
        <p className="mt-2 text-sm text-ink-soft">
          <Trans>You can switch each kind of e-mail on or off in your profile.</Trans>
        </p>
        <Link href="/profile" className={buttonClass("secondary", "mt-7 w-full")}>
          <Trans>Go to my profile</Trans>
        </Link>
      </>
    );
  } else if (link.data) {
    const failed = turnOff.isError
      ? (serverMessage(turnOff.error) ?? t`Something went wrong. Please try again.`)
      : null;
    content = (
      <>
        <MailX className="mx-auto h-14 w-14 text-accent" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
          <Trans>Unsubscribe</Trans>
        </h1>
        <p className="mt-3 text-ink-soft">
          <Trans>This link turns off these e-mails from Dragon Grid:</Trans>
        </p>
        <p className="mt-3 rounded-2xl border border-line bg-paper px-4 py-3 font-semibold text-ink">
          {i18n._(EMAIL_KIND_LABELS[link.data.kind])}
        </p>
        {failed && (
          <p role="alert" className="mt-4 text-sm font-semibold text-danger">
            {failed}
          </p>
        )}
        <Button className="mt-7 w-full" onClick={() => turnOff.mutate()} disabled={turnOff.isPending}>
          {turnOff.isPending ? <Trans>Turning off...</Trans> : <Trans>Turn off these e-mails</Trans>}
        </Button>
        <p className="mt-4 text-sm text-ink-soft">
          <Trans>Other e-mails, such as password resets, still arrive.</Trans>
        </p>
      </>
    );
  } else {
    content = <Spinner label={t`Checking the link`} />;
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card className="p-6 text-center sm:p-8">{content}</Card>
    </div>
  );
}
