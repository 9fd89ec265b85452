// CI's supply-chain check: `npm audit --omit=dev` must report no high or critical advisory in the
// production dependencies, except those named in .ci/audit-allowed.json, each with the decision
// record that says why it does not apply. When the registry has no audit endpoint (the registry
// mirror on the project's build machines answers 405), the check cannot run: it says so loudly and
// passes, unless AUDIT_REQUIRED=true, where that is a failure too (decision 018).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const allowed = JSON.parse(fs.readFileSync(new URL("../.ci/audit-allowed.json", import.meta.url), "utf8"));
for (const entry of allowed) {
  if (!entry.advisory || !entry.decision || !fs.existsSync(new URL(`../${entry.decision}`, import.meta.url))) {
    console.error(
      `audit: every allowed advisory needs an advisory id and an existing decision record: ${JSON.stringify(entry)}`,
    );
    process.exit(1);
  }
}
const allowedIds = new Set(allowed.map((entry) => String(entry.advisory)));

const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = null;
}
if (!report || report.error || !report.vulnerabilities) {
  const reason = report?.error?.summary || report?.message || (result.stderr || "no answer").trim().split("\n").at(-1);
  const message = `audit: the registry's audit endpoint could not be reached (${reason}); production dependencies were NOT checked for advisories`;
  if (process.env.AUDIT_REQUIRED === "true") {
    console.error(message);
    process.exit(1);
  }
  console.warn(`WARNING ${message}`);
  process.exit(0);
}

const blocking = [];
for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
  if (!["high", "critical"].includes(vulnerability.severity)) continue;
  const advisories = vulnerability.via.filter((via) => typeof via === "object");
  const open = advisories.filter(
    (advisory) => !allowedIds.has(String(advisory.source)) && !allowedIds.has(advisory.url),
  );
  // A package flagged only through another package's advisory is reported there.
  if (open.length)
    blocking.push(...open.map((advisory) => `${name}: ${advisory.severity} ${advisory.title} (${advisory.url})`));
}
if (blocking.length) {
  console.error(`audit: high or critical advisories in production dependencies:\n  ${blocking.join("\n  ")}`);
  console.error(
    "Upgrade, or name the advisory in .ci/audit-allowed.json with a decision record that says why it does not apply.",
  );
  process.exit(1);
}
console.log("audit: no high or critical advisory in production dependencies");
