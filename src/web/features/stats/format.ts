// How the dashboard writes numbers and dates: in the page's language; months and days are UTC
// calendar dates (the server counts by UTC day), so they are formatted in UTC too. A date-only ISO
// string ("2026-06", "2026-06-15") is read as UTC midnight.
import type { I18n } from "@lingui/core";

const UTC = "UTC";

export const formatNumber = (i18n: I18n, value: number) => i18n.number(value);
/** "2026-06" -> "Jun 2026" (or "June 2026" with `long`), in English. */
export const formatMonth = (i18n: I18n, month: string, long = false) =>
  i18n.date(new Date(month), { month: long ? "long" : "short", year: "numeric", timeZone: UTC });
/** "2026-06-15" -> "Jun 15" (or "Mon, Jun 15, 2026" with `long`), in English. */
export const formatDay = (i18n: I18n, day: string, long = false) =>
  i18n.date(
    new Date(day),
    long
      ? { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: UTC }
      : { month: "short", day: "numeric", timeZone: UTC },
  );
/** A moment's date in the reader's time zone. */
export const formatDate = (i18n: I18n, iso: string) => i18n.date(new Date(iso), { dateStyle: "medium" });
/** A moment's date and time in the reader's time zone. */
export const formatDateTime = (i18n: I18n, iso: string) =>
  i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
