import type { Person } from "./api";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A moment's date in the reader's time zone: "Jan 5, 2026". */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** Full name, else first name, else the e-mail (as the profile names people). */
export const personName = (person: Pick<Person, "firstName" | "lastName" | "email">) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ").trim() || person.email;
