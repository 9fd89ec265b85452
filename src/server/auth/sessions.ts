import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { HttpError } from "../http/errors";
import type { SessionUser } from "../http/request-user";
import { hasPro } from "./pro";
import { PRO_REQUIRED } from "../../shared/pro";
import { sanctionOf } from "./sanction";
import { hashToken, randomToken } from "./tokens";
import { localChannel, type NoticeChannel } from "../db/change-notices";
import { FRESH_SIGN_IN_MESSAGE, FRESH_SIGN_IN_MINUTES } from "../../shared/account";

export const SESSION_COOKIE = "dg_session";
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
// Sliding expiry is refreshed at most this often, so a busy user does not write on every request.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
// A live session's look-up is remembered this long. Every signed-in request would otherwise cost
// one query (1.5–3 ms on PGlite, which runs one at a time), the largest part of a cached read's
// cost. Everything that changes what a look-up holds (an ended session, a role, Pro, a sanction)
// drops it at once in every server process (SessionChange), and a lost notice clears them all
// (decision 026), so this is only a backstop: a minute, longer than the canvas's 5 s between
// saves, which otherwise looked the session up again on every save (decision 005).
const LOOKUP_TTL_MS = 60_000;
const LOOKUP_CACHE_MAX = 10_000;

/** Sessions ended, as every server process drops them from its look-ups (decision 026). */
export type SessionChange = { kind: "session"; tokenHash: string } | { kind: "user"; userId: string };

interface CachedSession {
  user: SessionUser;
  tokenHash: string;
  lastSeenAt: number;
  cachedAt: number;
}

const cookieOptions = (config: Config) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure: config.publicUrl.startsWith("https:"),
  path: "/",
  maxAge: SESSION_DAYS * 24 * 60 * 60,
});

/**
 * Sessions: a random token in an httpOnly SameSite=Lax cookie; the database keeps only its hash
 * and an expiry 30 days after the last activity, so any server process can check any session.
 */
