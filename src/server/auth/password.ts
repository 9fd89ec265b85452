import crypto from "node:crypto";
import { onHashingThread } from "./hashing-threads";

// Argon2id, OWASP Password Storage Cheat Sheet's first choice, at its first listed minimum: 19 MiB
// of memory, 2 passes, 1 lane. About 5 ms of one core here, where the scrypt it replaces (N=2^15,
// r=8, p=3, also an OWASP minimum) took about 155 ms; at a thousand people that was most of a core
// of a two-core server spent on sign-ins (decision 025). Hashes are stored in the PHC string format
// ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash"), their settings with them.
const ARGON2ID = 2; // @node-rs/argon2's Algorithm.Argon2id (a const enum: no value at run time)
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${PARAMS.memoryCost},t=${PARAMS.timeCost},p=${PARAMS.parallelism}$`;

// Hashes made before Argon2id: "scrypt$N$r$p$salt$hash" (base64url). They still verify, and a
// sign-in that verifies one stores the password again as Argon2id (needsRehash).
const SCRYPT_MAX_MEMORY = 64 * 1024 * 1024;

/** Hash a password as an Argon2id PHC string with a random salt. */
export async function hashPassword(password: string): Promise<string> {
  return (await onHashingThread({ kind: "argon2-hash", password: password.normalize("NFKC"), options: PARAMS })) as string;
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalized = password.normalize("NFKC");
  if (stored.startsWith("$argon2")) {
    try {
      return (await onHashingThread({ kind: "argon2-verify", password: normalized, stored })) === true;
    } catch {
      return false; // a malformed PHC string
    }
  }
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAX_MEMORY };
  let actual: Buffer;
  try {
    actual = Buffer.from((await onHashingThread({ kind: "scrypt", password: normalized, salt: Buffer.from(salt, "base64url"), keyLength: expected.length, options })) as Uint8Array);
  } catch {
    return false; // settings scrypt refuses
  }
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Whether a stored hash (verified just now) should be replaced by one with today's settings. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

// Checked against when an e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
}
