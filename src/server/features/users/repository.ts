import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { moderationLog, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { hasPro, type ProSetting } from "../../auth/pro";
import { LAST_ADMIN_REMOVAL_MESSAGE, PEOPLE_PAGE_SIZE, SANCTIONED_ADMIN_MESSAGE } from "../../../shared/users";
import type { AdminUsers, AdminPerson } from "../../../shared/users/responses";

/**
 * What the search looks in: first name, last name and e-mail, lower case, in one text. The
 * trigram index `users_search_trgm_idx` (migration 0010) is built on this very expression, so it
 * must stay the same, character for character, as the index's.
 */
const searchText = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email})`;

/**
 * A search text as a LIKE pattern that finds it anywhere: `%`, `_` and `\` typed by the admin are
 * matched as themselves, not as wildcards (backslash is PostgreSQL's default LIKE escape).
 */
export const containsPattern = (search: string): string =>
  `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** People whose names or e-mail contain `search` (any case); everyone when it is empty. */
export const searchCondition = (search: string): SQL | undefined =>
  search ? sql`${searchText} like lower(${containsPattern(search)})` : undefined;

const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  emailVerified: users.emailVerified,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  suspendedUntil: users.suspendedUntil,
  bannedAt: users.bannedAt,
  proGranted: users.proGranted,
};

type PersonRow = Pick<typeof users.$inferSelect, keyof typeof personColumns>;

/** A row as the API answers it: a suspension only while it runs; Pro as the PRO setting decides. */
function toPerson(row: PersonRow, now: number, proSetting: ProSetting): AdminPerson {
  const { bannedAt, suspendedUntil, createdAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    suspendedUntil: suspendedUntil && suspendedUntil.getTime() > now ? suspendedUntil.toISOString() : null,
    banned: bannedAt !== null,
    pro: hasPro(row, proSetting),
  };
}

export interface AdminChange {
  person: AdminPerson;
  /** False when the person already had the asked-for role: nothing was written. */
  changed: boolean;
}

/**
 * The admin list of people, the admin role (decision 030) and Pro grants (decision 031).
 * `proSetting` is the configured PRO: it decides who has Pro in the answers.
 */
export function createAdminUsersRepository(db: Database, proSetting: ProSetting = "off") {
  const asPerson = (row: PersonRow, now: number) => toPerson(row, now, proSetting);
  return {
    /**
     * One page of people, newest first, with how many match, in one statement; only a page past
     * the end, which has no row to carry the count, counts again. Searching, one pass over the
     * matches (the trigram index's, or the table's when that is cheaper) counts them all (a window
     * over them) and sorts them for the page: half the time of counting in a subquery of its own,
     * which reads them twice. Without a search the page is read backwards from
     * users_created_at_idx and the count is a plain count(*) run once.
     */
    async list(search: string, offset: number, now = Date.now()): Promise<AdminUsers> {
      const where = searchCondition(search);
      const total = (where ? sql<number>`count(*) over ()` : sql<number>`(select count(*) from ${users})`).mapWith(
        Number,
      );
      const rows = await db
        .select({ ...personColumns, total })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(PEOPLE_PAGE_SIZE)
        .offset(offset);
      // No row: none match at all (the first page), or the page is past the end (count them).
      const count = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(users, where));
      return { items: rows.map(({ total: _total, ...row }) => asPerson(row, now)), total: count, proSetting };
    },

    /**
     * Give or take back the admin role, with one audit-log entry per change. Every admin's row is
     * locked first, always in the same order (by id), then the person's: of two admins removing
     * each other (or themselves) at once, the second waits for the first, then counts the admins
     * left and is refused if it would leave none. Nothing changes when the person already has the
     * asked-for role. A suspended or banned person is not made an admin (admins cannot be sanctioned).
     */
    async setAdmin(actorId: string, personId: string, isAdmin: boolean, now = Date.now()): Promise<AdminChange> {
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.isAdmin, true))
          .orderBy(asc(users.id))
          .for("update");
        const [person] = await tx.select(personColumns).from(users).where(eq(users.id, personId)).for("update");
        if (!person) throw new HttpError(404, /*i18n*/ "User not found");
        if (person.isAdmin === isAdmin) return { person: asPerson(person, now), changed: false };
        if (isAdmin && (person.bannedAt || (person.suspendedUntil && person.suspendedUntil.getTime() > now)))
          throw new HttpError(400, SANCTIONED_ADMIN_MESSAGE);
        if (!isAdmin && admins.filter((admin) => admin.id !== personId).length === 0)
          throw new HttpError(409, LAST_ADMIN_REMOVAL_MESSAGE);
        const [updated] = await tx
          .update(users)
          .set({ isAdmin, updatedAt: new Date(now) })
          .where(and(eq(users.id, personId), eq(users.isAdmin, !isAdmin)))
          .returning(personColumns);
        await tx
          .insert(moderationLog)
          .values({ actorId, action: isAdmin ? "grant-admin" : "remove-admin", targetUserId: personId });
        return { person: asPerson(updated!, now), changed: true };
      });
    },

    /**
     * Give Pro to a person or take it back (users.pro_granted), with one audit-log entry
     * (`grant-pro` or `remove-pro`) in the same transaction. The flag is kept whatever the PRO
     * setting (it counts only with PRO=granted), so grants made ahead hold once it is switched to
     * `granted`. Nothing changes or is logged when the person already has the asked-for grant.
     * Sanctions and admin access do not matter: Pro is no moderation power.
     */
    async setPro(actorId: string, personId: string, pro: boolean, now = Date.now()): Promise<AdminChange> {
      return db.transaction(async (tx) => {
        const [person] = await tx.select(personColumns).from(users).where(eq(users.id, personId)).for("update");
        if (!person) throw new HttpError(404, /*i18n*/ "User not found");
        if (person.proGranted === pro) return { person: asPerson(person, now), changed: false };
        const [updated] = await tx
          .update(users)
          .set({ proGranted: pro, updatedAt: new Date(now) })
          .where(eq(users.id, personId))
          .returning(personColumns);
        await tx
          .insert(moderationLog)
          .values({ actorId, action: pro ? "grant-pro" : "remove-pro", targetUserId: personId });
        return { person: asPerson(updated!, now), changed: true };
      });
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
