import fs from "node:fs";
import path from "node:path";

/** Undo quoted-printable soft breaks and escapes, enough to read links out of a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The verification link in a raw message, or null. */
export function verificationLink(raw: string): string | null {
  return /https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(raw))?.[0] ?? null;
}

/** Raw .eml messages written to DATA_DIR/outbox for an address, oldest first. */
export function outboxFor(dataDir: string, email: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  // Named as the mailer names them: characters other than these become "_" (an apostrophe, a plus).
  const name = `${email.replace(/[^a-z0-9@._-]/gi, "_")}.eml`;
  // After the time stamp, the whole name: "twice@x.com" is not "fresh-twice@x.com".
  return fs
    .readdirSync(dir)
    .filter((file) => /^[0-9TZ-]+$/.test(file.slice(0, -name.length - 1)) && file.endsWith(`-${name}`))
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
}

/**
 * The messages for an address once there are at least `count`: mail goes out after the answer
 * (registration and resend answer before any mail work), so a test waits for it.
 */
export async function waitForMail(dataDir: string, email: string, count = 1): Promise<string[]> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const messages = outboxFor(dataDir, email);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no message ${count} for ${email} in the outbox`);
}
