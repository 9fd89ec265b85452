import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config";

/** Bytes in a generated secret, and the fewest a key file may hold. */
const SECRET_BYTES = 32;

/**
 * A secret generated once and kept in a file (mode 600), so it survives restarts and is shared by
 * processes on the same DATA_DIR. The file appears whole or not at all: the secret is written to a
 * temporary file first and hard-linked into place, which fails if the file exists, so when two
 * processes race the first one's file wins and nobody ever reads half a key. A key file that is
 * too short (truncated, hand-edited) stops start-up with a message instead of signing with it.
 */
export function loadOrCreateSecret(file: string): Buffer {
  const existing = readKey(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.partial`;
  fs.writeFileSync(partial, crypto.randomBytes(SECRET_BYTES), { mode: 0o600 });
  try {
    fs.linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return readKey(file)!;
}

function readKey(file: string): Buffer | null {
  let key: Buffer;
  try {
    key = fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (key.length < SECRET_BYTES) {
    throw new Error(
      `The key file ${file} holds ${key.length} bytes; a key needs at least ${SECRET_BYTES}. Restore it from a backup, or delete it to have a new one made (everyone signed in with the old one is signed out).`,
    );
  }
  return key;
}

/** What each key signs, and the file under DATA_DIR that keeps it when no SECRET_KEY_BASE is set. */
const KEY_FILES = {
  /** Short-lived flow cookies (Google sign-in, the registration browser). */
  "cookie-signing": "cookie-signing.key",
  /** Upload and download links of local storage. */
  "upload-signing": "upload-signing.key",
  /** Companion's encryption of the provider tokens it gives the browser. */
  companion: "keys/companion.key",
} as const;

export type SecretPurpose = keyof typeof KEY_FILES;

/** The key DATA_DIR keeps for one purpose, or null when it generated none; never makes one (`npm run move-to` only reads). */
export function generatedSecret(dataDir: string, purpose: SecretPurpose): Buffer | null {
  return readKey(path.join(dataDir, KEY_FILES[purpose]));
}

/**
 * The key for one purpose. With SECRET_KEY_BASE (required with DATABASE_URL), derived from it by
 * HKDF, so every server process given the same base has the same keys and none is stored; without
 * it (one process on the embedded database), generated once into DATA_DIR.
 */
export function serverSecret(config: Pick<Config, "SECRET_KEY_BASE" | "DATA_DIR">, purpose: SecretPurpose): Buffer {
  if (config.SECRET_KEY_BASE)
    return Buffer.from(crypto.hkdfSync("sha256", config.SECRET_KEY_BASE, "dragon-grid", purpose, SECRET_BYTES));
  return loadOrCreateSecret(path.join(config.DATA_DIR, KEY_FILES[purpose]));
}
