import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Thrown when another live process has the embedded database open. */
export class DatabaseInUseError extends Error {}

/**
 * One process at a time on an embedded database directory. PGlite keeps no lock of its own, and
 * two processes writing one data directory corrupt it; so whoever opens it (the server, a CLI such
 * as make-admin or backup, a bench seeding script) first listens on a Unix socket named after the
 * directory. The kernel closes a process's sockets the moment it dies, before anyone reaps it, so a
 * crashed holder (SIGKILL, a zombie nobody has waited for, a pid since reused) never blocks the next
 * opener: there is no pid to trust. Decision 017.
 *
 * On Linux the socket lives in the abstract namespace: nothing on disk, nothing stale. Elsewhere it
 * is a socket file in the temporary directory; one that no process answers on is left over from a
 * crash and is replaced.
 */
export async function lockPgliteDir(dir: string): Promise<() => Promise<void>> {
  const address = lockAddress(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const server = await listen(address);
      let released: Promise<void> | undefined;
      return () => (released ??= new Promise((resolve) => server.close(() => resolve())));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      const owner = await holderOf(address);
      if (owner !== null) {
        throw new DatabaseInUseError(
          `The database in ${dir} is in use by another process${owner > 0 ? ` (pid ${owner})` : ""}. Stop it first: the embedded database belongs to one process at a time.`,
        );
      }
      // A socket file nobody listens on: its holder died. (An abstract name is gone with its holder.)
      if (!address.startsWith("\0")) fs.rmSync(address, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the database in ${dir}`);
}

/** The pid of the live process that has the embedded database directory open (0 when it did not say), or null. */
export async function pgliteDirInUse(dir: string): Promise<number | null> {
  if (!fs.existsSync(dir)) return null;
  return holderOf(lockAddress(dir));
}

// Named after the directory itself (device and inode), so two paths to one directory (a symlink,
// a relative path) meet at one lock.
function lockAddress(dir: string): string {
  const { dev, ino } = fs.statSync(dir);
  const name = crypto.createHash("sha256").update(`${dev}:${ino}`).digest("hex").slice(0, 32);
  return process.platform === "linux"
    ? `\0dragon-grid-pglite-${name}`
    : path.join(os.tmpdir(), `dragon-grid-pglite-${name}.sock`);
}

// The holder tells whoever connects its pid, for the message; the lock itself is the listening.
function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      // The lock must not keep a process alive that has nothing else to do.
      server.unref();
      resolve(server);
    });
  });
}

function holderOf(address: string): Promise<number | null> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(address);
    socket.setEncoding("utf8");
    socket.setTimeout(2000, () => socket.destroy());
    socket.on("data", (chunk) => (answer += chunk));
    // ECONNREFUSED or ENOENT: nobody holds it. A holder that connected but said nothing still holds it.
    socket.on("error", () => resolve(null));
    socket.on("close", (hadError) => {
      if (hadError) return;
      const pid = Number(answer.trim());
      resolve(Number.isInteger(pid) && pid > 0 ? pid : 0);
    });
  });
}
