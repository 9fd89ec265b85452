import { ShieldAlert } from "lucide-react";
import type { CurrentUser } from "../../../shared/auth/responses";

// With the time zone named: the server's refusals give the same moment in UTC.
const when = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** A suspended or banned member is told so, why, until when, and what they can still do. */
export function SanctionBanner({ sanction }: { sanction: NonNullable<CurrentUser["sanction"]> }) {
  const headline =
    sanction.banned || !sanction.until
      ? "Your account is banned"
      : `Your account is suspended until ${when.format(new Date(sanction.until))}`;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-[var(--radius-card)] border-2 border-danger/40 bg-[#fdecea] p-5 text-ink shadow-sm"
    >
      <ShieldAlert className="mt-0.5 h-6 w-6 shrink-0 text-danger" aria-hidden />
      <div className="grid gap-1.5">
        <p className="font-bold">
          {headline}
          {sanction.reason ? `: ${sanction.reason}` : "."}
        </p>
        <p className="text-sm text-ink-soft">
          {sanction.banned
            ? "You can no longer post, comment, like, report or change your name or picture."
            : "Until then you cannot post, comment, like, report or change your name or picture."}{" "}
          You can still{" "}
          <a href="#your-data" className="font-semibold text-accent-strong underline underline-offset-2">
            download or delete your data
          </a>{" "}
          below.
        </p>
      </div>
    </div>
  );
}
