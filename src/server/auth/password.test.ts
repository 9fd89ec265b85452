import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./password";

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<id>/stat). */
function threadNiceValues(): number[] {
  return fs.readdirSync("/proc/self/task").map((id) => {
    const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, "utf8");
    // The command name in brackets may hold spaces; the fields after it are plain.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

describe("passwords", () => {
  it("checks a password against its Argon2id hash, refusing another password and a malformed hash", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "$argon2id$v=19$m=19456,t=2,p=1$")).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "$argon2id$nonsense")).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "scrypt$32768$8$3$")).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "scrypt$3$8$3$c2FsdA$aGFzaA")).toBe(false);
    expect(await verifyPassword("correct horse battery staple", "bcrypt$x$y")).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    // Settings no hash of ours has, asking for 4 GiB or a million passes, are refused unrun.
    const [, , , , salt, hash] = stored.split("$");
    expect(
      await verifyPassword("correct horse battery staple", `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${hash}`),
    ).toBe(false);
    expect(
      await verifyPassword("correct horse battery staple", `$argon2id$v=19$m=19456,t=999,p=1$${salt}$${hash}`),
    ).toBe(false);
    const key = crypto.randomBytes(64).toString("base64url");
    expect(
      await verifyPassword("correct horse battery staple", `scrypt$1048576$8$1$c2FsdHNhbHRzYWx0c2FsdA$${key}`),
    ).toBe(false);
    expect(
      await verifyPassword("correct horse battery staple", `scrypt$16384$8$1000$c2FsdHNhbHRzYWx0c2FsdA$${key}`),
    ).toBe(false);
  });

  it("gives two hashes of one password their own salts; NFKC forms of a password are the same password", async () => {
    const [first, second] = await Promise.all([hashPassword("ﬁre dragon"), hashPassword("ﬁre dragon")]);
    expect(first).not.toBe(second);
    expect(await verifyPassword("fire dragon", first)).toBe(true);
  });

  it("still verifies the scrypt hashes stored before Argon2id, and asks for them to be stored again", async () => {
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync("dragon", salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const stored = ["scrypt", 2 ** 14, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    expect(await verifyPassword("dragon", stored)).toBe(true);
    expect(await verifyPassword("Dragon", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$c2FsdA$aGFzaA")).toBe(true);
  });

  it("answers each of many checks at once with its own result", async () => {
    const stored = await hashPassword("first secret");
    const tries = ["first secret", "second secret", "first secret", "third", "first secret", "first secret!"];
    expect(await Promise.all(tries.map((password) => verifyPassword(password, stored)))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it.runIf(process.platform === "linux")(
    "hashes on a thread ten below the event loop's priority (nice 10 for a loop at 0), the event loop keeping its own",
    async () => {
      const before = threadNiceValues();
      // The suite may itself run under nice (npm test runs passes beside the journeys at 10).
      const own = before[0]!;
      const lowered = Math.min(19, own + 10);
      let seen: number[] = [];
      const hashing = hashPassword("look at the threads");
      // The hashing thread exists and has lowered itself while the hashes run (~5 ms each).
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && !seen.includes(lowered)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = threadNiceValues();
      }
      await hashing;
      expect(seen).toContain(lowered);
      expect(seen[0]).toBe(own);
    },
  );
});
