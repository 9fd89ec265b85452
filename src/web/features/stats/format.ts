// How the dashboard writes numbers and dates: in the reader's own locale; months and days are
// UTC calendar dates (the server counts by UTC day), so they are formatted in UTC too.

const numberFormat = new Intl.NumberFormat();
const monthFormat = new Intl.DateTimeFormat(undefined, { month: "short", year: "numeric", timeZone: "UTC" });
const monthLongFormat = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
const dayLongFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export const formatNumber = (value: number) => numberFormat.format(value);
/** "2026-06" -> "Jun 2026" (or "June 2026" with `long`). */
export const formatMonth = (month: string, long = false) =>
  (long ? monthLongFormat : monthFormat).format(new Date(`${month}-01T00:00:00Z`));
/** "2026-06-15" -> "Jun 15" (or "Mon, Jun 15, 2026" with `long`). */
export const formatDay = (day: string, long = false) =>
  (long ? dayLongFormat : dayFormat).format(new Date(`${day}T00:00:00Z`));
/** A moment's date in the reader's time zone. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** A moment's date and time in the reader's time zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
