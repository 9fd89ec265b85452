import { z } from "zod";
import { LAST_ADMIN_REMOVAL_MESSAGE, SANCTIONED_ADMIN_MESSAGE, adminFlagSchema, peopleQuerySchema, personParams } from "../users";
import { endpoints, message } from "./endpoint";
import { isoTime } from "./answers";
import { authUserAnswer } from "./auth";

/** A person as the admin list shows them: the user fields of docs/spec.md §3 and any sanction (decision 029). */
export const adminPersonAnswer = authUserAnswer.extend({
  /** When a suspension still running ends; null when there is none (or it is over). */
  suspendedUntil: isoTime().nullable(),
  banned: z.boolean(),
});

/** GET /api/admin/users: one page, newest first, and how many people match in all. */
export const adminPeopleAnswer = z.object({ items: z.array(adminPersonAnswer), total: z.number() });

export const usersEndpoints = endpoints({
  "GET /api/admin/users": {
    summary: "People, newest first, 25 a page; `q` finds a first name, last name or e-mail containing it, in any case",
    access: "admins",
    query: peopleQuerySchema,
    answers: { 200: adminPeopleAnswer },
  },
  "PUT /api/admin/users/:id/admin": {
    summary: "Make someone an admin or take it back (never from the last admin); written to the audit log",
    access: "admins",
    params: personParams,
    body: adminFlagSchema,
    answers: { 200: adminPersonAnswer, 400: message(SANCTIONED_ADMIN_MESSAGE), 404: message("User not found"), 409: message(LAST_ADMIN_REMOVAL_MESSAGE) },
  },
});
