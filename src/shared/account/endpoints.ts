import {
  WRONG_CURRENT_PASSWORD_MESSAGE,
  LAST_ADMIN_MESSAGE,
  avatarSchema,
  changePasswordSchema,
  deleteAccountSchema,
  languageSchema,
  profileSchema,
} from "./index";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse } from "../contract/responses";
import { accountExportResponse } from "./responses";
import { currentUserResponse } from "../auth/responses";
import { LANGUAGE_CODES_REASON } from "../i18n/locales";

export const accountEndpoints = endpoints({
  "PUT /api/account/profile": {
    summary: "Change the member's first and last name",
    access: "members",
    body: profileSchema,
    responses: { 200: currentUserResponse, 403: message("Your account is suspended until …") },
  },
  // Open under a sanction: a language is the member's own setting, never shown to anyone else.
  "PUT /api/account/language": {
    summary: "Save the member's language on the account, so it follows them to every device",
    access: "members",
    body: languageSchema,
    responses: { 200: currentUserResponse, 400: message(`Invalid language: ${LANGUAGE_CODES_REASON}`) },
  },
  "PUT /api/account/avatar": {
    summary: "Use one of the member's checked uploads as their picture (a cleaned, square copy)",
    access: "members",
    body: avatarSchema,
    rateLimited: true,
    responses: {
      200: currentUserResponse,
      400: message(
        "Invalid objectPath: not an uploaded image of yours",
        "Invalid objectPath: the image has not been uploaded yet",
        "Invalid objectPath: The image is larger than 50 MB.",
      ),
      403: message("Your account is suspended until …"),
    },
  },
  "DELETE /api/account/avatar": {
    summary: "Remove the member's picture",
    access: "members",
    responses: { 200: currentUserResponse },
  },
  "GET /api/account/export": {
    summary: "Everything stored about the member, as a JSON download",
    access: "members",
    rateLimited: true,
    responses: { 200: accountExportResponse },
  },
  "DELETE /api/account": {
    summary:
      "Delete the account and everything stored about it (the e-mail typed again, and the password if it has one)",
    access: "members",
    body: deleteAccountSchema,
    responses: {
      200: messageResponse,
      400: message(
        "Invalid email: type your account's email to confirm",
        "Invalid password: Your password is required",
        "Your password is not correct",
      ),
      409: message(LAST_ADMIN_MESSAGE),
    },
  },
  "POST /api/account/password": {
    summary: "Set or change the password; every other session ends",
    access: "members",
    body: changePasswordSchema,
    rateLimited: true,
    responses: {
      200: messageResponse,
      400: message("Invalid currentPassword: Your current password is required", WRONG_CURRENT_PASSWORD_MESSAGE),
    },
  },
  "POST /api/account/sign-out-everywhere": {
    summary: "End every session of the account, this one included",
    access: "members",
    responses: { 200: messageResponse },
  },
});