export function createSessions(db: Database, config: Config, changes: NoticeChannel<SessionChange> = localChannel()) {
  const lookups = new Map<string, CachedSession>();
  // Look-ups under way: requests that come with one token while its look-up runs share it, so a
  // client sending 200 requests at once when its entry is due costs one query, not 200 queued
  // ahead of everyone else's (PGlite runs one query at a time; decision 010). Ending sessions drops
  // them, so a look-up that read the session before it ended is not remembered.
  const reading = new Map<string, Promise<CachedSession | null>>();
  /** Look-ups answered from memory, and those that asked the database or joined one asking (for /metrics). */
  const stats = { hits: 0, misses: 0 };

  // Keyed by the token itself, so a remembered session costs no hashing; the token is in this
  // process's memory during every request anyway, and the database still keeps only its hash.
  async function lookUp(token: string, now: number): Promise<CachedSession | null> {
    const cached = lookups.get(token);
    if (cached && now - cached.cachedAt < LOOKUP_TTL_MS) {
      stats.hits++;
      return cached;
    }
    stats.misses++;
    const under = reading.get(token);
    if (under) return under;
    const read: Promise<CachedSession | null> = readSession(token, now).then(
      (session) => {
        if (reading.get(token) !== read) return session;
        reading.delete(token);
        if (!session) lookups.delete(token);
        else {
          if (lookups.size >= LOOKUP_CACHE_MAX) lookups.clear();
          lookups.set(token, session);
        }
        return session;
      },
      (error: unknown) => {
        if (reading.get(token) === read) reading.delete(token);
        throw error;
      },
    );
    reading.set(token, read);
    return read;
  }

  /** The live session a token names, from the database. */
  async function readSession(token: string, now: number): Promise<CachedSession | null> {
    const tokenHash = hashToken(token);
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        isAdmin: users.isAdmin,
        emailVerified: users.emailVerified,
        proGranted: users.proGranted,
        bannedAt: users.bannedAt,
        suspendedUntil: users.suspendedUntil,
        sanctionReason: users.sanctionReason,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)));
    return row
      ? {
          user: {
            id: row.id,
            email: row.email,
            isAdmin: row.isAdmin,
            pro: hasPro(row, config.PRO),
            sanction: sanctionOf(row, now),
          },
          tokenHash,
          lastSeenAt: row.lastSeenAt.getTime(),
          cachedAt: now,
        }
      : null;
  }

  // Keyed by token, so ended sessions are found by walking the map (at most 10,000; ends are
  // rare). Whose a look-up under way is shows only when it ends: none of them is remembered.
  changes.on((change) => {
    if (!change) lookups.clear();
    else
      for (const [token, entry] of lookups)
        if (change.kind === "session" ? entry.tokenHash === change.tokenHash : entry.user.id === change.userId)
          lookups.delete(token);
    reading.clear();
  });

  return {
    stats,

    async start(reply: FastifyReply, userId: string): Promise<void> {
      const token = randomToken();
      await db
        .insert(sessions)
        .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS) });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions(config));
    },

    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await this.endHeld(request);
      this.clearCookie(reply);
    },

    /**
     * End the session this browser holds, if any, leaving its cookie to be replaced: a sign-in
     * never leaves an earlier session (perhaps planted, or another person's) alive beside the new one.
     */
    async endHeld(request: FastifyRequest): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      lookups.delete(token);
      reading.delete(token);
      const tokenHash = hashToken(token);
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      // A look-up that started while the delete ran may have read the session still live.
      lookups.delete(token);
      changes.emit({ kind: "session", tokenHash });
    },

    /** Read the user's sessions afresh in every process: a sanction was given or lifted (decision 029). */
    forget(userId: string): void {
      changes.emit({ kind: "user", userId });
    },

    /** End every session of a user, in the database and in every process's look-ups (decision 015). */
    async endAllFor(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      changes.emit({ kind: "user", userId });
    },

    /** When the session this request holds was started (its sign-in), or null without one. */
    async startedAt(request: FastifyRequest): Promise<Date | null> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return null;
      const [row] = await db
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      return row?.createdAt ?? null;
    },

    /**
     * A Google-only account has no password to ask for, so what a stolen session must not do alone
     * (set a first password, delete the account) needs a sign-in made in the last few minutes:
     * refused with FRESH_SIGN_IN_MESSAGE otherwise (decision 015).
     */
    async requireFreshSignIn(request: FastifyRequest): Promise<void> {
      const started = await this.startedAt(request);
      if (!started || Date.now() - started.getTime() > FRESH_SIGN_IN_MINUTES * 60_000)
        throw new HttpError(403, FRESH_SIGN_IN_MESSAGE, { values: { minutes: FRESH_SIGN_IN_MINUTES } });
    },

    /** Forget this browser's session cookie (after its session was ended some other way). */
    /**
     * This browser is signed out. Its HTTP cache may hold the person's private pictures (served
     * `private`): the browser is asked to drop it, so the next person at a shared device finds none.
     */
    clearCookie(reply: FastifyReply): void {
      reply.clearCookie(SESSION_COOKIE, { path: "/" }).header("clear-site-data", '"cache"');
    },

    /** The user a session token names, for requests Fastify's hooks do not see (websocket upgrades). */
    async userForToken(token: string | undefined): Promise<SessionUser | null> {
      return token ? ((await lookUp(token, Date.now()))?.user ?? null) : null;
    },

    /** Sets request.user from the session cookie when it names a live session. */
    install(app: FastifyInstance): void {
      // Callback style: most requests carry no session cookie, and pay no promise for it.
      app.addHook("onRequest", (request, reply, done) => {
        const token = request.cookies[SESSION_COOKIE];
        if (!token) return done();
        identify(request, reply, token).then(() => done(), done);
      });
      const identify = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
        const now = Date.now();
        const session = await lookUp(token, now);
        if (!session) {
          reply.clearCookie(SESSION_COOKIE, { path: "/" });
          return;
        }
        request.user = session.user;
        if (now - session.lastSeenAt > TOUCH_INTERVAL_MS) {
          session.lastSeenAt = now;
          await db
            .update(sessions)
            .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS) })
            .where(eq(sessions.tokenHash, hashToken(token)));
          reply.setCookie(SESSION_COOKIE, token, cookieOptions(config));
        }
      };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * The signed-in user, or 401 "Unauthorized" for visitors (the client's unauthorized handling keys
 * on it). A route's guard as preValidation, so who may call is checked before the payload and a
 * visitor never learns which field was wrong; and its handler's way to the user it checked.
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  if (!request.user) throw new HttpError(401, /*i18n*/ "Unauthorized");
  return request.user;
}

/** As requireUser, and 403 for signed-in users who are not admins. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new HttpError(403, /*i18n*/ "Admin access required");
  return user;
}

/** As requireUser, and 403 for signed-in people without Pro (auth/pro.ts). */
export async function requirePro(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.pro) throw new HttpError(403, PRO_REQUIRED);
  return user;
}
