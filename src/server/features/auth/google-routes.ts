import type * as Oidc from "openid-client";
import type { Config } from "../../config";
import type { Handlers } from "../../http/contract-plugin";
import { serverSecret } from "../../http/secrets";
import { safeReturnUrl } from "../../../shared/return-url";
import { FRESH_SIGN_IN_MINUTES } from "../../../shared/account";
import type { Sessions } from "../../auth/sessions";
import type { UserRow, UsersRepository } from "../../auth/users-repository";
import { sanctionOf } from "../../auth/sanction";
import { chosenLanguage } from "../../i18n/chosen-language";
import type { Locale } from "../../../shared/i18n/locales";
import { readSignedValue, signValue } from "../../auth/signed-cookie";

const FLOW_COOKIE = "dg_oidc";
const FLOW_MINUTES = 10;

interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  returnUrl: string;
  expiresAt: number;
  /** Seconds: the provider must have seen the person sign in this recently (a confirmation). */
  maxAge?: number;
}

interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

// openid-client is loaded at the first Google sign-in, not at every start (decision 025).
let oidcModule: Promise<typeof Oidc> | undefined;
const loadOidc = () => (oidcModule ??= import("openid-client"));

/**
 * Google sign-in: OpenID Connect authorization code flow with PKCE, state and nonce, against
 * GOOGLE_ISSUER (any OIDC provider can stand in). The flow's secrets wait in a short-lived signed
 * cookie between the redirect out and the callback.
 */
export function googleRoutes(deps: {
  config: Config;
  users: UsersRepository;
  sessions: Sessions;
}): Handlers<"GET /api/auth/google" | "GET /api/auth/google/callback"> {
  const { config, users, sessions } = deps;
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  const secret = serverSecret(config, "cookie-signing");
  const flowCookie = {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.publicUrl.startsWith("https:"),
    path: "/api/auth/google",
  };

  let discovered: Promise<Oidc.Configuration> | undefined;
  function provider(): Promise<Oidc.Configuration> {
    discovered ??= loadOidc()
      .then((oidc) =>
        oidc.discovery(
          new URL(config.GOOGLE_ISSUER),
          config.GOOGLE_CLIENT_ID!,
          config.GOOGLE_CLIENT_SECRET,
          undefined,
          {
            // A local stand-in provider in development and tests speaks plain http.
            execute: config.GOOGLE_ISSUER.startsWith("http:") ? [oidc.allowInsecureRequests] : [],
            timeout: 10,
          },
        ),
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }
  return {
    // `confirm=1`: the person proves themselves again (a Google-only account setting a first
    // password or deleting itself): the provider is asked for a sign-in within the fresh window.
    "GET /api/auth/google": async (request, reply) => {
      if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET)
        return reply.redirect("/login?error=google-not-configured");
      const oidc = await loadOidc();
      let configuration: Oidc.Configuration;
      try {
        configuration = await provider();
      } catch (error) {
        request.log.error({ err: error }, "Google discovery failed");
        return reply.redirect("/login?error=google");
      }
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        returnUrl: safeReturnUrl(request.query.returnUrl),
        expiresAt: Date.now() + FLOW_MINUTES * 60_000,
        ...(request.query.confirm ? { maxAge: FRESH_SIGN_IN_MINUTES * 60 } : {}),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
        ...(pending.maxAge ? { max_age: String(pending.maxAge), prompt: "login" } : { prompt: "select_account" }),
      });
      reply.setCookie(FLOW_COOKIE, signValue(pending, secret), { ...flowCookie, maxAge: FLOW_MINUTES * 60 });
      return reply.redirect(url.href);
    },

    // The provider names the parameters (code, state, iss, scope...); openid-client reads them.
    "GET /api/auth/google/callback": async (request, reply) => {
      const pending = readSignedValue<PendingSignIn>(request.cookies[FLOW_COOKIE], secret);
      reply.clearCookie(FLOW_COOKIE, { path: flowCookie.path });
      if (!pending || pending.expiresAt < Date.now() || !config.GOOGLE_CLIENT_ID)
        return reply.redirect("/login?error=google");
      try {
        const currentUrl = new URL(redirectUri);
        currentUrl.search = new URL(request.url, config.publicUrl).search;
        const oidc = await loadOidc();
        const tokens = await oidc.authorizationCodeGrant(await provider(), currentUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
          // The ID token's auth_time must then be within it; openid-client refuses it otherwise.
          ...(pending.maxAge ? { maxAge: pending.maxAge } : {}),
        });
        const claims = tokens.claims() as unknown as GoogleClaims;
        // Only an address the provider vouches for: a missing claim is not a yes.
        if (!claims.email || claims.email_verified !== true) {
          request.log.warn("Google sign-in without a verified e-mail");
          return reply.redirect("/login?error=google-email");
        }
        const { user: found, tookOver } = await signInGoogleUser(users, claims, chosenLanguage(request));
        // ADMIN_EMAILS acts once per account, at its first verified sign-in (users-repository).
        const user = config.ADMIN_EMAILS.includes(found.email.toLowerCase())
          ? await users.applyAdminList(found)
          : found;
        // An unverified password account on this address may be a squatter's: its sessions end too.
        if (tookOver) await sessions.endAllFor(user.id);
        // Else the person's other sessions read the account afresh (a promotion by ADMIN_EMAILS).
        else sessions.forget(user.id);
        await sessions.endHeld(request);
        await sessions.start(reply, user.id);
        return reply.redirect(pending.returnUrl);
      } catch (error) {
        request.log.warn({ err: error }, "Google sign-in failed");
        return reply.redirect("/login?error=google");
      }
    },
  };
}

/**
 * Find the account for these claims (by Google subject, else by e-mail, linking it), or create one.
 * `tookOver`: it was an unverified password account, whose password has just been removed.
 * `language`: the browser's `lang` cookie, saved on an account that has no language yet.
 */
async function signInGoogleUser(
  users: UsersRepository,
  claims: GoogleClaims,
  language: Locale | null,
): Promise<{ user: UserRow; tookOver: boolean }> {
  const email = claims.email!.toLowerCase();
  const existing = (await users.findByGoogleSubject(claims.sub)) ?? (await users.findByEmail(email));
  if (existing) {
    const tookOver = !existing.emailVerified;
    // A sanction freezes the name and picture, Google's included (decision 035).
    const profile = sanctionOf(existing)
      ? {}
      : {
          // A squatter's names go with the squatter's password.
          firstName: (tookOver ? null : existing.firstName) ?? claims.given_name ?? null,
          lastName: (tookOver ? null : existing.lastName) ?? claims.family_name ?? null,
          profileImageUrl: existing.profileImageUrl ?? claims.picture ?? null,
        };
    const user = await users.update(existing.id, {
      // A password set on an address nobody had verified may be a squatter's: the e-mail's real
      // owner has just proven themselves through Google, so that password stops working.
      ...(existing.emailVerified ? {} : { passwordHash: null }),
      googleSubject: claims.sub,
      emailVerified: true,
      // Not public, so a sanction does not freeze it; a squatter's goes with their names.
      language: (tookOver ? null : existing.language) ?? language,
      ...profile,
    });
    return { user, tookOver };
  }
  const user = await users.create({
    email,
    googleSubject: claims.sub,
    emailVerified: true,
    firstName: claims.given_name ?? null,
    lastName: claims.family_name ?? null,
    profileImageUrl: claims.picture ?? null,
    language,
  });
  return { user, tookOver: false };
}
