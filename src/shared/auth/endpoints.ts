import { z } from "zod";
import { text } from "../text";
import {
  INVALID_LOGIN_MESSAGE,
  UNVERIFIED_LOGIN_MESSAGE,
  VERIFY_PASSWORD_NEEDED_MESSAGE,
  VERIFY_WRONG_PASSWORD_MESSAGE,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  verifyWithPasswordSchema,
} from "./index";
import {
  RESET_EXPIRED_MESSAGE,
  RESET_INVALID_MESSAGE,
  RESET_USED_MESSAGE,
  forgotPasswordSchema,
  resetPasswordSchema,
} from "../account";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse, redirect } from "../contract/responses";
import { authUserResponse, currentUserResponse } from "./responses";

const INVALID_LINK = "This verification link is invalid. It may have been replaced by a newer one.";
const USED_LINK = "This verification link has already been used. Please log in.";
const EXPIRED_LINK = "This verification link has expired. Please request a new one.";

export const authEndpoints = endpoints({
  "POST /api/auth/register": {
    summary: "Register with e-mail and password; the answer is the same whether or not the address has an account",
    access: "everyone",
    body: registerSchema,
    rateLimited: true,
    responses: { 201: messageResponse },
  },
  "POST /api/auth/login": {
    summary: "Sign in with e-mail and password",
    access: "everyone",
    body: loginSchema,
    rateLimited: true,
    responses: { 200: authUserResponse, 401: message(INVALID_LOGIN_MESSAGE), 403: message(UNVERIFIED_LOGIN_MESSAGE) },
  },
  "POST /api/auth/resend-verification": {
    summary: "Send a new verification link, if the address has an account waiting for one",
    access: "everyone",
    body: resendVerificationSchema,
    rateLimited: true,
    responses: { 200: messageResponse },
  },
  "GET /api/auth/verify-email": {
    summary: "Verify an e-mail address with the link's token, in the browser that registered",
    access: "everyone",
    query: z.object({ token: text().max(200).optional() }),
    rateLimited: true,
    responses: {
      200: messageResponse,
      400: message("No verification token provided", INVALID_LINK, USED_LINK, EXPIRED_LINK),
      403: message(VERIFY_PASSWORD_NEEDED_MESSAGE),
    },
  },
  "POST /api/auth/verify-email": {
    summary: "Verify an e-mail address with the link's token and the account's password (another browser)",
    access: "everyone",
    body: verifyWithPasswordSchema,
    rateLimited: true,
    responses: {
      200: messageResponse,
      400: message(INVALID_LINK, USED_LINK, EXPIRED_LINK, VERIFY_WRONG_PASSWORD_MESSAGE),
    },
  },
  "GET /api/auth/user": {
    summary: "The signed-in user",
    access: "members",
    responses: { 200: currentUserResponse },
  },
  "POST /api/auth/logout": {
    summary: "Sign out this browser",
    access: "everyone",
    responses: { 200: messageResponse },
  },
  "GET /api/login": {
    summary: "Where the browser goes when a session has ended: the sign-in page",
    access: "everyone",
    responses: { 302: redirect("To /login") },
  },
  "GET /api/auth/google": {
    summary: "Start signing in with Google (a browser navigation)",
    access: "everyone",
    query: z.object({
      returnUrl: text().max(2048).optional(),
      confirm: z.enum(["1"], { error: "must be 1" }).optional(),
    }),
    responses: { 302: redirect("To Google, or back to /login with an error when Google sign-in is not configured") },
  },
  "GET /api/auth/google/callback": {
    summary: "Google's answer to a sign-in (a browser navigation)",
    access: "everyone",
    query: z.record(text(), text().max(4096)),
    responses: { 302: redirect("To the return URL once signed in, or to /login with an error") },
  },
  "POST /api/auth/forgot-password": {
    summary: "Send a password reset link, if the address has an account",
    access: "everyone",
    body: forgotPasswordSchema,
    rateLimited: true,
    responses: { 200: messageResponse },
  },
  "POST /api/auth/reset-password": {
    summary: "Choose a new password with a reset link's token; every session of the account ends",
    access: "everyone",
    body: resetPasswordSchema,
    rateLimited: true,
    responses: { 200: messageResponse, 400: message(RESET_INVALID_MESSAGE, RESET_USED_MESSAGE, RESET_EXPIRED_MESSAGE) },
  },
});
