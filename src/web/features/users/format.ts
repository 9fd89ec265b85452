import type { I18n } from "@lingui/core";
import type { Person } from "./api";

/** A moment's date in the reader's time zone and the page's language: "Jan 5, 2026". */
export const formatDate = (i18n: I18n, iso: string) => i18n.date(new Date(iso), { dateStyle: "medium" });

/** Full name, else first name, else the e-mail (as the profile names people). */
export const personName = (person: Pick<Person, "firstName" | "lastName" | "email">) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ").trim() || person.email;
