import { z } from "zod";

// PostgreSQL refuses U+0000 in text, so a NUL that reached the database would be a 500; nothing a
// person types contains one.
const NUL = "\u0000";

// Characters that let one name pose as another: bidirectional overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), invisible spaces (U+200B, U+2060, U+FEFF), and control characters (line breaks,
// tabs, U+0001–U+001F, U+007F), which a one-line name never holds. The joiners U+200C and U+200D
// stay allowed: Persian and Indic names and emoji sequences need them.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const DECEPTIVE = /[\u0001-\u001F\u007F\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/;

export const NUL_MESSAGE = /*i18n*/ "must not contain a NUL character";
export const DECEPTIVE_MESSAGE = /*i18n*/ "must not contain invisible or text-direction characters";

/**
 * The one way to accept text in a payload, query or path parameter: a string without NUL. Every
 * schema in src/shared builds its strings from this (an ESLint rule forbids bare z.string()).
 */
export const text = () => z.string().refine((value) => !value.includes(NUL), NUL_MESSAGE);

/** Text shown as a person's or a thing's name or title: no NUL, no invisible or direction tricks. */
export const nameText = () => text().refine((value) => !DECEPTIVE.test(value), DECEPTIVE_MESSAGE);

/** How long a text is as the schemas count it (zod counts code points: an emoji is one, not two UTF-16 units). */
export const characterCount = (value: string): number => [...value].length;

/** `value` cut to `max` characters as the schemas count them (an input's maxLength counts UTF-16 units instead). */
export const upToCharacters = (value: string, max: number): string =>
  characterCount(value) <= max ? value : [...value].slice(0, max).join("");

/**
 * An id (a UUID) as the database stores it: lower case. PostgreSQL reads "ABC…" and "abc…" as the
 * same uuid, but the server's caches and change notices compare ids as text, so every id that
 * arrives is made lower case before anything uses it.
 */
export const idText = (message: string) =>
  text()
    .uuid(message)
    .transform((value) => value.toLowerCase());
