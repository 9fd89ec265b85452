// `npm test`: the component tests and the end-to-end journeys in Chromium (the journeys against
// the built app, two at a time), and beside them the server suite on PGlite and, at the same time,
// its files that open a database again on a throwaway PostgreSQL. The journeys leave about half of a 2-core
// machine idle (they wait on the browser, the servers and the app's own timers), so the server
// passes run at a lower CPU priority: they take what the journeys leave, and the journeys keep
// their pace. The drawing check's tests on photos follow the journeys, at the server passes'
// priority. Without PostgreSQL or Chromium those parts are skipped with a message, except under
// CI=true, where a missing part is a failure.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { postgresAvailable, startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { databaseTestFiles } from "./lib/database-test-files.mjs";

const CI = process.env.CI === "true" || process.env.CI === "1";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const extraArgs = process.argv.slice(2);
// Files named on the command line may all be in one of the passes: the others then find none.
const filtered = extraArgs.length ? ["--passWithNoTests", ...extraArgs] : [];
// The server passes' niceness beside the journeys: their cross-process tests wait up to 1 s for
// another process, so they must still get a share of a busy core (at 10 about a tenth), not none.
const BESIDE_JOURNEYS = ["nice", "-n", "10"];
const failures = [];
// The server tests: most share a worker's modules, Companion's files each have their own (vitest.config.ts).
const SERVER_PROJECTS = ["--project", "server", "--project", "server-isolated"];

/**
 * Run a command to its end. `quiet` keeps its output until it ends and prints it then in one
 * block, so a part running beside the journeys does not interleave with theirs.
 */
function run(label, [command, ...args], env = {}, { quiet = false } = {}) {
  if (!quiet) console.log(`\n=== ${label} ===`);
  const child = spawn(command, args, {
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (quiet) {
        console.log(`\n=== ${label} ===`);
        process.stdout.write(Buffer.concat(output));
        console.log(`=== ${label}: ${status === 0 ? "passed" : "FAILED"} ===`);
      }
      if (status !== 0) failures.push(label);
      resolve();
    });
  });
}

function skip(label, reason) {
  if (CI) {
    console.error(`\n=== ${label} === FAILED under CI: ${reason}`);
    failures.push(label);
  } else {
    console.warn(`\n=== ${label}: skipped, ${reason} ===`);
  }
}

/**
 * The component tests (React components in Chromium, Vitest's browser mode, against the real app),
 * then the end-to-end journeys against the built app (built first when it is older than its sources).
 */
async function journeys() {
  if (!fs.existsSync(CHROMIUM))
    return skip("component tests and end-to-end (Chromium)", `no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  await run("component tests (Chromium)", ["npx", "vitest", "run", "--project", "components"], {
    CHROMIUM_PATH: CHROMIUM,
  });
  if (buildIsStale()) await run("build", ["npm", "run", "--silent", "build"]);
  if (failures.includes("build")) return;
  await run("end-to-end (Chromium)", ["npx", "vitest", "run", "--project", "e2e"], { CHROMIUM_PATH: CHROMIUM });
}

/**
 * The drawing check's tests on photos ("images" in vitest.config.ts), the heaviest CPU work of the
 * server tests. In the niced PGlite pass beside the journeys they got a tenth of a core and ran past
 * their timeout; they run once the journeys end, at the server passes' priority, taking an even
 * share with them (at normal priority they starved those passes' own timed tests).
 */
function imageTests(prefix) {
  return run("drawing check on photos", [...prefix, "npx", "vitest", "run", "--project", "images", ...filtered]);
}

/**
 * The database tests again on PostgreSQL: only the files that get a database from
 * src/server/test/test-database.ts (directly or through createTestApp), found by following their
 * imports. The others never read DATABASE_URL, so a second run would repeat the first. A file that
 * opens a test database without the scan finding it fails in the PGlite pass (createTestDatabase checks).
 */
async function postgresPass(prefix, quiet) {
  const label = "database tests (PostgreSQL)";
  const vitest = [...prefix, "npx", "vitest", "run", ...SERVER_PROJECTS];
  const databaseTests = databaseTestFiles().map((file) => path.relative(process.cwd(), file));
  if (process.env.TEST_DATABASE_URL)
    return run(label, [...vitest, ...databaseTests], { DATABASE_URL: process.env.TEST_DATABASE_URL }, { quiet });
  if (!postgresAvailable())
    return skip(label, "PostgreSQL (initdb, pg_ctl) is not installed; set TEST_DATABASE_URL to use a running server");
  let pg;
  try {
    pg = await startThrowawayPostgres();
  } catch (error) {
    return skip(label, `could not start PostgreSQL (${error.message.trim()})`);
  }
  try {
    await run(label, [...vitest, ...databaseTests], { DATABASE_URL: pg.url }, { quiet });
  } finally {
    pg.stop();
  }
}

/** The server suite on PGlite (DATABASE_URL from the shell is ignored here). */
function pglitePass(prefix, quiet) {
  return run(
    "server tests (PGlite)",
    [...prefix, "npx", "vitest", "run", ...SERVER_PROJECTS, ...filtered],
    { DATABASE_URL: "" },
    { quiet },
  );
}

// Beside the journeys, the two server passes run at once too: when the journeys end, both keep
// the two cores busy. Without Chromium they run one after the other, in view.
const withJourneys = fs.existsSync(CHROMIUM);
if (withJourneys) {
  console.log("\n(the server passes run beside the journeys; each one's output follows its end)");
  const journeysThenImages = journeys().then(() => imageTests(BESIDE_JOURNEYS));
  await Promise.all([journeysThenImages, pglitePass(BESIDE_JOURNEYS, true), postgresPass(BESIDE_JOURNEYS, true)]);
} else {
  await pglitePass([], false);
  await imageTests([]);
  await postgresPass([], false);
}

if (failures.length) {
  console.error(`\nFailed: ${failures.join(", ")}`);
  process.exit(1);
}
console.log("\nAll test suites passed.");
