// Lighthouse (mobile profile, performance only) on the pages with a budget, through its CLI and
// Debian's Chromium. Returns the score (0–100) and the main timings per page.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";

export function lighthouse(url) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-lh-")), "report.json");
  const run = spawnSync(
    "npx",
    ["lighthouse", url, "--only-categories=performance", "--form-factor=mobile", `--chrome-flags=${CHROME_FLAGS}`, "--output=json", `--output-path=${out}`, "--quiet"],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }, encoding: "utf8", timeout: 180_000 },
  );
  if (run.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed for ${url}: ${run.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const audit = (id) => report.audits[id].displayValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    detail: `FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")}`,
  };
}
