import { z } from "zod";
import {
  LAST_ADMIN_REMOVAL_MESSAGE,
  SANCTIONED_ADMIN_MESSAGE,
  adminFlagSchema,
  peopleQuerySchema,
  personParams,
  proFlagSchema,
} from "./index";
import type { ProSetting } from "../pro";
import { endpoints, message } from "../contract/endpoint";
import { isoTime } from "../contract/answers";
import { authUserAnswer } from "../auth/endpoints";

/** A person as the admin list shows them: the user fields of docs/spec.md §3 and any sanction (decision 029). */
export const adminPersonAnswer = authUserAnswer.extend({
  /** When a suspension still running ends; null when there is none (or it is over). */
  suspendedUntil: isoTime().nullable(),
  banned: z.boolean(),
  /** Whether the person has Pro now, as the PRO setting decides (decision 031). */
  pro: z.boolean(),
  /** Whether an admin gave them Pro (it counts only with PRO=granted). */
  proGranted: z.boolean(),
});

/** The PRO setting: off, granted per person, or every verified member. */
export const proSettingAnswer = z.enum(["off", "granted", "everyone"]) satisfies z.ZodType<ProSetting>;

/**
 * GET /api/admin/users: one page, newest first, how many people match in all, and the PRO setting
 * (the page offers Pro per person only when it is `granted`).
 */
export const adminPeopleAnswer = z.object({
  items: z.array(adminPersonAnswer),
  total: z.number(),
  proSetting: proSettingAnswer,
});

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
    answers: {
      200: adminPersonAnswer,
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
    answers: { 200: adminPersonAnswer, 404: message("User not found") },
  },
});
