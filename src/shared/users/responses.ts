import { z } from "zod";
import { isoTime } from "../contract/responses";
import type { ProSetting } from "../pro";
import { authUserResponse } from "../auth/responses";

/** A person as the admin list shows them: the user fields of docs/spec.md §3 and any sanction (decision 029). */
export const adminPersonResponse = authUserResponse.extend({
  /** When a suspension still running ends; null when there is none (or it is over). */
  suspendedUntil: isoTime().nullable(),
  banned: z.boolean(),
  /** Whether the person has Pro now, as the PRO setting decides (decision 031). */
  pro: z.boolean(),
  /** Whether an admin gave them Pro (it counts only with PRO=granted). */
  proGranted: z.boolean(),
});

/** The PRO setting: off, granted per person, or every verified member. */
export const proSettingResponse = z.enum(["off", "granted", "everyone"]) satisfies z.ZodType<ProSetting>;

/**
 * GET /api/admin/users: one page, newest first, how many people match in all, and the PRO setting
 * (the page offers Pro per person only when it is `granted`).
 */
export const adminPeopleResponse = z.object({
  items: z.array(adminPersonResponse),
  total: z.number(),
  proSetting: proSettingResponse,
});

export type AdminPerson = z.output<typeof adminPersonResponse>;
export type AdminUsers = z.output<typeof adminPeopleResponse>;
