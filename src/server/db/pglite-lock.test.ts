import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseInUseError, lockPgliteDir, pgliteDirInUse } from "./pglite-lock";

const lockModule = fileURLToPath(new URL("./pglite-lock.ts", import.meta.url));
let tmp: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-lock-"));
});
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

function newDir(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  return dir;
}

// A real process that takes the lock and says its pid once it holds it. With `unreaped`, it runs
// under a shell that execs into `sleep`, which never waits for children: once killed, the holder
// stays a zombie, as under a container without an init.
async function startHolder(
  dir: string,
  options: { unreaped?: boolean } = {},
): Promise<{ pid: number; shell: ChildProcess }> {
  const script = `const { lockPgliteDir } = await import(${JSON.stringify(lockModule)}); await lockPgliteDir(${JSON.stringify(dir)}); console.log(process.pid); setInterval(() => {}, 60_000);`;
  const node = `${JSON.stringify(process.execPath)} --import tsx --input-type=module -e ${shellQuote(script)}`;
  const command = options.unreaped ? `${node} & exec sleep 60` : `exec ${node}`;
  const shell = spawn("sh", ["-c", command], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(shell);
  const lines = readline.createInterface({ input: shell.stdout! });
  for await (const line of lines) {
    if (/^\d+$/.test(line.trim())) return { pid: Number(line.trim()), shell };
  }
  throw new Error("the lock holder exited before taking the lock");
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function processState(pid: number): string | null {
  try {
    // Field 3 of /proc/{pid}/stat, after the command name in parentheses: R, S, Z...
    return fs
      .readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ")[0]!;
  } catch {
    return null;
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the embedded database lock", () => {
  it("refuses a second opener while the first holds it, in this process and in another", async () => {
    const dir = newDir("held");
    const release = await lockPgliteDir(dir);
    await expect(lockPgliteDir(dir)).rejects.toThrow(DatabaseInUseError);
    expect(await pgliteDirInUse(dir)).toBe(process.pid);
    await release();
    const again = await lockPgliteDir(dir);
    await again();

    const holder = await startHolder(dir);
    await expect(lockPgliteDir(dir)).rejects.toThrow(new RegExp(`in use by another process \\(pid ${holder.pid}\\)`));
    // Another path to the same directory meets the same lock.
    const link = path.join(tmp, "held-link");
    fs.symlinkSync(dir, link);
    await expect(lockPgliteDir(link)).rejects.toThrow(DatabaseInUseError);
    holder.shell.kill("SIGKILL");
  }, 30_000);

  it.runIf(process.platform === "linux")(
    "is free the moment its holder is killed, even while the holder is an unreaped zombie",
    async () => {
      const dir = newDir("zombie");
      const holder = await startHolder(dir, { unreaped: true });
      await expect(lockPgliteDir(dir)).rejects.toThrow(DatabaseInUseError);

      process.kill(holder.pid, "SIGKILL");
      await until(() => processState(holder.pid) === "Z", "the holder to become a zombie");
      // The zombie still has its pid (kill(pid, 0) succeeds), which is what blocked restarts before.
      expect(() => process.kill(holder.pid, 0)).not.toThrow();

      expect(await pgliteDirInUse(dir)).toBeNull();
      const release = await lockPgliteDir(dir);
      await release();
      holder.shell.kill("SIGKILL");
    },
    30_000,
  );

  it("trusts no pid: a pid file beside the database naming a live process (a reused pid) does not block it", async () => {
    const dir = newDir("reused-pid");
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    const release = await lockPgliteDir(dir);
    await release();
  });
});
