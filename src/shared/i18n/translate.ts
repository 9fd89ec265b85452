/** The values of a message's named placeholders (`{mm}`, `{label}`). */
export type MessageValues = Record<string, string | number>;

// Words made outside React, in a language (decision 056, "Words outside React"): a catalog lookup
// by the English ICU text, which is the message's explicit id (marked `/*i18n*/` where it is
// written), with its placeholders' values. The web passes `(id, values) => i18n._(id, values)`;
// the server and the tests get English (`english`).
export type TranslateMessage = (id: string, values?: MessageValues) => string;

/** English: the id itself, its simple placeholders (`{mm}`) filled in. */
export const english: TranslateMessage = (id, values) =>
  values ? id.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : id;
