import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Mailer } from "../../mail/mailer";
import { HttpError } from "../../http/errors";
import { KeyedRateLimiter } from "../../http/rate-limiter";
import { createLoginLimits } from "./login-limits";
import {
  INVALID_LOGIN_MESSAGE,
  UNVERIFIED_LOGIN_MESSAGE,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
} from "../../../shared/auth";
import { text } from "../../../shared/text";
import { VERIFICATION_TTL_HOURS } from "../../../shared/auth-limits";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { hashToken, randomToken } from "./tokens";
import { requireUser, type Sessions } from "./sessions";
import { toAuthUser, toCurrentUser, type UsersRepository } from "./users-repository";
import { verificationEmail } from "./verification-email";

export interface AuthDeps {
  config: Config;
  users: UsersRepository;
  sessions: Sessions;
  mailer: Mailer;
}

const MINUTE = 60_000;
const perAddress = (max: number, minutes: number) => ({ rateLimit: { max, timeWindow: minutes * MINUTE } });

/** Password accounts: register, verify e-mail, log in and out, the current user. */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { config, users, sessions, mailer } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const loginLimits = createLoginLimits();
  const resendsPerEmail = new KeyedRateLimiter(3, 15 * MINUTE);
  const isListedAdmin = (email: string) => config.ADMIN_EMAILS.includes(email.toLowerCase());

  async function sendVerification(user: { id: string; email: string; firstName: string | null }) {
    const token = randomToken();
    await users.replaceVerificationToken(user.id, hashToken(token), new Date(Date.now() + VERIFICATION_TTL_HOURS * 3600_000));
    const link = `${config.publicUrl}/verify-email?token=${token}`;
    // Without SMTP the message, link and all, is a .eml file in DATA_DIR/outbox (never in the log).
    await mailer.send(verificationEmail(user.email, user.firstName, link));
  }

  api.post("/api/auth/register", { schema: { body: registerSchema }, config: perAddress(10, 60) }, async (request, reply) => {
    const { email, password, firstName, lastName } = request.body;
    if (await users.findByEmail(email)) throw new HttpError(409, "An account with this email already exists. Please log in instead.");
    const user = await users
      .create({
        email,
        passwordHash: await hashPassword(password),
        firstName: firstName || null,
        lastName: lastName || null,
        isAdmin: isListedAdmin(email),
      })
      .catch((error: unknown) => {
        // Two registrations racing for one e-mail: the unique index decides.
        if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505") {
          throw new HttpError(409, "An account with this email already exists. Please log in instead.");
        }
        throw error;
      });
    try {
      await sendVerification(user);
    } catch (error) {
      request.log.error({ err: error }, "verification mail failed");
      throw new HttpError(502, "Your account was created, but the verification email could not be sent. Please use 'Resend Verification Email'.");
    }
    return reply.status(201).send({ message: "Registration successful. Please check your email to verify your account." });
  });

  api.post("/api/auth/login", { schema: { body: loginSchema }, config: perAddress(30, 15) }, async (request, reply) => {
    const { email, password } = request.body;
    loginLimits.hit(email, request.ip);
    const user = await users.findByEmail(email);
    if (!user?.passwordHash) {
      await burnPasswordCheck(password);
      throw new HttpError(401, INVALID_LOGIN_MESSAGE);
    }
    if (!(await verifyPassword(password, user.passwordHash))) throw new HttpError(401, INVALID_LOGIN_MESSAGE);
    if (!user.emailVerified) throw new HttpError(403, UNVERIFIED_LOGIN_MESSAGE);
    const current = isListedAdmin(user.email) && !user.isAdmin ? await users.update(user.id, { isAdmin: true }) : user;
    await sessions.start(reply, current.id);
    return toAuthUser(current);
  });

  api.post("/api/auth/resend-verification", { schema: { body: resendVerificationSchema }, config: perAddress(10, 60) }, async (request) => {
    const { email } = request.body;
    resendsPerEmail.hit(email);
    const user = await users.findByEmail(email);
    // The same answer either way, so the endpoint does not reveal who has an account.
    if (user && !user.emailVerified) {
      try {
        await sendVerification(user);
      } catch (error) {
        request.log.error({ err: error }, "verification mail failed");
        throw new HttpError(502, "The email could not be sent. Please try again later.");
      }
    }
    return { message: "If an account needs verifying for this email, a new link is on its way." };
  });

  api.get(
    "/api/auth/verify-email",
    { schema: { querystring: z.object({ token: text().max(200).optional() }) }, config: perAddress(30, 15) },
    async (request) => {
      const { token } = request.query;
      if (!token) throw new HttpError(400, "No verification token provided");
      const tokenHash = hashToken(token);
      const row = await users.findVerificationToken(tokenHash);
      if (!row) throw new HttpError(400, "This verification link is invalid. It may have been replaced by a newer one.");
      if (row.usedAt) throw new HttpError(400, "This verification link has already been used. Please log in.");
      if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(400, "This verification link has expired. Please request a new one.");
      if (!(await users.consumeVerificationToken(tokenHash, row.userId))) {
        throw new HttpError(400, "This verification link has already been used. Please log in.");
      }
      return { message: "Email verified successfully! You can now log in." };
    },
  );

  api.get("/api/auth/user", { preValidation: requireUser }, async (request, reply) => {
    const user = await users.findById(request.user!.id);
    if (!user) throw new HttpError(401, "Unauthorized");
    reply.header("cache-control", "no-store");
    return toCurrentUser(user);
  });

  api.post("/api/auth/logout", async (request, reply) => {
    await sessions.end(request, reply);
    return { message: "Logged out" };
  });

  // Where the browser is sent when a session has expired (SPEC.md section 7).
  app.get("/api/login", async (_request, reply) => reply.redirect("/login"));
}
