import { z } from "zod";

import { PASSWORD_MAX, PASSWORD_MIN } from "./limits";
import { nameText, text } from "../text";

/** An e-mail address as typed: trimmed, checked and lower-cased. */
export const emailField = () =>
  text()
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .email("Please enter a valid email address")
    .transform((value) => value.toLowerCase());
const email = emailField();

/** A first or last name: optional, at most 100 characters, no invisible or direction tricks. */
export const personName = () => nameText().trim().max(100, "Names can be at most 100 characters").optional().nullable();

export const loginSchema = z.object({
  email,
  password: text()
    .min(1, "Password is required")
    .max(PASSWORD_MAX, `Password can be at most ${PASSWORD_MAX} characters`),
});

/** A password being chosen: registration, a reset and a change all follow these rules. */
export const newPassword = () =>
  text()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password can be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z.object({
  email,
  password: newPassword(),
  firstName: personName(),
  lastName: personName(),
});

export const resendVerificationSchema = z.object({ email });

/** POST /api/auth/verify-email: a link opened away from the browser that registered proves the password too. */
export const verifyWithPasswordSchema = z.object({
  token: text().min(1, "No verification token provided").max(200, "This verification link is invalid"),
  password: text()
    .min(1, "Password is required")
    .max(PASSWORD_MAX, `Password can be at most ${PASSWORD_MAX} characters`),
});

export type LoginPayload = z.infer<typeof loginSchema>;

/** Message of a login refused because the e-mail is not verified; the client keys on 'verify your email'. */
export const UNVERIFIED_LOGIN_MESSAGE = /*i18n*/ "Please verify your email before logging in.";
export const INVALID_LOGIN_MESSAGE = /*i18n*/ "Invalid email or password";
/** A verification link opened in another browser than the one that registered (403): the page asks for the password. */
export const VERIFY_PASSWORD_NEEDED_MESSAGE =
  /*i18n*/ "To finish verifying, please enter the password you chose for this account.";
export const VERIFY_WRONG_PASSWORD_MESSAGE = /*i18n*/ "That password does not match this account. Please try again.";
