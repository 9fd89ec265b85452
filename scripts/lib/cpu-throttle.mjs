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

/**
 * An executable that starts `browser` with each of its threads limited to 1/`rate` of a core, and
 * a function that lifts the limits; or `{ reason }` where this machine lets no process set them up.
 */
export function throttledBrowser(browser, rate) {
  const root = path.join(CPU_HIERARCHY, `dragon-grid-bench-${process.pid}`);
  try {
    fs.mkdirSync(root);
  } catch (error) {
    return { reason: `no cgroup v1 cpu controller to hold threads in (${root}: ${error.code ?? error.message})` };
  }
  if (!fs.existsSync(path.join(root, "tasks")) || !fs.existsSync(path.join(root, "cpu.cfs_quota_us"))) {
    fs.rmSync(root, { recursive: true, force: true });
    return { reason: `no cgroup v1 cpu controller to hold threads in (${root})` };
  }
  const quota = Math.round(PERIOD_US / rate);
  /** A thread's own cgroup, made the first time it is seen. */
  const groups = new Map();
  const ownGroup = (thread) => {
    const dir = path.join(root, `thread-${thread}`);
    fs.mkdirSync(dir);
    write(dir, "cpu.cfs_period_us", PERIOD_US);
    write(dir, "cpu.cfs_quota_us", quota);
    groups.set(thread, dir);
    return dir;
  };
  // A thread starts in its creator's cgroup: each one found sharing is moved to one of its own.
  const placeThreads = () => {
    for (const [dir, owner] of [[root, null], ...[...groups].map(([thread, group]) => [group, thread])]) {
      let threads;
      try {
        threads = threadsIn(dir);
      } catch {
        continue;
      }
      for (const thread of threads) {
        if (thread === owner) continue;
        try {
          write(groups.get(thread) ?? ownGroup(thread), "tasks", thread);
        } catch {
          // The thread ended in between.
        }
      }
    }
  };
  const watcher = setInterval(placeThreads, WATCH_MS);
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "throttled-browser-")), "chromium");
  // The shell joins the cgroup, then becomes the browser: its threads are placed from there.
  fs.writeFileSync(script, `#!/bin/sh\necho $$ > '${path.join(root, "cgroup.procs")}'\nexec '${browser}' "$@"\n`, {
    mode: 0o755,
  });
  return {
    executablePath: script,
    remove: () => {
      clearInterval(watcher);
      fs.rmSync(path.dirname(script), { recursive: true, force: true });
      // A cgroup is removed once its threads have gone (the browser closes just before).
      for (const dir of [...groups.values(), root]) {
        for (let tries = 0; tries < 50; tries++) {
          try {
            fs.rmdirSync(dir);
            break;
          } catch {
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          }
        }
      }
    },
  };
}
