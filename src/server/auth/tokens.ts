import crypto from "node:crypto";

/** A random secret for a link or cookie: 32 bytes, base64url. */
export const randomToken = () => crypto.randomBytes(32).toString("base64url");

/** What the database keeps instead of a token: its SHA-256, so a leaked table grants nothing. */
export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
