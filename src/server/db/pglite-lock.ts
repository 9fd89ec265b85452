import fs from "node:fs";

/** Thrown when another live process has the embedded database open. */
export class DatabaseInUseError extends Error {}

/**
 * One process at a time on an embedded database directory. PGlite keeps no lock of its own, and
 * two processes writing one data directory corrupt it; so whoever opens it (the server, a CLI such
 * as make-admin or backup, a bench seeding script) writes its pid beside it first. A lock left by a
 * process that has died (a crash, SIGKILL) is taken over.
 */
export function lockPgliteDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readPid(lockFile);
      if (owner !== null && isAlive(owner)) {
        throw new DatabaseInUseError(`The database in ${dir} is in use by another process (pid ${owner}). Stop it first: the embedded database belongs to one process at a time.`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the database in ${dir}`);
}

/** Is the embedded database directory open in a live process? */
export function pgliteDirInUse(dir: string): number | null {
  const owner = readPid(`${dir}.lock`);
  return owner !== null && isAlive(owner) ? owner : null;
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
