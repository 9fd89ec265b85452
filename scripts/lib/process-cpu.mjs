// CPU time of a process, read from /proc (Linux), for `npm run bench`: unlike requests per second,
// a server's CPU time per request hardly moves when other work shares the machine's cores.
import fs from "node:fs";

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
