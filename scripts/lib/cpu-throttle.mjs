// A slower CPU for the browser, as on a mid-range phone: Chromium started inside a cgroup whose CPU
// quota is 1/rate of one core (Linux's CFS bandwidth control, cgroup v2 `cpu.max` or v1
// `cpu.cfs_quota_us`). Unlike DevTools' CPU throttling, which slows only a page's own thread, the
// quota holds for every thread of the browser, the drawing check's Web Worker included.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PERIOD_US = 100_000;

/**
 * An executable that starts `browser` in a new cgroup limited to 1/`rate` of a core, and a
 * function that removes the cgroup; or `{ reason }` where this machine lets no process set one up
 * (no writable cgroup file system with the cpu controller).
 */
export function throttledBrowser(browser, rate) {
  const name = `dragon-grid-bench-${process.pid}`;
  const quota = Math.round(PERIOD_US / rate);
  const candidates = [
    // cgroup v2: the unified hierarchy, with the cpu controller enabled for its children.
    { dir: path.join("/sys/fs/cgroup", name), limit: ["cpu.max", `${quota} ${PERIOD_US}`] },
    { dir: path.join("/sys/fs/cgroup/unified", name), limit: ["cpu.max", `${quota} ${PERIOD_US}`] },
    // cgroup v1: the cpu controller's own hierarchy.
    {
      dir: path.join("/sys/fs/cgroup/cpu", name),
      limit: ["cpu.cfs_quota_us", String(quota)],
      period: ["cpu.cfs_period_us", String(PERIOD_US)],
    },
  ];
  const reasons = [];
  for (const { dir, limit, period } of candidates) {
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      reasons.push(`${dir}: ${error.code ?? error.message}`);
      continue;
    }
    // A directory the kernel did not fill is no cgroup (a tmpfs where cgroups are not mounted), and
    // one without the limit's file has no cpu controller.
    if (!fs.existsSync(path.join(dir, "cgroup.procs")) || !fs.existsSync(path.join(dir, limit[0]))) {
      fs.rmSync(dir, { recursive: true, force: true });
      reasons.push(`${dir}: no cgroup with the cpu controller`);
      continue;
    }
    try {
      if (period) fs.writeFileSync(path.join(dir, period[0]), period[1]);
      fs.writeFileSync(path.join(dir, limit[0]), limit[1]);
    } catch (error) {
      fs.rmdirSync(dir);
      reasons.push(`${dir}: ${error.code ?? error.message}`);
      continue;
    }
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "throttled-browser-")), "chromium");
    // The shell joins the cgroup, then becomes the browser: every process it starts stays in it.
    fs.writeFileSync(script, `#!/bin/sh\necho $$ > '${path.join(dir, "cgroup.procs")}'\nexec '${browser}' "$@"\n`, {
      mode: 0o755,
    });
    return {
      executablePath: script,
      remove: () => {
        fs.rmSync(path.dirname(script), { recursive: true, force: true });
        // A cgroup is removed once its processes have gone (the browser closes just before).
        for (let tries = 0; tries < 50; tries++) {
          try {
            fs.rmdirSync(dir);
            return;
          } catch {
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          }
        }
      },
    };
  }
  return { reason: `no cgroup to limit the CPU in (${reasons.join("; ")})` };
}
