import crypto from "node:crypto";
import type { Config } from "../../config";
import { serverSecret } from "../../http/secrets";
import { EMAIL_KINDS, type EmailKind } from "../../../shared/notifications";

// An unsubscribe link's token: `{userId}.{kind}.{HMAC-SHA256 of both, base64url}`. It names whose
// e-mails and which kind, so the one-click POST needs no session (RFC 8058: the mail provider
// sends it, without cookies). Changing the id or the kind breaks the MAC, so it cannot be forged
// nor used to turn off another kind. It does not expire: an unsubscribe link in an old message
// must still work, and all it can ever do is switch one kind of e-mail off for one person.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key: derived from the cookie-signing secret (shared by every process: SECRET_KEY_BASE, or
 * DATA_DIR's key file) for this use only, so a MAC made here is never a valid cookie signature,
 * nor the other way round.
 */
export function unsubscribeKey(config: Pick<Config, "SECRET_KEY_BASE" | "DATA_DIR">): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", serverSecret(config, "cookie-signing"), "dragon-grid", "notifications-unsubscribe", 32));
}

const macOf = (key: Buffer, userId: string, kind: EmailKind) => crypto.createHmac("sha256", key).update(`${userId}.${kind}`).digest("base64url");

export function signUnsubscribeToken(key: Buffer, userId: string, kind: EmailKind): string {
  return `${userId}.${kind}.${macOf(key, userId, kind)}`;
}

/** Whose and which kind of e-mail the token turns off, or null when it is malformed or tampered with. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; kind: EmailKind } | null {
  const [userId, kind, mac, ...rest] = token.split(".");
  if (rest.length || !userId || !kind || !mac || !UUID.test(userId) || !(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(macOf(key, userId, kind as EmailKind));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return { userId, kind: kind as EmailKind };
}
