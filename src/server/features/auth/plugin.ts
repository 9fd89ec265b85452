import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { Mailer } from "../../mail/mailer";
import { HttpError } from "../../http/errors";
import { contractPlugin, pickEndpoints } from "../../http/contract-plugin";
import { KeyedRateLimiter } from "../../http/rate-limiter";
import { serverSecret } from "../../http/secrets";
import { responseNoSoonerThan, createAfterResponse } from "../../http/after-response";
import { createLoginLimits } from "./login-limits";
import {
  INVALID_LOGIN_MESSAGE,
  UNVERIFIED_LOGIN_MESSAGE,
  VERIFY_PASSWORD_NEEDED_MESSAGE,
  VERIFY_WRONG_PASSWORD_MESSAGE,
} from "../../../shared/auth";
import { VERIFICATION_TTL_HOURS } from "../../../shared/auth/limits";
import { authEndpoints } from "../../../shared/auth/endpoints";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "../../auth/password";
import { hashToken, randomToken } from "../../auth/tokens";
import type { Sessions } from "../../auth/sessions";
import { chosenLanguage } from "../../i18n/chosen-language";
import { toAuthUser, toCurrentUser, type UsersRepository } from "../../auth/users-repository";
import { registrationAttemptEmail, verificationEmail } from "./verification-email";
import { createRegistrationBrowser } from "./registration-browser";
import { googleRoutes } from "./google-routes";
import { requestLanguage, requestTranslator } from "../../i18n/request-language";
import { SOURCE_LOCALE, localePath, type Locale } from "../../../shared/i18n/locales";

// Every registration answers at least this long after its password is hashed: well above the
// ~10 ms of a new address's writes (nothing is written for a verified one), so the answer's time
// does not tell whether the address has an account (decision 005).
const REGISTRATION_ANSWER_MS = 100;
// A refused sign-in answers no sooner than this after it arrived: above the ~155 ms of checking a
// password still stored with scrypt (decision 005), so an account not signed into since Argon2id
// does not show, by its slower refusal, next to an unknown address's 5 ms check.
const FAILED_SIGN_IN_ANSWER_MS = 250;

// Two registrations racing for one new address: the unique index lets one through; the other
// answers as if it had worked (it did, for someone), and nothing more is done for it.
function raceLost(error: unknown): null {
  if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505")
    return null;
  throw error;
}

export interface AuthDeps {
  config: Config;
  users: UsersRepository;
  sessions: Sessions;
  mailer: Mailer;
  /** The bell's count, which the account answer carries (features/notifications). */
  unreadCount: (userId: string) => Promise<number>;
}

const MINUTE = 60_000;
const perAddress = (max: number, minutes: number) => ({
  config: { rateLimit: { max, timeWindow: minutes * MINUTE } },
});

/**
 * Signing in: password accounts (register, verify e-mail, log in and out, the current user) and
 * Google (google-routes.ts). The password-reset links of the auth domain are the account
 * feature's, beside the password change.
 */
