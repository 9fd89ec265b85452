import crypto from "node:crypto";

/** Serialise a small value into a tamper-evident cookie string: base64url(JSON).HMAC. */
export function signValue(value: unknown, secret: Buffer): string {
  const body = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${body}.${crypto.createHmac("sha256", secret).update(body).digest("base64url")}`;
}

/** The value of a signed cookie, or null when it is missing, malformed or tampered with. */
export function readSignedValue<T>(cookie: string | undefined, secret: Buffer): T | null {
  if (!cookie) return null;
  const [body, mac] = cookie.split(".");
  if (!body || !mac) return null;
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(body).digest("base64url"));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}
