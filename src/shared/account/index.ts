import { z } from "zod";
import { PASSWORD_MAX } from "../auth/limits";
import { emailField, newPassword, personName } from "../auth";
import { text } from "../text";
import { objectPathSchema } from "../uploads";
import { LANGUAGE_CODES_REASON, LOCALE_CODES } from "../i18n/locales";

// Account self-service (decision 015): forgotten password, password change, sign out everywhere,
// profile edits, data export and deletion. Shared by the forms and the routes.

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({
  token: text().min(1, "No reset token provided").max(200, "This password reset link is invalid"),
  password: newPassword(),
});

const currentPassword = () => text().max(PASSWORD_MAX, `Password can be at most ${PASSWORD_MAX} characters`);

/** Accounts without a password (Google-only) may leave `currentPassword` out: they are setting one. */
export const changePasswordSchema = z.object({
  currentPassword: currentPassword().optional(),
  newPassword: newPassword(),
});

export const profileSchema = z.object({ firstName: personName(), lastName: personName() });

export const avatarSchema = objectPathSchema;

/** The language saved on the account (one of LOCALE_CODES), so it follows the person to every device. */
export const languageSchema = z.object(
  {
    language: z.enum(LOCALE_CODES, {
      error: (issue) => (issue.input === undefined ? "this field is required" : LANGUAGE_CODES_REASON),
    }),
  },
  // zod's own words for a missing body ("expected object, received null") are a programmer's.
  { error: `Invalid body: send a language, one of ${LOCALE_CODES.join(", ")}` },
);

/** Deleting an account: the e-mail typed again, and the password where the account has one. */
export const deleteAccountSchema = z.object({
  email: emailField(),
  password: currentPassword().optional(),
});

export type ProfilePayload = z.infer<typeof profileSchema>;
export type LanguagePayload = z.infer<typeof languageSchema>;

/** The one answer of POST /api/auth/forgot-password, whoever asks (no account enumeration). */
export const FORGOT_PASSWORD_MESSAGE =
  /*i18n*/ "If an account with a password exists for this email, a link to reset it is on its way. It expires in 1 hour.";
export const RESET_DONE_MESSAGE = /*i18n*/ "Your password has been changed. Please log in with your new password.";
export const RESET_INVALID_MESSAGE =
  /*i18n*/ "This password reset link is invalid. It may have been replaced by a newer one.";
export const RESET_USED_MESSAGE = /*i18n*/ "This password reset link has already been used.";
export const RESET_EXPIRED_MESSAGE = /*i18n*/ "This password reset link has expired.";
export const WRONG_CURRENT_PASSWORD_MESSAGE = /*i18n*/ "Your current password is not correct";
/** Minutes a Google sign-in counts as fresh proof for a Google-only account's first password or deletion. */
export const FRESH_SIGN_IN_MINUTES = 5;
/** 403 when that proof is older; the profile then offers 'Confirm with Google'. */
export const FRESH_SIGN_IN_MESSAGE =
  /*i18n*/ "For your safety, please confirm it's you: sign in with Google again, then try once more within {minutes, plural, one {# minute} other {# minutes}}.";
export const LAST_ADMIN_MESSAGE =
  /*i18n*/ "You are the only admin. Make someone else an admin before deleting your account.";

/** Avatars are stored square, this many pixels a side. */
export const AVATAR_SIZE = 256;
