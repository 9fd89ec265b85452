import { useState } from "react";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });

/** "3 hours ago", with the full date and time on hover and for assistive technology. */
export function RelativeTime({ iso, className = "text-sm text-ink-soft" }: { iso: string; className?: string }) {
  // The moment the label was first drawn; it does not tick.
  const [now] = useState(() => Date.now());
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const unit = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  const label = unit ? relative.format(Math.round(seconds / unit[1]), unit[0]) : "just now";
  return (
    <time dateTime={iso} title={full.format(date)} className={className}>
      {label}
    </time>
  );
}
