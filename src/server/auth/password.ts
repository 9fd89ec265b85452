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
// successful sign-in with one stores the password again as Argon2id (needsRehash).
const SCRYPT_MAX_MEMORY = 64 * 1024 * 1024;

/** Hash a password as an Argon2id PHC string with a random salt. */
export async function hashPassword(password: string): Promise<string> {
  return (await onHashingThread({
    kind: "argon2-hash",
    password: password.normalize("NFKC"),
    options: PARAMS,
  })) as string;
}

// The settings a stored hash may ask for: a hash is only ever written by this code, but one
// asking for gigabytes or endless passes (a corrupted row, a hand-edited one) must not take a
// hashing thread or the machine's memory; it fails like a wrong password.
const ARGON2_PHC = /^\$argon2id\$v=19\$m=(\d{1,9}),t=(\d{1,3}),p=(\d{1,3})\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{16,}$/;
const MAX_ARGON2 = { memoryCost: 65_536, timeCost: 10, parallelism: 4 };
const SCRYPT_FORMAT = /^scrypt\$(\d{1,9})\$(\d{1,3})\$(\d{1,3})\$([\w-]+)\$([\w-]{16,})$/;
const MAX_SCRYPT_P = 16;

/**
 * Constant-time check of a password against a stored hash; false for a malformed hash or one
 * whose settings are out of bounds. A hashing thread that fails throws (the request answers 500),
 * so an outage never reads as wrong passwords that count towards the sign-in limits.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalized = password.normalize("NFKC");
  const argon2 = ARGON2_PHC.exec(stored);
  if (argon2) {
    const [memoryCost, timeCost, parallelism] = argon2.slice(1, 4).map(Number) as [number, number, number];
    if (
      memoryCost > MAX_ARGON2.memoryCost ||
      timeCost < 1 ||
      timeCost > MAX_ARGON2.timeCost ||
      parallelism < 1 ||
      parallelism > MAX_ARGON2.parallelism ||
      memoryCost < 8 * parallelism
    )
      return false;
    return (await onHashingThread({ kind: "argon2-verify", password: normalized, stored })) === true;
  }
  const scrypt = SCRYPT_FORMAT.exec(stored);
  if (!scrypt) return false;
  const [N, r, p] = scrypt.slice(1, 4).map(Number) as [number, number, number];
  // Node's limits: N a power of two above 1, and 128·N·r bytes of memory within SCRYPT_MAX_MEMORY.
  if (N < 2 || (N & (N - 1)) !== 0 || r < 1 || p < 1 || p > MAX_SCRYPT_P || 128 * N * r > SCRYPT_MAX_MEMORY)
    return false;
  const expected = Buffer.from(scrypt[5]!, "base64url");
  const options = { N, r, p, maxmem: SCRYPT_MAX_MEMORY };
  const actual = Buffer.from(
    (await onHashingThread({
      kind: "scrypt",
      password: normalized,
      salt: Buffer.from(scrypt[4]!, "base64url"),
      keyLength: expected.length,
      options,
    })) as Uint8Array,
  );
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
