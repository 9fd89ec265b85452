import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { CircleCheck, CircleX } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { callApi } from "../../lib/api-client";
import { serverMessage } from "../../lib/errors";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

/**
 * /waitlist/confirm?token=…: the link in the waitlist's confirmation e-mail (issue 41). Opening it
 * confirms the address at once; confirming again changes nothing, so a second click, or a re-render,
 * is harmless. Works signed out.
 */
export function WaitlistConfirmPage() {
  const { t } = useLingui();
  useScreenPageMeta("/waitlist/confirm");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const confirmation = useQuery({
    queryKey: ["/api/waitlist/confirm", token],
    enabled: token.length > 0,
    retry: false,

    queryFn: () => callApi("POST /api/waitlist/confirm", { body: { token } }),
  });

  let content;
  if (confirmation.data) {
    content = (
      <>
        <CircleCheck className="mx-auto h-14 w-14 text-emerald-700" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
          <Trans>Address confirmed</Trans>
        </h1>
        <p role="status" className="mt-3 text-ink">
          {confirmation.data.message}
        </p>
        <Link href="/home" className={buttonClass("primary", "mt-7 w-full")}>
          <Trans>Back to the dragons</Trans>
        </Link>
      </>
    );
  } else if (!token || confirmation.isError) {
    content = (
      <>
        <CircleX className="mx-auto h-14 w-14 text-danger" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
          <Trans>Link not valid</Trans>
        </h1>
        <p role="alert" className="mt-3 text-ink">
          {(token && serverMessage(confirmation.error)) || t`This confirmation link is invalid or has expired.`}
        </p>
        <p className="mt-2 text-sm text-ink-soft">
          <Trans>Join the waitlist again from the dragon library to get a new link.</Trans>
        </p>
        <Link href="/home" className={buttonClass("secondary", "mt-7 w-full")}>
          <Trans>Go to the library</Trans>
        </Link>
      </>
    );
  } else {
    content = <Spinner label={t`Confirming your address`} />;
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card className="p-6 text-center sm:p-8">{content}</Card>
    </div>
  );
}
