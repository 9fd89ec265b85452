import type { FastifyInstance } from "fastify";
import type { Handlers } from "../../http/contract-plugin";
import { HttpError } from "../../http/errors";
import { KeyedRateLimiter } from "../../http/rate-limiter";
import { createAfterResponse } from "../../http/after-response";
import {
  FORGOT_PASSWORD_MESSAGE,
  RESET_DONE_MESSAGE,
  RESET_EXPIRED_MESSAGE,
  RESET_INVALID_MESSAGE,
  RESET_USED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "../../../shared/account";
import { PASSWORD_RESET_TTL_MINUTES } from "../../../shared/auth/limits";
import { hashPassword, verifyPassword } from "../../auth/password";
import { hashToken, randomToken } from "../../auth/tokens";
import type { AccountDeps } from "./account-deps";
import { passwordResetEmail } from "./password-reset-email";
import type { ResetTokens } from "./reset-tokens";
import { requestLanguage, requestTranslator } from "../../i18n/request-language";
import { localePath, type Locale } from "../../../shared/i18n/locales";

const MINUTE = 60_000;
const perAddress = (max: number, minutes: number) => ({
  config: { rateLimit: { max, timeWindow: minutes * MINUTE } },
});

/** Forgotten password (link by e-mail), password change, sign out everywhere. */
export function passwordRoutes(
  app: FastifyInstance,
  deps: AccountDeps & { resetTokens: ResetTokens; passwordChecks: KeyedRateLimiter },
): Handlers<
  | "POST /api/auth/forgot-password"
  | "POST /api/auth/reset-password"
  | "POST /api/account/password"
  | "POST /api/account/sign-out-everywhere"
> {
  const { config, users, sessions, mailer, resetTokens, passwordChecks, now } = deps;
  // Like resending a verification link: a few mails per address per quarter hour.
  const forgotsPerEmail = new KeyedRateLimiter(app.rateCounters, "reset links per e-mail", 3, 15 * MINUTE);
  // Looking the account up, writing the token and sending the mail happen after the answer, so
  // an address with an account and one without answer in the same time.
  const afterResponse = createAfterResponse(app);

  /** The link goes in the account's language, else the one the request was made in. */
  async function sendResetLink(email: string, locale: Locale): Promise<void> {
    const user = await users.findByEmail(email);
    // Only accounts that can sign in with a password; a Google-only account sets one on its profile.
    if (!user?.passwordHash) return;
    const token = randomToken();
    await resetTokens.replace(user.id, hashToken(token), new Date(now() + PASSWORD_RESET_TTL_MINUTES * MINUTE));
    const language = user.language ?? locale;
    // The link opens the page in the e-mail's language, whatever the browser it is opened in asks for.
    await mailer.send(
      passwordResetEmail(
        user.email,
        user.firstName,
        `${config.publicUrl}${localePath(language, "/reset-password")}?token=${token}`,
        language,
      ),
    );
  }

  return {
    "POST /api/auth/forgot-password": {
      options: perAddress(10, 60),
      handler: async (request) => {
        const { email } = request.body;
        await forgotsPerEmail.hit(email.toLowerCase());
        afterResponse(request, "password reset mail", () => sendResetLink(email, requestLanguage(request)));
        return { message: requestTranslator(request)(FORGOT_PASSWORD_MESSAGE) };
      },
    },

    "POST /api/auth/reset-password": {
      options: perAddress(30, 15),
      handler: async (request) => {
        const { token, password } = request.body;
        const tokenHash = hashToken(token);
        const row = await resetTokens.find(tokenHash);
        if (!row) throw new HttpError(400, RESET_INVALID_MESSAGE);
        if (row.usedAt) throw new HttpError(400, RESET_USED_MESSAGE);
        const at = new Date(now());
        if (row.expiresAt.getTime() <= at.getTime()) throw new HttpError(400, RESET_EXPIRED_MESSAGE);
        const userId = await resetTokens.spend(tokenHash, await hashPassword(password), at);
        if (!userId) throw new HttpError(400, RESET_USED_MESSAGE);
        // The database no longer has the sessions; this process forgets them too.
        await sessions.endAllFor(userId);
        return { message: requestTranslator(request)(RESET_DONE_MESSAGE) };
      },
    },

    "POST /api/account/password": async (request, reply, caller) => {
      const { currentPassword, newPassword } = request.body;
      const user = await users.findById(caller.id);
      if (!user) throw new HttpError(401, /*i18n*/ "Unauthorized");
      if (user.passwordHash) {
        if (!currentPassword)
          throw new HttpError(400, /*i18n*/ "Invalid currentPassword: Your current password is required");
        await passwordChecks.hit(user.id);
        if (!(await verifyPassword(currentPassword, user.passwordHash)))
          throw new HttpError(400, WRONG_CURRENT_PASSWORD_MESSAGE);
      } else {
        await sessions.requireFreshSignIn(request);
      }
      const hadPassword = user.passwordHash !== null;
      await users.update(user.id, { passwordHash: await hashPassword(newPassword) });
      // Whoever else holds a session (a stolen cookie, a forgotten tablet) is signed out; this browser
      // stays signed in under a new token (the old one may have been seen), and reset links sent
      // before the change stop working.
      await resetTokens.deleteFor(user.id);
      await sessions.endAllFor(user.id);
      await sessions.start(reply, user.id);
      return {
        message: hadPassword
          ? "Password changed. You were signed out everywhere else."
          : "Password set. You can now also log in with your email and password.",
      };
    },

    "POST /api/account/sign-out-everywhere": async (request, reply, caller) => {
      await sessions.endAllFor(caller.id);
      sessions.clearCookie(reply);
      return { message: requestTranslator(request)(/*i18n*/ "Signed out everywhere") };
    },
  };
}
