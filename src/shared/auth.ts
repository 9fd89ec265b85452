import { z } from "zod";

import { PASSWORD_MAX, PASSWORD_MIN } from "./auth-limits";
import { nameText, text } from "./text";

const email = text()
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Please enter a valid email address")
  .transform((value) => value.toLowerCase());

const name = nameText().trim().max(100, "Names can be at most 100 characters").optional().nullable();

export const loginSchema = z.object({
  email,
  password: text().min(1, "Password is required").max(PASSWORD_MAX, `Password can be at most ${PASSWORD_MAX} characters`),
});

export const registerSchema = z.object({
  email,
  password: text()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password can be at most ${PASSWORD_MAX} characters`),
  firstName: name,
  lastName: name,
});

export const resendVerificationSchema = z.object({ email });

export type LoginPayload = z.infer<typeof loginSchema>;

/** The signed-in user as the API returns it (SPEC.md section 3); never a password hash. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  createdAt: string;
}

/** Message of a login refused because the e-mail is not verified; the client keys on 'verify your email'. */
export const UNVERIFIED_LOGIN_MESSAGE = "Please verify your email before logging in.";
export const INVALID_LOGIN_MESSAGE = "Invalid email or password";
