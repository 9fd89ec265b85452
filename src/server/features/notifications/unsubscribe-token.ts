import crypto from "node:crypto";
import { like } from "drizzle-orm";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { appSettings } from "../../db/schema";
import { generatedSecret, serverSecret } from "../../http/secrets";
import { EMAIL_KINDS, type EmailKind } from "../../../shared/notifications";

// An unsubscribe link's token: `{userId}.{kind}.{HMAC-SHA256 of both, base64url}`. It names whose
// e-mails and which kind, so the one-click POST needs no session (RFC 8058: the mail provider
// sends it, without cookies). Changing the id or the kind breaks the MAC, so it cannot be forged
// nor used to turn off another kind. It does not expire: an unsubscribe link in an old message
// must still work, and all it can ever do is switch one kind of e-mail off for one person.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The key derived from a cookie-signing secret for this use only, so a MAC made here is never a
// valid cookie signature, nor the other way round.
const keyFrom = (cookieSigning: Buffer) =>
  Buffer.from(crypto.hkdfSync("sha256", cookieSigning, "dragon-grid", "notifications-unsubscribe", 32));

/** The key: derived from the cookie-signing secret, shared by every process (SECRET_KEY_BASE, or DATA_DIR's key file). */
export function unsubscribeKey(config: Pick<Config, "SECRET_KEY_BASE" | "DATA_DIR">): Buffer {
  return keyFrom(serverSecret(config, "cookie-signing"));
}

/**
 * An embedded installation signs with a key generated into DATA_DIR; once moved to PostgreSQL
 * (`npm run move-to`) it signs with SECRET_KEY_BASE's. The links in the e-mails it sent before
 * must still work, so the move keeps its key in the database, one app setting per key under this
 * prefix, and verification accepts them after the current one (decision 036).
 */
const KEY_BEFORE_MOVE = "unsubscribe-key-before-move:";

/** The app settings that keep this DATA_DIR's unsubscribe key (none when it generated no key), for `npm run move-to`. */
export function unsubscribeKeysToCarry(dataDir: string): { key: string; value: string }[] {
  const secret = generatedSecret(dataDir, "cookie-signing");
  if (!secret) return [];
  const key = keyFrom(secret);
  // Named by a fingerprint, so a second move (an installation moved, restored elsewhere, moved again) adds its key beside the first.
  return [
    {
      key: `${KEY_BEFORE_MOVE}${crypto.createHash("sha256").update(key).digest("hex").slice(0, 16)}`,
      value: key.toString("base64url"),
    },
  ];
}

/** The keys of installations this one was moved from (none for most). */
export async function unsubscribeKeysBeforeMove(db: Database): Promise<Buffer[]> {
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(like(appSettings.key, `${KEY_BEFORE_MOVE}%`));
  return rows.map((row) => Buffer.from(row.value, "base64url"));
}

const macOf = (key: Buffer, userId: string, kind: EmailKind) =>
  crypto.createHmac("sha256", key).update(`${userId}.${kind}`).digest("base64url");

export function signUnsubscribeToken(key: Buffer, userId: string, kind: EmailKind): string {
  return `${userId}.${kind}.${macOf(key, userId, kind)}`;
}

/** Whose and which kind of e-mail the token turns off, or null when it is malformed or tampered with (signed with none of `keys`). */
export function readUnsubscribeToken(
  keys: readonly Buffer[],
  token: string,
): { userId: string; kind: EmailKind } | null {
  const [userId, kind, mac, ...rest] = token.split(".");
  if (
    rest.length ||
    !userId ||
    !kind ||
    !mac ||
    !UUID.test(userId) ||
    !(EMAIL_KINDS as readonly string[]).includes(kind)
  )
    return null;
  const given = Buffer.from(mac);
  const signedWith = (key: Buffer) => {
    const expected = Buffer.from(macOf(key, userId, kind as EmailKind));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  };
  return keys.some(signedWith) ? { userId, kind: kind as EmailKind } : null;
}
