import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A 32-byte secret generated once and kept in a file (mode 600), so it survives restarts and is
 * shared by processes on the same DATA_DIR. If two processes race, the first file written wins.
 */
export function loadOrCreateSecret(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch {
    const secret = crypto.randomBytes(32);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file);
    }
  }
}
