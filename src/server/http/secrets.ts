import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

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
