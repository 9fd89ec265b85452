// Resident memory of a process, and of it with its descendants, read from /proc (Linux), for
// `npm run bench`. Figures are in MB (1024 × 1024 bytes), like `ps` and `top` show them.
import fs from "node:fs";

/** True when /proc can be read (Linux). */
export function canReadProcessMemory() {
  return fs.existsSync(`/proc/${process.pid}/status`);
}

/** The resident set (VmRSS) of `pid` in MB, or null when the process is gone. */
export function residentMb(pid) {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** `pid` and every process below it. */
export function processTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the second field after the command name in parentheses (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [];
  const visit = (id) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** The resident memory of `pid` and its descendants together, in MB (shared pages count twice). */
export function treeResidentMb(pid) {
  return processTree(pid).reduce((sum, id) => sum + (residentMb(id) ?? 0), 0);
}

/**
 * Sample a process every `intervalMs` until `stop()`, which returns the highest resident memory
 * seen for the process alone and for it with its descendants (a first start's child, say).
 */
export function watchMemory(pid, { intervalMs = 100, tree = false } = {}) {
  let peak = 0;
  let peakTree = 0;
  const sample = () => {
    peak = Math.max(peak, residentMb(pid) ?? 0);
    if (tree) peakTree = Math.max(peakTree, treeResidentMb(pid));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peak, peakTree };
    },
  };
}
