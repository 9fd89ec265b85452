// `npm run bench:load`: LOAD_USERS virtual users (default 100) for LOAD_SECONDS (default 60) doing
// what people do on Dragon Grid (scripts/lib/load-users.mjs: library and dragon pages, the canvas
// with a save every 5 s, feed pages, likes, comments, sign-ins), with think time, against
//  1. one built server on PGlite (a fresh DATA_DIR, the sample templates loaded as on `npm start`);
//  2. two built servers sharing one throwaway PostgreSQL and one S3-compatible store (s3rver), the
//     users split between them (skipped, with a row saying so, when initdb is not installed);
//  3. the same with four servers, as a deployment behind a load balancer grows.
// After each PostgreSQL scenario, wrong passwords sent to the servers in turn must be refused at the
// same try as on one server (the rate limits are shared; the exit code is 1 otherwise).
// A small feed (60 posts × 3 photos, with likes and comments) is seeded first, so likes and comments
// have targets, and the users' accounts, verified and signed in (scripts/lib/seed-load-users.ts):
// sign-ins during the load go through the real login.
//
// Per scenario: requests, 5xx (there must be none: the exit code is 1 otherwise), other non-2xx by
// status (429s are the rate limiter's answers, shown, not failures), p50/p99 of reads, writes and
// sign-ins, and each server's peak resident memory sampled every second. The budgets (reads p99
// < 20 ms, writes p99 < 30 ms; every server < 400 MB) are reported, as `npm run bench` does, not
// enforced by the exit code.
//
// Then capacity: more and more users (LOAD_CAPACITY_STEPS, on accounts of their own; each step's
// newcomers join the users already there over 10 s, and the step is measured for LOAD_STEP_SECONDS
// once they have) until the reads' p99 passes 50 ms, a 5xx comes back or a request gets no answer;
// the row names the first step that did, with every step's p99.
//
// Environment: LOAD_USERS, LOAD_SECONDS, LOAD_ONLY ("pglite", "postgres" or "four": one scenario),
// LOAD_CAPACITY_STEPS ("" to skip), LOAD_STEP_SECONDS.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { onCleanup, spawnTracked, stopAll, stopOnSignal, wasInterrupted } from "./lib/bench-processes.mjs";
import { BENCH_SECRET_KEY_BASE, runScript, sleep, startServer, tempDir } from "./lib/bench-server.mjs";
import { MIX, PASSWORD, createRecorder, makeUsers, runUser, summarise, warmUp } from "./lib/load-users.mjs";
import { canReadProcessMemory, residentMb, watchMemory } from "./lib/process-memory.mjs";
import { postgresAvailable, startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";

const USERS = Number(process.env.LOAD_USERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const ONLY = process.env.LOAD_ONLY?.toLowerCase() ?? null;
const FEED_POSTS = 60;
const BUDGET = { readP99: 20, writeP99: 30, residentMb: 400 };
const CAPACITY_STEPS = (process.env.LOAD_CAPACITY_STEPS ?? "200,400,700,1000,1400,2000")
  .split(",")
  .filter(Boolean)
  .map(Number);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 20);
// How long a capacity step's newcomers take to join, and the wait before the step is measured.
const RAMP_SECONDS = 10;
const SETTLE_SECONDS = 6;
// Where a read stops feeling instant; the capacity is the number of users at which p99 passes it.
const CAPACITY_READ_P99 = 50;
// Two servers on PostgreSQL must carry at least this many users within it.
const CAPACITY_BUDGET_USERS = 1000;
// Behind one reverse proxy, as a real deployment: each user's own address reaches the rate limits.
const BEHIND_PROXY = { TRUST_PROXY: "1" };

if (
  !(Number.isInteger(USERS) && USERS > 0) ||
  !(SECONDS > 0) ||
  !(STEP_SECONDS > 0) ||
  !CAPACITY_STEPS.every((step) => Number.isInteger(step) && step > 0)
) {
  console.error(
    "bench:load: LOAD_USERS and LOAD_CAPACITY_STEPS must be positive whole numbers, LOAD_SECONDS and LOAD_STEP_SECONDS positive numbers",
  );
  process.exit(2);
}

const rows = [];
const routeRows = [];
let failed = false;

const reasonOf = (error) => (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 200);
const ms = (value) => (value === null ? "–" : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);
const mb = (value) => `${Math.round(value)} MB`;

let tablePrinted = false;
function printTables() {
  if (tablePrinted) return;
  tablePrinted = true;
  if (routeRows.length) {
    console.log("\nPer route (the measured window only)\n");
    console.table(routeRows);
  }
  console.log(
    `\nDragon Grid load bench (${os.cpus().length} cores, Node ${process.version}, ${USERS} users, ${SECONDS} s)\n`,
  );
  console.table(rows);
  if (failed) process.exitCode = 1;
}

stopOnSignal((signal) => {
  rows.push({ scenario: "", measure: `(bench stopped by ${signal})`, value: "", budget: "", met: "" });
  failed = true;
}, printTables);

/**
 * The feed's posts and the users' accounts (signed in), through the app's own configuration
 * (PGlite: while no server has the database open). Answers the accounts.
 */
async function seed(env) {
  const lastLine = (out) => JSON.parse(out.trim().split("\n").at(-1));
  lastLine(await runScript("scripts/lib/seed-feed.ts", [String(FEED_POSTS)], env));
  // The measured users, then the capacity steps' own (a measured user may have signed out, which
  // ends the session its account was seeded with).
  return lastLine(
    await runScript("scripts/lib/seed-load-users.ts", [String(USERS + Math.max(0, ...CAPACITY_STEPS)), PASSWORD], env),
  ).users;
}

/** s3rver in its own tracked process; answers the environment that points a server at it. */
async function startS3() {
  const child = spawnTracked(process.execPath, ["scripts/lib/s3rver-process.mjs", "bench-load"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.split("\n")[0]);
    });
    child.benchEntry.exit.then(({ code }) => reject(new Error(`s3rver exited (${code}) before it listened`)));
  });
  const { endpoint, bucket } = JSON.parse(line);
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
}