export const authPlugin = contractPlugin(
  pickEndpoints(
    authEndpoints,
    "POST /api/auth/register",
    "POST /api/auth/login",
    "POST /api/auth/resend-verification",
    "GET /api/auth/verify-email",
    "POST /api/auth/verify-email",
    "GET /api/auth/user",
    "POST /api/auth/logout",
    "GET /api/login",
    "GET /api/auth/google",
    "GET /api/auth/google/callback",
  ),
  (app, deps: AuthDeps) => {
    const { config, users, sessions, mailer } = deps;
    const loginLimits = createLoginLimits(app.rateCounters);
    const resendsPerEmail = new KeyedRateLimiter(app.rateCounters, "verification resends per e-mail", 3, 15 * MINUTE);
    const isListedAdmin = (email: string) => config.ADMIN_EMAILS.includes(email.toLowerCase());

    const browser = createRegistrationBrowser(config, serverSecret(config, "cookie-signing"));

    /**
     * A new link for the account (earlier ones stop working), and the message that carries it: in
     * the account's language, else the one the request was made in.
     */
    async function verificationMessage(
      user: { id: string; email: string; firstName: string | null; language: Locale | null },
      request: FastifyRequest,
    ) {
      const token = randomToken();
      await users.replaceVerificationToken(
        user.id,
        hashToken(token),
        new Date(Date.now() + VERIFICATION_TTL_HOURS * 3600_000),
      );
      // Without SMTP the message, link and all, is a .eml file in DATA_DIR/outbox (never in the log).
      const locale = user.language ?? requestLanguage(request);
      // The link opens the page in the e-mail's language, whatever the browser it is opened in asks for.
      return verificationEmail(
        user.email,
        user.firstName,
        `${config.publicUrl}${localePath(locale, "/verify-email")}?token=${token}`,
        locale,
      );
    }

    // Mail goes out after the answer: how long an answer takes must not tell which addresses have
    // accounts (a verified one gets a different message than a new one), nor must a failure.
    const afterResponse = createAfterResponse(app);

    /** Stores a password verified just now with today's hash settings; a failure is logged, never the sign-in's. */
    async function upgradeHash(request: FastifyRequest, userId: string, from: string, password: string): Promise<void> {
      try {
        await users.upgradePasswordHash(userId, from, await hashPassword(password));
      } catch (error) {
        request.log.error({ err: error }, "storing a password hash with today's settings failed");
      }
    }

    /** A live, unspent verification token and its account, or the reason it cannot be used. */
    async function usableToken(token: string | undefined) {
      if (!token) throw new HttpError(400, /*i18n*/ "No verification token provided");
      const tokenHash = hashToken(token);
      const row = await users.findVerificationToken(tokenHash);
      if (!row)
        throw new HttpError(
          400,
          /*i18n*/ "This verification link is invalid. It may have been replaced by a newer one.",
        );
      if (row.usedAt) throw new HttpError(400, /*i18n*/ "This verification link has already been used. Please log in.");
      if (row.expiresAt.getTime() <= Date.now())
        throw new HttpError(400, /*i18n*/ "This verification link has expired. Please request a new one.");
      const user = await users.findById(row.userId);
      if (!user)
        throw new HttpError(
          400,
          /*i18n*/ "This verification link is invalid. It may have been replaced by a newer one.",
        );
      return { tokenHash, user };
    }

    async function finish(tokenHash: string, userId: string, request: FastifyRequest, reply: FastifyReply) {
      if (!(await users.consumeVerificationToken(tokenHash, userId))) {
        throw new HttpError(400, /*i18n*/ "This verification link has already been used. Please log in.");
      }
      browser.forget(reply);
      return { message: requestTranslator(request)(/*i18n*/ "Email verified successfully! You can now log in.") };
    }

    return {
      /**
       * Registration answers the same for every address (decision 005): a new one is created; one
       * still unverified is taken over by this registration (new password, earlier links dead), so a
       * squatter cannot keep the owner out; one already verified is left alone and its owner is told.
       */
      "POST /api/auth/register": {
        options: perAddress(10, 60),
        handler: async (request, reply) => {
          const { email, password, firstName, lastName } = request.body;
          const passwordHash = await hashPassword(password);
          // Timed from here: a queue of hashes under load must not switch the floor off.
          const answerAt = reply.elapsedTime + REGISTRATION_ANSWER_MS;
          const existing = await users.findByEmail(email);
          if (existing?.emailVerified) {
            browser.rememberNobody(reply, passwordHash);
            // In the owner's language, never the asker's.
            const ownerLocale = existing.language ?? SOURCE_LOCALE;
            afterResponse(request, "registration notice", () =>
              mailer.send(
                registrationAttemptEmail(
                  existing.email,
                  existing.firstName,
                  `${config.publicUrl}${localePath(ownerLocale, "/login")}`,
                  ownerLocale,
                ),
              ),
            );
          } else {
            const names = { firstName: firstName || null, lastName: lastName || null };
            // The language the visitor chose before signing up; a taken-over account's goes with
            // the squatter's password and names.
            const language = chosenLanguage(request);
            // ADMIN_EMAILS make an account admin only at sign-in, once the address is proven.
            const user = existing
              ? await users.replaceRegistration(existing.id, { passwordHash, ...names, language })
              : await users.create({ email, passwordHash, ...names, language, isAdmin: false }).catch(raceLost);
            if (user) {
              if (existing) await sessions.endAllFor(user.id);
              browser.remember(reply, user);
              const message = await verificationMessage(user, request);
              afterResponse(request, "verification mail", () => mailer.send(message));
            }
          }
          await responseNoSoonerThan(reply, answerAt);
          return reply.status(201).send({
            message: requestTranslator(request)(
              /*i18n*/ "Registration successful. Please check your email to verify your account.",
            ),
          });
        },
      },

      "POST /api/auth/login": {
        options: perAddress(30, 15),
        handler: async (request, reply) => {
          const { email, password } = request.body;
          await loginLimits.hit(email, request.ip);
          const user = await users.findByEmail(email);
          if (!user?.passwordHash) {
            await burnPasswordCheck(password);
            await responseNoSoonerThan(reply, FAILED_SIGN_IN_ANSWER_MS);
            throw new HttpError(401, INVALID_LOGIN_MESSAGE);
          }
          if (!(await verifyPassword(password, user.passwordHash))) {
            await responseNoSoonerThan(reply, FAILED_SIGN_IN_ANSWER_MS);
            throw new HttpError(401, INVALID_LOGIN_MESSAGE);
          }
          if (!user.emailVerified) {
            // This browser knows the password: a link opened here finishes without asking for it.
            browser.remember(reply, user);
            throw new HttpError(403, UNVERIFIED_LOGIN_MESSAGE);
          }
          if (needsRehash(user.passwordHash)) await upgradeHash(request, user.id, user.passwordHash, password);
          const current = isListedAdmin(user.email) ? await users.applyAdminList(user) : user;
          // The person's other sessions read the account afresh: they may be an admin there too.
          if (current !== user) sessions.forget(current.id);
          await users.adoptLanguage(current, chosenLanguage(request));
          await sessions.endHeld(request);
          await sessions.start(reply, current.id);
          return toAuthUser(current);
        },
      },

      "POST /api/auth/resend-verification": {
        options: perAddress(10, 60),
        handler: async (request) => {
          const { email } = request.body;
          await resendsPerEmail.hit(email.toLowerCase());
          // The same answer either way, and the mail goes after it: the endpoint does not reveal who has an account.
          const user = await users.findByEmail(email);
          if (user && !user.emailVerified && user.passwordHash) {
            const message = await verificationMessage(user, request);
            afterResponse(request, "verification mail", () => mailer.send(message));
          }
          return {
            message: requestTranslator(request)(
              /*i18n*/ "If an account needs verifying for this email, a new link is on its way.",
            ),
          };
        },
      },

      // The link finishes at once in the browser that knew the password; elsewhere it asks for it.
      "GET /api/auth/verify-email": {
        options: perAddress(30, 15),
        handler: async (request, reply) => {
          const { tokenHash, user } = await usableToken(request.query.token);
          if (!browser.knows(request, user)) throw new HttpError(403, VERIFY_PASSWORD_NEEDED_MESSAGE);
          return finish(tokenHash, user.id, request, reply);
        },
      },

      "POST /api/auth/verify-email": {
        options: perAddress(30, 15),
        handler: async (request, reply) => {
          const { tokenHash, user } = await usableToken(request.body.token);
          // Guesses count as sign-in attempts for the account.
          await loginLimits.hit(user.email, request.ip);
          if (!user.passwordHash || !(await verifyPassword(request.body.password, user.passwordHash)))
            throw new HttpError(400, VERIFY_WRONG_PASSWORD_MESSAGE);
          return finish(tokenHash, user.id, request, reply);
        },
      },

      "GET /api/auth/user": async (_request, reply, caller) => {
        const user = await users.findById(caller.id);
        if (!user) throw new HttpError(401, /*i18n*/ "Unauthorized");
        reply.header("cache-control", "no-store");
        return toCurrentUser(user, await deps.unreadCount(user.id), caller);
      },

      "POST /api/auth/logout": async (request, reply) => {
        await sessions.end(request, reply);
        return { message: requestTranslator(request)(/*i18n*/ "Logged out") };
      },

      // Where the browser is sent when a session has expired (docs/spec.md §7).
      "GET /api/login": async (_request, reply) => reply.redirect("/login"),

      ...googleRoutes(deps),
    };
  },
);
