import crypto from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { readSignedValue, signValue } from "../../auth/signed-cookie";

const COOKIE = "dg_registration";
const DAYS = 7;

interface Claim {
  /** The account. */
  u: string;
  /** A digest of its password hash then: a new password (a registration replaced) voids the claim. */
  p: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

const passwordDigest = (passwordHash: string) =>
  crypto.createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);

/**
 * Remembers, in a signed httpOnly cookie, that this browser knew an unverified account's password
 * (it registered it, or signed in with it and was told to verify first). A verification link opened
 * in that browser finishes at once; anywhere else it asks for the password, so a link proves the
 * mailbox *and* the password, and whoever registered someone else's address cannot be verified by
 * the owner's click (decision 005, pre-hijacked accounts).
 */
export function createRegistrationBrowser(config: Config, secret: Buffer) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.publicUrl.startsWith("https:"),
    path: "/api/auth",
  };
  return {
    remember(reply: FastifyReply, user: { id: string; passwordHash: string | null }): void {
      if (!user.passwordHash) return;
      const claim: Claim = { u: user.id, p: passwordDigest(user.passwordHash), e: Date.now() + DAYS * 86_400_000 };
      reply.setCookie(COOKIE, signValue(claim, secret), { ...cookieOptions, maxAge: DAYS * 86_400 });
    },

    /**
     * The same cookie for an address that already has a verified account, naming no account: the
     * answer to a registration must not tell whether the address is taken (decision 005).
     */
    rememberNobody(reply: FastifyReply, passwordHash: string): void {
      this.remember(reply, { id: crypto.randomUUID(), passwordHash });
    },

    /** Did this browser know this account's current password? */
    knows(request: FastifyRequest, user: { id: string; passwordHash: string | null }): boolean {
      const claim = readSignedValue<Claim>(request.cookies[COOKIE], secret);
      return Boolean(
        claim &&
        user.passwordHash &&
        claim.u === user.id &&
        claim.e > Date.now() &&
        claim.p === passwordDigest(user.passwordHash),
      );
    },

    forget(reply: FastifyReply): void {
      reply.clearCookie(COOKIE, cookieOptions);
    },
  };
}

export type RegistrationBrowser = ReturnType<typeof createRegistrationBrowser>;
