// `npm test`: the server suite on PGlite, its files that open a database again on a throwaway
// PostgreSQL, the component tests in Chromium against the real API, then the end-to-end journeys
// in Chromium against the built app, two at a time.
// Without PostgreSQL or Chromium those parts are skipped with a message, except under CI=true,
// where a missing part is a failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { postgresAvailable, startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { databaseTestFiles } from "./lib/database-test-files.mjs";

const CI = process.env.CI === "true" || process.env.CI === "1";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const extraArgs = process.argv.slice(2);
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
}

function skip(label, reason) {
  const line = `${label}: skipped, ${reason}`;
  if (CI) {
    console.error(`\n=== ${label} === FAILED under CI: ${reason}`);
    failures.push(label);
  } else {
    console.warn(`\n=== ${line} ===`);
  }
}

// 1. Server: unit and API integration tests on PGlite (DATABASE_URL from the shell is ignored here).
run("server tests (PGlite)", "npx", ["vitest", "run", "--project", "server", ...extraArgs], { DATABASE_URL: "" });

// 2. The database tests again on PostgreSQL: only the files that get a database from
// src/server/test/test-database.ts (directly or through createTestApp), found by following their
// imports. The others never read DATABASE_URL, so a second run would repeat the first. A file that
// opens a test database without the scan finding it fails in step 1 (createTestDatabase checks).
const databaseTests = databaseTestFiles().map((file) => path.relative(process.cwd(), file));
if (process.env.TEST_DATABASE_URL) {
  run("database tests (PostgreSQL)", "npx", ["vitest", "run", "--project", "server", ...databaseTests], {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else if (postgresAvailable()) {
  let pg;
  try {
    pg = await startThrowawayPostgres();
    run("database tests (PostgreSQL)", "npx", ["vitest", "run", "--project", "server", ...databaseTests], {
      DATABASE_URL: pg.url,
    });
  } catch (error) {
    skip("database tests (PostgreSQL)", `could not start PostgreSQL (${error.message.trim()})`);
  } finally {
    pg?.stop();
  }
} else {
  skip(
    "database tests (PostgreSQL)",
    "PostgreSQL (initdb, pg_ctl) is not installed; set TEST_DATABASE_URL to use a running server",
  );
}

// 3. Component tests: React components in Chromium (Vitest's browser mode), against the real app.
// 4. End-to-end journeys against the built app.
if (fs.existsSync(CHROMIUM)) {
  run("component tests (Chromium)", "npx", ["vitest", "run", "--project", "components"], { CHROMIUM_PATH: CHROMIUM });
  if (buildIsStale()) run("build", "npm", ["run", "--silent", "build"]);
  if (!failures.includes("build"))
    run("end-to-end (Chromium)", "npx", ["vitest", "run", "--project", "e2e"], { CHROMIUM_PATH: CHROMIUM });
} else {
  skip("component tests and end-to-end (Chromium)", `no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}

if (failures.length) {
  console.error(`\nFailed: ${failures.join(", ")}`);
  process.exit(1);
}
console.log("\nAll test suites passed.");
