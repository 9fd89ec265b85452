import { useState } from "react";
import { useLingui } from "@lingui/react/macro";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** The page's language's formatters, made once per language (the server renders several at a time). */
const formatters = new Map<string, { relative: Intl.RelativeTimeFormat; full: Intl.DateTimeFormat }>();
function formattersFor(locale: string) {
  let made = formatters.get(locale);
  if (!made) {
    made = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: "auto" }),
      full: new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short" }),
    };
    formatters.set(locale, made);
  }
  return made;
}

/** "3 hours ago", in the page's language, with the full date and time on hover and for assistive technology. */
export function RelativeTime({ iso, className = "text-sm text-ink-soft" }: { iso: string; className?: string }) {
  const { t, i18n } = useLingui();
  // The moment the label was first drawn; it does not tick.
  const [now] = useState(() => Date.now());
  const { relative, full } = formattersFor(i18n.locale);
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const unit = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  const label = unit ? relative.format(Math.round(seconds / unit[1]), unit[0]) : t`just now`;
  return (
    <time dateTime={iso} title={full.format(date)} className={className}>
      {label}
    </time>
  );
}
