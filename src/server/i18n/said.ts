import type { TranslateMessage } from "../../shared/i18n/translate";

/**
 * Words the server says, kept as a message until the language is known: `id` is the English ICU
 * text (marked `/*i18n*\/` where written, decision 057), `values` its placeholders', which may be
 * messages themselves ("Invalid {field}: {why}"). `verbatim` words are not ours (a library's
 * English for programs) and go out as they are.
 */
export interface Said {
  id: string;
  values?: SaidValues;
  verbatim?: boolean;
}

export type SaidValues = Record<string, string | number | Said>;

/** The words in the translator's language. */
export function said(translate: TranslateMessage, message: Said): string {
  if (message.verbatim) return message.id;
  if (!message.values) return translate(message.id);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values))
    values[name] = typeof value === "object" ? said(translate, value) : value;
  return translate(message.id, values);
}
