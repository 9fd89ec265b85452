import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";
import { LOCALE_CODES } from "../i18n/locales";

/** The signed-in user as the API returns it (docs/spec.md §3); never a password hash. */
export const authUserResponse = z.object({
  id: text(),
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  profileImageUrl: text().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: isoTime(),
});

/** A suspension (until a time) or a ban (no end) on the caller, with the reason they were given. */
export const sanctionResponse = z.object({ banned: z.boolean(), until: isoTime().nullable(), reason: text() });

/**
 * GET /api/auth/user: the user, whether the account has a password (Google-only ones have none),
 * the bell's unread count (kept by the server, no query per page view), any sanction and the
 * account's language.
 */
export const currentUserResponse = authUserResponse.extend({
  hasPassword: z.boolean(),
  pro: z.boolean(),
  unreadNotifications: z.number(),
  sanction: sanctionResponse.nullable(),
  /** The language saved on the account, null until the person chooses one (or signs in with a `lang` cookie). */
  language: z.enum(LOCALE_CODES).nullable(),
});

export type AuthUser = z.output<typeof authUserResponse>;
/** GET /api/auth/user: the user, and whether the account has a password (Google-only ones have none). */
export type CurrentUser = z.output<typeof currentUserResponse>;
