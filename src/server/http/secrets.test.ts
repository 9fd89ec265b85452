import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrCreateSecret } from "./secrets";

const secretsModule = fileURLToPath(new URL("./secrets.ts", import.meta.url));
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// A separate Node process that loads (or makes) the key and prints it.
function keyFromAnotherProcess(file: string): Promise<string> {
  const script = `const { loadOrCreateSecret } = await import(${JSON.stringify(secretsModule)}); console.log(loadOrCreateSecret(${JSON.stringify(file)}).toString("hex"));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(err))));
  });
}

describe("secret key files", () => {
  it("makes a 32-byte key readable by its owner only, keeps it, and leaves no temporary file", () => {
    const file = path.join(tmp, "keys", "one.key");
    const key = loadOrCreateSecret(file);
    expect(key).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(file).equals(key)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["one.key"]);
  });

  it("gives processes that race to make it one and the same whole key", async () => {
    const file = path.join(tmp, "raced.key");
    const keys = await Promise.all(Array.from({ length: 6 }, () => keyFromAnotherProcess(file)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toHaveLength(64);
    expect(fs.readFileSync(file).toString("hex")).toBe(keys[0]);
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith("raced"))).toEqual(["raced.key"]);
  }, 60_000);

  it.each([0, 16, 31])("refuses a key file of %i bytes with a message, and leaves it as it is", (bytes) => {
    const file = path.join(tmp, `short-${bytes}.key`);
    fs.writeFileSync(file, Buffer.alloc(bytes, 7));
    expect(() => loadOrCreateSecret(file)).toThrow(
      `The key file ${file} holds ${bytes} bytes; a key needs at least 32.`,
    );
    expect(fs.statSync(file).size).toBe(bytes);
  });
});
