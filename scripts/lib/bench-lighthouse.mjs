// Lighthouse (mobile profile, performance only) on the pages with a budget, through its CLI and
// Debian's Chromium. A run that fails (an error such as NO_NAVSTART, or no score) is returned as a
// failed run with its reason, never tried again: the row counts it (decision 040). Its report and
// trace are kept, and their directory printed, so the failure can be looked into.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { onCleanup, spawnTracked, stopTracked } from "./bench-processes.mjs";

const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const RUN_TIMEOUT_MS = 180_000;
const CLI = fileURLToPath(new URL("../../node_modules/lighthouse/cli/index.js", import.meta.url));

// The reason a run failed, in one line: Lighthouse's runtime error (code and message) if it wrote
// a report, else its "Runtime error encountered" line, else the last line it printed.
function failureReason(out, stderr, code) {
  try {
    const { runtimeError } = JSON.parse(fs.readFileSync(out, "utf8"));
    if (runtimeError) return `${runtimeError.code}: ${runtimeError.message}`.slice(0, 200);
  } catch {
    // No report.
  }
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const runtime = lines.find((line) => line.startsWith("Runtime error encountered:"));
  return (runtime ?? lines.at(-1) ?? `exit code ${code}`).slice(0, 200);
}

/** One Lighthouse run: `{ score, detail }`, or `{ failed: true, reason }`; never throws. */
export async function lighthouse(url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-lh-"));
  let keep = false;
  const removeDir = () => keep || fs.rmSync(dir, { recursive: true, force: true });
  // Also when the bench is stopped mid-run and never comes back here.
  onCleanup(removeDir);
  const out = path.join(dir, "report.json");
  try {
    // The CLI closes its Chrome on SIGINT, so that is how the bench stops a run.
    const child = spawnTracked(
      process.execPath,
      [
        CLI,
        url,
        "--only-categories=performance",
        "--form-factor=mobile",
        `--chrome-flags=${CHROME_FLAGS}`,
        "--output=json",
        `--output-path=${out}`,
        "--save-assets",
        "--quiet",
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
        stdio: ["ignore", "ignore", "pipe"],
      },
      { stopSignal: "SIGINT" },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stopTracked(child, 5_000);
    }, RUN_TIMEOUT_MS);
    const { code, error } = await child.benchEntry.exit;
    clearTimeout(timer);
    if (timedOut) throw new Error(`timed out after ${RUN_TIMEOUT_MS / 1000} s`);
    if (error) throw new Error(error.message);
    if (code !== 0 || !fs.existsSync(out)) throw new Error(failureReason(out, stderr, code));
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    if (report.runtimeError) throw new Error(failureReason(out, stderr, code));
    const score = report.categories.performance.score;
    if (typeof score !== "number" || score === 0) throw new Error(`performance score ${score}`);
    const audit = (id) => report.audits[id]?.displayValue ?? "?";
    return {
      score: Math.round(score * 100),
      detail: `FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")}`,
    };
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    keep = true;
    console.error(`Lighthouse run failed for ${url}: ${reason} (report and trace kept in ${dir})`);
    return { failed: true, reason };
  } finally {
    removeDir();
  }
}
