import { z } from "zod";
import { isoTime } from "../contract/answers";
import type { ProSetting } from "../pro";
import { authUserAnswer } from "../auth/answers";

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

export type AdminPerson = z.output<typeof adminPersonAnswer>;
export type AdminPeople = z.output<typeof adminPeopleAnswer>;
