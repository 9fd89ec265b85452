import {
  LAST_ADMIN_REMOVAL_MESSAGE,
  SANCTIONED_ADMIN_MESSAGE,
  adminFlagSchema,
  peopleQuerySchema,
  personParams,
  proFlagSchema,
} from "./index";
import { endpoints, message } from "../contract/endpoint";
import { adminPeopleResponse, adminPersonResponse } from "./responses";

export const usersEndpoints = endpoints({
  "GET /api/admin/users": {
    summary: "People, newest first, 25 a page; `q` finds a first name, last name or e-mail containing it, in any case",
    access: "admins",
    query: peopleQuerySchema,
    responses: { 200: adminPeopleResponse },
  },
  "PUT /api/admin/users/:id/admin": {
    summary: "Make someone an admin or take it back (never from the last admin); written to the audit log",
    access: "admins",
    params: personParams,
    body: adminFlagSchema,
    responses: {
      200: adminPersonResponse,
      400: message(SANCTIONED_ADMIN_MESSAGE),
      404: message("User not found"),
      409: message(LAST_ADMIN_REMOVAL_MESSAGE),
    },
  },
  "PUT /api/admin/users/:id/pro": {
    summary:
      "Give someone Pro or take it back (it counts with PRO=granted); written to the audit log; a waitlist address of theirs is told once",
    access: "admins",
    params: personParams,
    body: proFlagSchema,
    responses: { 200: adminPersonResponse, 404: message("User not found") },
  },
});
