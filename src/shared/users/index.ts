import { z } from "zod";
import { idText, text } from "../text";

// The admin list of people, /admin/users (issue 30; decision 030): search, paging, and giving or
// taking back the admin role.

/** People per page of the list. */
export const PEOPLE_PAGE_SIZE = 25;
/** The longest search text. */
export const PEOPLE_SEARCH_MAX = 100;
/** How far the list may be paged (far more people than the product expects). */
const OFFSET_MAX = 1_000_000;

/** 409 when the only admin would stop being one: someone must be able to run the site. */
export const LAST_ADMIN_REMOVAL_MESSAGE =
  /*i18n*/ "You are the only admin. Make someone else an admin before removing your own admin access.";
/** 400: admins cannot be suspended or banned (decision 029), so a sanctioned person is not made one. */
export const SANCTIONED_ADMIN_MESSAGE =
  /*i18n*/ "This person is suspended or banned. Lift the sanction on the Moderation page before making them an admin.";

/** Query of GET /api/admin/users: `q` is searched for in first name, last name and e-mail (any case); `offset` skips that many people. */
export const peopleQuerySchema = z.object({
  q: text()
    .max(PEOPLE_SEARCH_MAX, `must be at most ${PEOPLE_SEARCH_MAX} characters`)
    .optional()
    .transform((value) => (value ?? "").trim()),
  offset: text()
    .refine(
      (value) => /^\d{1,9}$/.test(value) && Number(value) <= OFFSET_MAX,
      `must be a whole number up to ${OFFSET_MAX}`,
    )
    .transform(Number)
    .default(0),
});

/** The person's id, lower case as the database writes it: the session caches compare ids as text. */
export const personParams = z.object({ id: idText("User not found") });

/** Body of PUT /api/admin/users/:id/admin. */
export const adminFlagSchema = z.object({ isAdmin: z.boolean({ message: "must be true or false" }) });

/** Body of PUT /api/admin/users/:id/pro: give Pro to the person (PRO=granted) or take it back. */
export const proFlagSchema = z.object({ pro: z.boolean({ message: "must be true or false" }) });
