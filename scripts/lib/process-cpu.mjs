// CPU time of a process, read from /proc (Linux), for `npm run bench`: unlike requests per second,
// a server's CPU time per request hardly moves when other work shares the machine's cores.
import fs from "node:fs";
import { processTree } from "./process-memory.mjs";

// /proc counts in USER_HZ ticks, 100 a second on every architecture Linux runs Node on.
const MICROSECONDS_PER_TICK = 10_000;

/** User plus system CPU time `pid` has used so far, in µs, or null when it cannot be read. */
export function cpuMicroseconds(pid) {
  try {
    // utime and stime are the 12th and 13th fields after the command name in parentheses.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * MICROSECONDS_PER_TICK;
  } catch {
    return null;
  }
}

/** Five minutes: a first start's child drawing its samples' outlines takes one or two. */
const IDLE_WAIT_MS = 300_000;

/**
 * Resolves true once `pid` and its descendants have used under 10 % of a core for two seconds (a
 * server's first start goes on drawing its samples' outlines in a child process for a minute or
 * more), or false if they have not within five minutes: the caller reports that run as not quiet.
 */
export async function untilIdle(pid) {
  const windowMs = 2000;
  const cpuOfTree = () => new Map(processTree(pid).map((id) => [id, cpuMicroseconds(id) ?? 0]));
  const started = Date.now();
  while (Date.now() - started < IDLE_WAIT_MS) {
    const before = cpuOfTree();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    // A process that ended in between is not counted; one that began counts whole.
    let used = 0;
    for (const [id, cpu] of cpuOfTree()) used += cpu - (before.get(id) ?? 0);
    if (used < windowMs * 1000 * 0.1) return true;
  }
  return false;
}