/**
 * The load itself: USERS signed-in users ({ email, cookie } each) for SECONDS against `servers`
 * ({ name, url, pid, child }), then the rows. `capacityUsers`: how many users the scenario must carry
 * within the capacity's read p99 (none: reported only).
 */
async function runLoad(scenario, servers, accounts, { capacityUsers }) {
  const row = (measure, value, budget = "", met = "") => rows.push({ scenario, measure, value, budget, met });
  const recorder = createRecorder();
  const dragons = await (await fetch(`${servers[0].url}/api/dragons`)).json();
  if (!dragons.length) throw new Error("no dragons in the library");
  const world = { dragonIds: dragons.map((dragon) => dragon.id) };

  const users = makeUsers(accounts.slice(0, USERS), servers, recorder);
  await warmUp(users, servers, world);
  console.error(`${scenario}: ${SECONDS} s of load by ${users.length} signed-in users starts`);

  const memory = canReadProcessMemory()
    ? servers.map((server) => ({
        server,
        before: residentMb(server.pid),
        watch: watchMemory(server.pid, { intervalMs: 1000 }),
      }))
    : [];
  recorder.recording = true;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const progress = setInterval(() => {
    const count = [...recorder.classes.values()].reduce((sum, item) => sum + item.latencies.length, 0);
    console.error(`${scenario}: ${Math.round((performance.now() - started) / 1000)} s, ${count} requests`);
  }, 10_000);
  try {
    await Promise.all(users.map((user) => runUser(user, world, { at: deadline })));
  } finally {
    clearInterval(progress);
    recorder.recording = false;
  }
  const elapsed = (performance.now() - started) / 1000;
  const peaks = memory.map(({ server, before, watch }) => ({
    server,
    before,
    peak: watch.stop().peak,
    after: residentMb(server.pid),
  }));

  // The figures
  const classes = ["read", "write", "sign-in"].map((name) => ({
    name,
    ...summarise(recorder.classes.get(name)?.latencies ?? []),
  }));
  const total = classes.reduce((sum, item) => sum + item.count, 0);
  row(
    "requests",
    `${total.toLocaleString("en")} in ${elapsed.toFixed(0)} s (${Math.round(total / elapsed)} req/s) from ${USERS} users on ${servers.length} server${servers.length > 1 ? "s" : ""}`,
  );
  const statuses = [...recorder.statuses.entries()].sort(([a], [b]) => a - b);
  const serverErrors = statuses.filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  const errorDetail = statuses
    .filter(([status]) => status >= 500)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  row("5xx answers", serverErrors ? `${serverErrors} (${errorDetail})` : "0", "0", serverErrors ? "NO" : "yes");
  if (serverErrors) failed = true;
  if (recorder.failures.length) {
    failed = true;
    row("requests with no answer", `${recorder.failures.length} (first: ${recorder.failures[0]})`, "0", "NO");
  }
  const others = statuses.filter(([status]) => (status < 200 || status >= 300) && status < 500);
  row(
    "other non-2xx",
    others.length
      ? others.map(([status, count]) => `${status}: ${count}${status === 429 ? " (rate limiter)" : ""}`).join(", ")
      : "none",
  );
  const budgets = { read: BUDGET.readP99, write: BUDGET.writeP99 };
  for (const item of classes) {
    const budget = budgets[item.name];
    const label = item.name === "sign-in" ? "sign-ins (a password check, costly by design)" : `${item.name}s`;
    row(
      `${label}: p50 / p99`,
      `${ms(item.p50)} / ${ms(item.p99)} (${item.count.toLocaleString("en")} requests, max ${ms(item.max)})`,
      budget ? `p99 < ${budget} ms` : "",
      budget ? (item.p99 !== null && item.p99 < budget ? "yes" : "NO") : "",
    );
  }
  for (const { server, before, peak, after } of peaks) {
    row(
      `resident memory, ${server.name}`,
      `peak ${mb(peak)} (${mb(before ?? 0)} before the load, ${after === null ? "gone" : mb(after)} after)`,
      `< ${BUDGET.residentMb} MB`,
      peak < BUDGET.residentMb ? "yes" : "NO",
    );
  }
  for (const server of servers) {
    if (server.child.benchEntry.exited) {
      failed = true;
      row(`${server.name}`, `exited during the load (exit code ${server.child.exitCode})`, "running", "NO");
    }
  }
  for (const [route, item] of [...recorder.routes.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const figures = summarise(item.latencies);
    const codes = [...item.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
    routeRows.push({
      scenario,
      route,
      requests: figures.count,
      p50: ms(figures.p50),
      p99: ms(figures.p99),
      max: ms(figures.max),
      statuses: codes,
    });
  }
  if (CAPACITY_STEPS.length) await capacity(scenario, servers, accounts.slice(USERS), world, row, capacityUsers);
}

/**
 * Capacity: CAPACITY_STEPS users in turn until a step's reads have a p99 of CAPACITY_READ_P99 ms or
 * more, or a 5xx or unanswered request. The users of one step keep going into the next, and the
 * step's newcomers join over RAMP_SECONDS; each step is measured for STEP_SECONDS once they are all
 * there (SETTLE_SECONDS later: a newcomer's first activity comes after a think time), so its figure
 * is what that many people doing things at once get. Starting every step's users afresh within
 * their first think time measured a crowd arriving at once instead: 1,000 people in 4 s, all
 * looked up afresh, is not what 1,000 people using the site are (decision 020).
 */
async function capacity(scenario, servers, accounts, world, row, capacityUsers) {
  const recorder = createRecorder();
  const everyone = makeUsers(accounts, servers, recorder);
  const end = { at: Infinity };
  const running = [];
  const steps = [];
  let passedAt = null;
  let reason = null;
  try {
    for (const count of CAPACITY_STEPS) {
      if (wasInterrupted()) return;
      for (const user of everyone.slice(running.length, count)) {
        running.push(sleep(Math.random() * RAMP_SECONDS * 1000).then(() => runUser(user, world, end)));
      }
      await sleep((RAMP_SECONDS + SETTLE_SECONDS) * 1000);
      recorder.reset();
      recorder.recording = true;
      await sleep(STEP_SECONDS * 1000);
      recorder.recording = false;
      const reads = summarise(recorder.classes.get("read")?.latencies ?? []);
      const serverErrors = [...recorder.statuses.entries()]
        .filter(([status]) => status >= 500)
        .reduce((sum, [, n]) => sum + n, 0);
      steps.push(`${count}: ${ms(reads.p99)}`);
      const slowest = [...recorder.routes.entries()]
        .map(([route, item]) => ({ route, p99: summarise(item.latencies).p99 ?? 0 }))
        .sort((a, b) => b.p99 - a.p99)
        .slice(0, 3)
        .map(({ route, p99 }) => `${route} ${ms(p99)}`);
      console.error(
        `${scenario}: capacity step of ${count} users: reads p99 ${ms(reads.p99)} (${reads.count} reads), ${serverErrors} 5xx, ${recorder.failures.length} unanswered; slowest p99: ${slowest.join(", ")}`,
      );
      if (serverErrors || recorder.failures.length)
        reason = `${serverErrors} 5xx and ${recorder.failures.length} unanswered at ${count} users`;
      else if (reads.p99 === null || reads.p99 >= CAPACITY_READ_P99)
        reason = `reads p99 ${ms(reads.p99)} at ${count} users`;
      if (reason) break;
      passedAt = count;
    }
  } finally {
    // Everyone stops after what they are doing; nothing of it is recorded.
    end.at = performance.now();
    await Promise.all(running);
  }
  const value = `${reason ? `${passedAt ?? "fewer than " + CAPACITY_STEPS[0]} users; passed at the next step (${reason})` : `more than ${passedAt} users (the last step)`}; p99 per step: ${steps.join(", ")}`;
  const budget = capacityUsers ? `>= ${capacityUsers.toLocaleString("en")} users` : "";
  row(
    `capacity: users within reads p99 < ${CAPACITY_READ_P99} ms (${STEP_SECONDS} s per step, all users there)`,
    value,
    budget,
    capacityUsers ? ((passedAt ?? 0) >= capacityUsers ? "yes" : "NO") : "",
  );
}

/** Run one scenario; a failure becomes a row with its reason, and the bench goes on. */
async function scenario(name, run) {
  if (wasInterrupted()) return;
  try {
    await run();
  } catch (error) {
    if (wasInterrupted()) return;
    failed = true;
    console.error(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    rows.push({
      scenario: name,
      measure: "(scenario)",
      value: `failed: ${reasonOf(error)}`,
      budget: "",
      met: "FAILED",
    });
  }
}

async function run() {
  if (!ONLY || ONLY.includes("pglite")) {
    await scenario("PGlite, 1 server", async () => {
      const dataDir = tempDir("dragon-grid-load-");
      // A first start loads the sample templates (as `npm start` does); the feed goes in while no server has the database open.
      const first = await startServer(dataDir, BEHIND_PROXY);
      await first.stop();
      const accounts = await seed({ DATA_DIR: dataDir, DATABASE_URL: "" });
      const server = await startServer(dataDir, BEHIND_PROXY);
      try {
        await runLoad(
          "PGlite, 1 server",
          [{ name: "server", url: server.url, pid: server.pid, child: server.child }],
          accounts,
          { capacityUsers: null },
        );
      } finally {
        await server.stop();
      }
    });
  }
  if (!ONLY || ONLY.includes("postgres")) await postgresScenario(2);
  if (!ONLY || ONLY.includes("four")) await postgresScenario(4);
}

/** `count` servers sharing one throwaway PostgreSQL and one s3rver, the users spread over them. */
async function postgresScenario(count) {
  const name = `PostgreSQL + S3, ${count} servers`;
  if (!postgresAvailable()) {
    rows.push({
      scenario: name,
      measure: "(scenario)",
      value: "skipped: PostgreSQL's initdb/pg_ctl are not installed on this machine",
      budget: "",
      met: "",
    });
    return;
  }
  await scenario(name, async () => {
    const postgres = await startThrowawayPostgres();
    onCleanup(() => postgres.stop());
    const s3 = await startS3();
    const env = { ...BEHIND_PROXY, ...s3, DATABASE_URL: postgres.url, SECRET_KEY_BASE: BENCH_SECRET_KEY_BASE };
    const servers = [];
    let accounts;
    try {
      for (let index = 0; index < count; index++) {
        const started = await startServer(tempDir("dragon-grid-load-pg-"), env);
        servers.push({
          name: `server ${String.fromCharCode(65 + index)}`,
          url: started.url,
          pid: started.pid,
          child: started.child,
          stop: started.stop,
        });
        // After the first server loaded the sample templates, before the others start.
        if (servers.length === 1) accounts = await seed({ ...env, DATA_DIR: tempDir("dragon-grid-load-seed-") });
      }
      // The capacity budget is for two servers; four sharing the same two cores are reported.
      await runLoad(name, servers, accounts, { capacityUsers: count === 2 ? CAPACITY_BUDGET_USERS : null });
      await limitsHoldAcross(name, servers);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
}

/**
 * After the load: wrong passwords for one account from one client, sent to the servers in turn,
 * must be refused at the same try as on one server (the 11th; features/auth/login-limits.ts),
 * because every process counts in the same place. A limit that did not hold fails the bench.
 */
async function limitsHoldAcross(scenario, servers) {
  const statuses = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    const server = servers[attempt % servers.length];
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.77" },
      body: JSON.stringify({ email: "limits-check@example.com", password: "not the password" }),
    });
    statuses.push(res.status);
  }
  const held = statuses.slice(0, 10).every((status) => status === 401) && statuses[10] === 429;
  if (!held) failed = true;
  rows.push({
    scenario,
    measure: `sign-in limit, wrong passwords to ${servers.length} servers in turn`,
    value: held ? "refused at the 11th try, as on one server" : `statuses ${statuses.join(" ")}`,
    budget: "429 at the 11th",
    met: held ? "yes" : "NO",
  });
}

if (buildIsStale()) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}
console.error(
  `bench:load: ${USERS} users, ${SECONDS} s per scenario; mix ${Object.entries(MIX)
    .map(([activity, share]) => `${activity} ${share} %`)
    .join(", ")}`,
);
try {
  await run();
} catch (error) {
  if (!wasInterrupted()) {
    failed = true;
    rows.push({ scenario: "", measure: "(bench)", value: `failed: ${reasonOf(error)}`, budget: "", met: "FAILED" });
  }
} finally {
  if (!wasInterrupted()) {
    await stopAll();
    printTables();
  }
}
