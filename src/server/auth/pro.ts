/**
 * Who has Pro (decision 031). The PRO setting decides: `off` is the spec's product (everyone but
 * admins sees the waitlist, and admins have the library's own tools), `granted` gives it to the
 * people an admin chose, `everyone` to every verified member. Admins have it whenever it is on.
 * A paid plan would set `users.pro_granted` from its payment webhook (README, "Pro").
 */
import type { ProSetting } from "../../shared/pro";
export type { ProSetting };

export function hasPro(
  person: { isAdmin: boolean; emailVerified: boolean; proGranted: boolean },
  setting: ProSetting,
): boolean {
  if (setting === "off") return false;
  if (person.isAdmin) return true;
  return setting === "everyone" ? person.emailVerified : person.proGranted;
}
