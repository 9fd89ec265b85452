// A slower CPU for the browser, as on a mid-range phone (decision 079): every thread of Chromium
// held to 1/rate of a core, each in a cgroup of its own with that CPU quota (Linux's CFS bandwidth
// control on cgroup v1's cpu controller, which places single threads). It is DevTools' "4×
// slowdown" applied to every thread: DevTools slows only the page's main thread (it refuses
// workers: "Operation is only supported for pages, not workers"), so the drawing check's Web
// Worker would run at full speed; a quota shared by the whole browser instead would make a phone
// of one slow core, where a phone's several cores run the page, its worker and its compositor at once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The quota's period, in µs: short, so that a thread's slowness is spread evenly over its work. */
const PERIOD_US = 20_000;
/** How often new threads are given a cgroup of their own; until then they share their creator's quota. */
const WATCH_MS = 200;
const CPU_HIERARCHY = "/sys/fs/cgroup/cpu";

const write = (dir, file, value) => fs.writeFileSync(path.join(dir, file), String(value));
const threadsIn = (dir) => fs.readFileSync(path.join(dir, "tasks"), "utf8").split("\n").filter(Boolean).map(Number);
const threadGone = (error) => error?.code === "ESRCH";

/**
 * An executable that starts `browser` with each of its threads limited to 1/`rate` of a core; a
 * function answering why the limits did not hold (null when every thread seen was placed); and one
 * that lifts them. Or `{ reason }` where this machine lets no process set them up.
 */
export function throttledBrowser(browser, rate) {
  const root = path.join(CPU_HIERARCHY, `dragon-grid-bench-${process.pid}`);
  const quota = Math.round(PERIOD_US / rate);
  /** Every cgroup made, the first where the browser starts: removed when it is lifted. */
  const made = [];
  /** A cgroup limited to the quota, or an error saying why it could not be. */
  const limited = (dir) => {
    fs.mkdirSync(dir);
    made.push(dir);
    write(dir, "cpu.cfs_period_us", PERIOD_US);
    write(dir, "cpu.cfs_quota_us", quota);
    return dir;
  };
  const removeAll = () => {
    for (const dir of made.reverse()) {
      for (let tries = 0; tries < 20; tries++) {
        try {
          fs.rmdirSync(dir);
          break;
        } catch (error) {
          if (error.code === "ENOENT") break;
          // A cgroup is removed once its threads have gone (the browser closes just before).
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        }
      }
    }
  };
  let start;
  try {
    fs.mkdirSync(root);
    made.push(root);
    // The browser starts here, its first threads already held to the quota until each has its own.
    start = limited(path.join(root, "start"));
  } catch (error) {
    removeAll();
    return { reason: `no cgroup v1 cpu controller to hold threads in (${root}: ${error.code ?? error.message})` };
  }
  /** Each thread's own cgroup, by thread id. */
  const groups = new Map();
  let placed = 0;
  let failure = null;
  // A thread starts in its creator's cgroup: each one found sharing is moved to one of its own.
  const placeThreads = () => {
    for (const [dir, owner] of [[start, null], ...[...groups].map(([thread, group]) => [group, thread])]) {
      let threads;
      try {
        threads = threadsIn(dir);
      } catch {
        continue;
      }
      for (const thread of threads) {
        if (thread === owner) continue;
        try {
          let own = groups.get(thread);
          if (!own) {
            own = limited(path.join(root, `thread-${thread}`));
            groups.set(thread, own);
          }
          write(own, "tasks", thread);
          placed++;
        } catch (error) {
          if (!threadGone(error)) failure ??= `thread ${thread} not placed: ${error.code ?? error.message}`;
        }
      }
    }
  };
  const watcher = setInterval(placeThreads, WATCH_MS);
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "throttled-browser-")), "chromium");
  // The shell joins the start cgroup (or fails), then becomes the browser.
  fs.writeFileSync(
    script,
    `#!/bin/sh\necho $$ > '${path.join(start, "cgroup.procs")}' || exit 1\nexec '${browser}' "$@"\n`,
    { mode: 0o755 },
  );
  return {
    executablePath: script,
    /** Why the browser did not run as throttled, or null: a thread not placed, or none seen at all. */
    problem: () => failure ?? (placed === 0 ? "no thread of the browser was seen in its cgroup" : null),
    remove: () => {
      clearInterval(watcher);
      fs.rmSync(path.dirname(script), { recursive: true, force: true });
      removeAll();
    },
  };
}
