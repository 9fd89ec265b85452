import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { emailVerificationTokens, users } from "../db/schema";
import { sanctionOf } from "./sanction";
import type { AuthUser, CurrentUser } from "../../shared/auth/responses";
import { isLocale, type Locale } from "../../shared/i18n/locales";
import type { SessionUser } from "../http/request-user";

export type UserRow = typeof users.$inferSelect;

/** The API's view of a user: docs/spec.md §3 fields only. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    emailVerified: row.emailVerified,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/auth/user's view: the API's fields, whether there is a password to ask for, the bell's
 * unread count (the caller's, from the notifier's cache), whether they have Pro (as their session
 * was read: auth/pro.ts), any sanction on the account and its language (null for a code we no
 * longer speak, should one ever be dropped).
 */
export const toCurrentUser = (row: UserRow, unreadNotifications: number, caller: SessionUser): CurrentUser => ({
  ...toAuthUser(row),
  hasPassword: row.passwordHash !== null,
  pro: caller.pro === true,
  unreadNotifications,
  sanction: sanctionOf(row),
  language: isLocale(row.language) ? row.language : null,
});

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return row ?? null;
    },

    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async findByGoogleSubject(subject: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.googleSubject, subject));
      return row ?? null;
    },

    async create(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },

    /**
     * ADMIN_EMAILS at a verified sign-in of a listed address (issue 41): the first one makes the
     * account admin, unless it is banned (a ban always wins), and spends the list for it, so a role
     * an admin later takes back, or a ban, stays. A running suspension waits: the list applies at
     * the first sign-in after it (admins are never suspended). One statement, so sign-ins on two
     * processes at once apply it once. Answers the row as it is now.
     */
    async applyAdminList(user: UserRow, now = new Date()): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ adminListAppliedAt: now, isAdmin: sql`${users.isAdmin} or ${users.bannedAt} is null`, updatedAt: now })
        .where(
          and(
            eq(users.id, user.id),
            isNull(users.adminListAppliedAt),
            or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
          ),
        )
        .returning();
      return row ?? user;
    },

    /**
     * A sign-in's `lang` cookie becomes the account's language, only while it has none: a language
     * chosen on another device is never overwritten. One statement, so two sign-ins at once write
     * it once. Answers the row as it is now.
     */
    async adoptLanguage(user: UserRow, language: Locale | null): Promise<UserRow> {
      if (!language || user.language) return user;
      const [row] = await db
        .update(users)
        .set({ language, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), isNull(users.language)))
        .returning();
      return row ?? user;
    },

    /** Stores a hash of today's settings for the same password, unless the password changed meanwhile. */
    async upgradePasswordHash(id: string, from: string, to: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash: to })
        .where(and(eq(users.id, id), eq(users.passwordHash, from)));
    },

    /**
     * Registration again on an address nobody has verified: the new registration takes the account
     * over (its password, names and language), and links sent for the earlier one stop working.
     */
    async replaceRegistration(
      id: string,
      values: { passwordHash: string; firstName: string | null; lastName: string | null; language: Locale | null },
    ): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
        const [row] = await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.emailVerified, false)))
          .returning();
        // Verified meanwhile: then it is the owner's, and stays as it is.
        return row ?? null;
      });
    },

    /** Store a new verification token (its hash); earlier unused ones stop working. */
    async replaceVerificationToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(emailVerificationTokens)
          .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
        await tx.insert(emailVerificationTokens).values({ tokenHash, userId, expiresAt });
      });
    },

    async findVerificationToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Spend a token and verify its user, atomically; false when it was already spent or has expired. */
    async consumeVerificationToken(tokenHash: string, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(emailVerificationTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailVerificationTokens.tokenHash, tokenHash),
              isNull(emailVerificationTokens.usedAt),
              gt(emailVerificationTokens.expiresAt, new Date()),
            ),
          )
          .returning({ userId: emailVerificationTokens.userId });
        if (spent.length === 0) return false;
        await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
        return true;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
