import { ShieldAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/auth/responses";

/** A suspended or banned member is told so, why, until when, and what they can still do. */
export function SanctionBanner({ sanction }: { sanction: NonNullable<CurrentUser["sanction"]> }) {
  const { t, i18n } = useLingui();
  const reason = sanction.reason;
  let headline: string;
  if (sanction.banned || !sanction.until) {
    headline = reason ? t`Your account is banned: ${reason}` : t`Your account is banned.`;
  } else {
    // With the time zone named: the server's refusals give the same moment in UTC.
    const until = i18n.date(new Date(sanction.until), {
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    headline = reason
      ? t`Your account is suspended until ${until}: ${reason}`
      : t`Your account is suspended until ${until}.`;
  }
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-[var(--radius-card)] border-2 border-danger/40 bg-[#fdecea] p-5 text-ink shadow-sm"
    >
      <ShieldAlert className="mt-0.5 h-6 w-6 shrink-0 text-danger" aria-hidden />
      <div className="grid gap-1.5">
        <p className="font-bold">{headline}</p>
        <p className="text-sm text-ink-soft">
          {sanction.banned ? (
            <Trans>You can no longer post, comment, like, report or change your name or picture.</Trans>
          ) : (
            <Trans>Until then you cannot post, comment, like, report or change your name or picture.</Trans>
          )}{" "}
          <Trans>
            You can still{" "}
            <a href="#your-data" className="font-semibold text-accent-strong underline underline-offset-2">
              download or delete your data
            </a>{" "}
            below.
          </Trans>
        </p>
      </div>
    </div>
  );
}
