// `npm run bench`: measures the budgets (docs/benchmarks.md) on this machine and prints a table.
//  - start-up: first start on an empty DATA_DIR, and a restart on the same one
//  - resident memory of the server: after a first start and a restart, and during and after a
//    load of 50 connections, on PGlite and (when initdb is installed) on a throwaway PostgreSQL
//  - first-load JavaScript (gzip) of the landing page, against the 90 KB budget
//  - API reads at 50 connections (autocannon): requests/s and p99, next to a Fastify hello-world
//    in a process of its own measured in the same run, so a slow machine shows up as a slow baseline.
//  - the feed's first pages read while 200 connections ask for made-up `?before=` cursors, and
//    resident memory while four members post a 40 MP progressive JPEG each at once (issue 24)
//  - GET /api/health/live and resident memory while one member's ten 8192² pencil jobs run (issue 41)
//  - Lighthouse and the canvas in Chromium, when /usr/bin/chromium is there
// A measure that fails becomes a "failed" row with its reason; the table always comes out, and
// every process the bench started is stopped, whatever happens (Ctrl-C and SIGTERM included).
//
// Environment: BENCH_ONLY (a comma-separated list: only the parts whose names contain one), BENCH_SECONDS (each throughput test, default 5), BENCH_WARM_UP_SECONDS (uncounted load before each, default 2), BENCH_LIGHTHOUSE_RUNS (per page, default 5), BENCH_MEMORY_SECONDS (the load
// under which memory is measured, default 60), BENCH_IDLE_SECONDS (how long after start-up or load
// memory is read as "idle", default 45: V8 gives back its start-up heap some 15–20 s after the
// last activity, and the background jobs first run 30 s after start-up, adding 3–26 MB that stay;
// a reading at 30 s raced them), CHROMIUM_PATH.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { benchCanvas, benchDrawingCheck } from "./lib/bench-canvas.mjs";
import { throttledBrowser } from "./lib/cpu-throttle.mjs";
import { feedUnderMadeUpCursors } from "./lib/bench-feed-cursors.mjs";
import { MEMBERS, bigProgressivePhoto, postPhotosAtOnce } from "./lib/bench-photo-memory.mjs";
import { PENCIL_JOBS, PENCIL_SIDE, pencilJobsAtOnce } from "./lib/bench-pencil-jobs.mjs";
import { lighthouse } from "./lib/bench-lighthouse.mjs";
import { onCleanup, stopAll, stopOnSignal, wasInterrupted } from "./lib/bench-processes.mjs";
import {
  BENCH_SECRET_KEY_BASE,
  runScript,
  sleep,
  startBareFastify,
  startServer,
  tempDir,
} from "./lib/bench-server.mjs";
import { photoLike } from "./lib/photo-like.mjs";
import { registrationTiming } from "./lib/bench-registration.mjs";
import { cpuMicroseconds } from "./lib/process-cpu.mjs";
import { canReadProcessMemory, residentMb, watchMemory } from "./lib/process-memory.mjs";
import { postgresAvailable, startThrowawayPostgres } from "./lib/throwaway-postgres.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
const MEMORY_LOAD_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 45);
const CONNECTIONS = 50;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const rows = [];

// ---------------------------------------------------------------------------------------------
// Table, failures and stopping

const reasonOf = (error) => (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 200);

let tablePrinted = false;
function printTable() {
  if (tablePrinted) return;
  tablePrinted = true;
  console.log(
    `\nDragon Grid benchmark (${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per load test after ${WARM_UP_SECONDS} s of warm-up, ${MEMORY_LOAD_SECONDS} s memory load)\n`,
  );
  console.table(rows);
  if (rows.some((row) => row.ok === "NO" || row.ok === "FAILED")) process.exitCode = 1;
}

stopOnSignal(
  (signal) => rows.push({ measure: `(bench stopped by ${signal})`, value: "", budget: "", ok: "" }),
  printTable,
);

// BENCH_ONLY="GET /api/posts,Lighthouse": run only the parts whose names contain one of these
// (the start-up parts that the others need always run).
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(",").map((part) => part.trim()) : null;
const ALWAYS = new Set(["first start, empty DATA_DIR", "seed a blog post", "restart, same DATA_DIR"]);

/** Run one part of the bench; if it throws, its rows say "failed" with the reason and the bench goes on. */
async function section(name, run) {
  if (wasInterrupted()) return;
  if (ONLY && !ALWAYS.has(name) && !ONLY.some((part) => name.includes(part))) return;
  try {
    await run();
  } catch (error) {
    if (wasInterrupted()) return;
    console.error(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    rows.push({ measure: name, value: `failed: ${reasonOf(error)}`, budget: "", ok: "FAILED" });
  }
}

const mb = (value) => `${Math.round(value)} MB`;
/** Said of a Chromium check whose photo came before the browser and servers were quiet (five minutes waited). */
const notQuiet = ({ notQuiet: runs }) => (runs ? ` (${runs} of 3 photos chosen before the machine was quiet)` : "");

// ---------------------------------------------------------------------------------------------
// Helpers

/** One GET as sent on the wire: the body still encoded, and the headers a server would set itself left out. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const own = ["date", "connection", "keep-alive", "content-length", "transfer-encoding"];
          resolve({
            body: Buffer.concat(chunks),
            headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => !own.includes(name))),
          });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Resident memory `IDLE_SECONDS` after now, with nothing asked of the server meanwhile. */
async function idleResidentMb(server) {
  await sleep(IDLE_SECONDS * 1000);
  const rss = residentMb(server.pid);
  if (rss === null) throw new Error("the server is gone");
  return rss;
}

function autocannonRun(url, { duration, requests, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * `duration` seconds of 50 connections, after WARM_UP_SECONDS of the same that are not counted: the
 * figures are a running server's, not those of its first requests (code not yet optimised by V8,
 * caches not yet filled), which a server meets once per start.
 */
async function load(url, { duration = DURATION, requests, headers = {}, pid = null } = {}) {
  await autocannonRun(url, { duration: WARM_UP_SECONDS, requests, headers });
  const cpuBefore = pid && cpuMicroseconds(pid);
  const result = await autocannonRun(url, { duration, requests, headers });
  const cpuAfter = pid && cpuMicroseconds(pid);
  // `serverCpuUs`: the server process's CPU time per counted request, when its pid is given.
  if (cpuBefore !== null && cpuAfter) result.serverCpuUs = (cpuAfter - cpuBefore) / result.requests.total;
  return result;
}

/** Restart on `dataDir`, then the resident-memory rows: idle after the restart, and during and after a load. */
async function restartIdleAndLoaded(engine, dataDir, env, { idleBudgetMb, loadBudgetMb }) {
  const restarted = await startServer(dataDir, env);
  try {
    const idle = await idleResidentMb(restarted);
    rows.push({
      measure: `resident memory, ${engine}, ${IDLE_SECONDS} s after a restart`,
      value: mb(idle),
      budget: `< ${idleBudgetMb} MB`,
      ok: idle < idleBudgetMb ? "yes" : "NO",
    });
    const loaded = await memoryUnderLoad(restarted);
    rows.push({
      measure: `resident memory, ${engine}, during a ${MEMORY_LOAD_SECONDS} s load (${CONNECTIONS} conn) and ${IDLE_SECONDS} s after`,
      value: `peak ${mb(loaded.peak)}, after ${mb(loaded.after)} (${Math.round(loaded.rps).toLocaleString("en")} req/s)`,
      budget: `< ${loadBudgetMb} MB`,
      ok: Math.max(loaded.peak, loaded.after) < loadBudgetMb ? "yes" : "NO",
    });
  } finally {
    await restarted.stop();
  }
}

// The hello-world's requests/s of this run: page rows are measured against it.
let helloRps = null;

/** A bare Fastify in its own process sending `url`'s answer, bytes and headers as they are, under load. */
async function sameResponseLoad(url, headers) {
  const control = await startBareFastify(await rawGet(url, headers));
  try {
    return await load(`${control.url}/`, { headers, pid: control.pid });
  } finally {
    await control.stop();
  }
}

const cpuPerRequest = (result) =>
  result.serverCpuUs === undefined ? "" : `, ${result.serverCpuUs.toFixed(1)} µs of server CPU a request`;

/**
 * A throughput row. `ofHello`: also at least this share of the hello-world's requests/s in the
 * same run (0.5 for server-rendered pages from the cache, 0.7 for JSON reads). `pid`: the server's,
 * for its CPU time per request.
 */
async function measure(name, url, budgetMs, { ofHello = null, headers = {}, pid = null } = {}) {
  const result = await load(url, { headers, pid });
  if (result.non2xx) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
  const rps = result.requests.average;
  const share = ofHello && helloRps ? rps / helloRps : null;
  // Beside a share of the hello-world, what the answer itself costs: a bare Fastify sending its very
  // bytes and headers. The rest of the gap is the app's own work per request (decision 040).
  const sameResponse = share === null ? null : await sameResponseLoad(url, headers);
  const fastEnough = budgetMs ? result.latency.p99 < budgetMs : true;
  const percent = (fraction) => `${Math.round(fraction * 100)} %`;
  const shares =
    share === null
      ? ""
      : ` (${percent(share)} of hello-world; a bare Fastify sending the same answer: ${percent(sameResponse.requests.average / helloRps)}${cpuPerRequest(sameResponse)})`;
  rows.push({
    measure: `${name} (${CONNECTIONS} conn)`,
    value: `${Math.round(rps).toLocaleString("en")} req/s, p99 ${result.latency.p99} ms${cpuPerRequest(result)}${shares}`,
    budget: [budgetMs ? `p99 < ${budgetMs} ms` : "", share === null ? "" : `>= ${ofHello * 100} % of hello-world`]
      .filter(Boolean)
      .join(", "),
    ok: budgetMs || share !== null ? (fastEnough && (share === null || share >= ofHello) ? "yes" : "NO") : "",
  });
  return result;
}

/**
 * Resident memory during `MEMORY_LOAD_SECONDS` of 50 connections cycling through what a visitor
 * asks for (library, a dragon, both pages, a preview picture, health), and `IDLE_SECONDS` after.
 */
async function memoryUnderLoad(server) {
  const dragons = await (await fetch(`${server.url}/api/dragons`)).json();
  const dragon = dragons[0];
  const paths = ["/api/dragons", "/", "/api/health"];
  if (dragon) paths.push(`/api/dragons/${dragon.id}`, `/dragon/${dragon.id}`, dragon.previewSmallUrl);
  const watch = watchMemory(server.pid);
  // No warm-up: the memory of the whole load counts, its first seconds included.
  const result = await autocannonRun(server.url, {
    duration: MEMORY_LOAD_SECONDS,
    requests: paths.map((p) => ({ method: "GET", path: p })),
    headers: {},
  });
  const { peak } = watch.stop();
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers under load`);
  const after = await idleResidentMb(server);
  return { peak, after, rps: result.requests.average };
}

// First-load JavaScript of a route: the entry chunk, the route's lazy chunk, and every chunk they
// import statically, from Vite's manifest. (Dynamic imports load later, on demand.)
function firstLoadJsKb(routeModule) {
  const manifest = JSON.parse(fs.readFileSync("dist/client/.vite/manifest.json", "utf8"));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entry);
  if (routeModule) visit(routeModule);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
  const bytes = files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join("dist/client", file)), { level: 9 }).length,
    0,
  );
  return { kb: bytes / 1024, files };
}

// ---------------------------------------------------------------------------------------------
// The measures

async function run() {
  const memoryNote = canReadProcessMemory() ? null : "skipped: no /proc to read resident memory from";

  // Start-up on PGlite, and resident memory after a first start.
  const dataDir = tempDir("dragon-grid-bench-");
  await section("first start, empty DATA_DIR", async () => {
    const first = await startServer(dataDir);
    try {
      rows.push({
        measure: "first start, empty DATA_DIR",
        value: `${(first.ms / 1000).toFixed(1)} s`,
        budget: "< 10 s",
        ok: first.ms < 10000 ? "yes" : "NO",
      });
      if (!memoryNote) {
        const idle = await idleResidentMb(first);
        rows.push({
          measure: `resident memory, PGlite, ${IDLE_SECONDS} s after a first start`,
          value: `${mb(idle)} (start-up peak ${mb(first.startPeak.peak)}; ${mb(first.startPeak.peakTree)} with its first-start child)`,
          budget: "< 220 MB",
          ok: idle < 220 ? "yes" : "NO",
        });
      }
    } finally {
      await first.stop();
    }
  });

  let server = null;
  let dragons = [];
  // A published tutorial for the blog post page's Lighthouse row (written while no server runs).
  let blogSlug = null;
  await section("seed a blog post", async () => {
    blogSlug = JSON.parse(
      (await runScript("scripts/lib/seed-blog-post.ts", [], { DATA_DIR: dataDir, DATABASE_URL: "" }))
        .trim()
        .split("\n")
        .at(-1),
    ).slug;
  });
  await section("restart, same DATA_DIR", async () => {
    server = await startServer(dataDir);
    rows.push({
      measure: "restart, same DATA_DIR",
      value: `${(server.ms / 1000).toFixed(1)} s`,
      budget: "< 1.5 s",
      ok: server.ms < 1500 ? "yes" : "NO",
    });
    dragons = await (await fetch(`${server.url}/api/dragons`)).json();
  });

  // First-load JavaScript
  await section("first-load JS", async () => {
    const pages = [
      ["landing", "features/landing/landing-page.tsx"],
      ["library (/home)", "app/library/library-page.tsx"],
      ["a dragon page", "app/library/dragon-page.tsx"],
      ["blog (/blog)", "features/blog/blog-list-page.tsx"],
      ["a blog post", "features/blog/blog-post-page.tsx"],
    ];
    for (const [label, module] of pages) {
      const js = firstLoadJsKb(module);
      rows.push({
        measure: `first-load JS, ${label} (${js.files.length} files)`,
        value: `${js.kb.toFixed(1)} KB gzip`,
        budget: "<= 90 KB",
        ok: js.kb <= 90 ? "yes" : "NO",
      });
    }
  });

  // Image pipeline on one core
  await section("image pipeline (1 core)", async () => {
    const stdout = await runScript("scripts/bench-images.ts", [], { UV_THREADPOOL_SIZE: "1" });
    for (const line of stdout.trim().split("\n")) {
      const { label, ms } = JSON.parse(line);
      const budget = label.startsWith("pencil") ? 300 : label.startsWith("outline") ? 500 : null;
      rows.push({
        measure: `${label} (1 core)`,
        value: `${ms} ms`,
        budget: budget ? `< ${budget} ms` : "",
        ok: budget ? (ms < budget ? "yes" : "NO") : "",
      });
    }
  });

  // Throughput and latency
  // The reference: a bare Fastify in a process of its own, started and loaded as the app's server
  // is (decision 040). In the bench's own process it would share a core with autocannon.
  await section("baseline: Fastify hello-world", async () => {
    const hello = await startBareFastify();
    try {
      helloRps = (
        await measure("baseline: Fastify hello-world (own process)", `${hello.url}/`, null, { pid: hello.pid })
      ).requests.average;
    } finally {
      await hello.stop();
    }
  });
  const needServer = () => {
    if (!server) throw new Error("the server did not start");
  };
  // Health makes a database round-trip on every call, by design; it is shown, not budgeted.
  await section(
    "GET /api/health",
    async () => (needServer(), measure("GET /api/health (database round-trip)", `${server.url}/api/health`)),
  );
  // The budget is for API reads; page HTML (head tags, preload hints) is shown beside them.
  // Server-rendered pages as a browser asks for them (Brotli), from the page cache (decision 016b).
  const browserLike = { "accept-encoding": "gzip, deflate, br, zstd" };
  await section(
    "GET / (landing page)",
    async () => (
      needServer(),
      measure("GET / (server-rendered landing page, cached)", `${server.url}/`, 25, {
        ofHello: 0.5,
        headers: browserLike,
        pid: server.pid,
      })
    ),
  );
  await section(
    "GET /home",
    async () => (
      needServer(),
      measure("GET /home (server-rendered library, cached)", `${server.url}/home`, 25, {
        ofHello: 0.5,
        headers: browserLike,
        pid: server.pid,
      })
    ),
  );
  await section(
    "GET /api/dragons",
    async () => (
      needServer(),
      measure(`GET /api/dragons (${dragons.length} templates)`, `${server.url}/api/dragons`, 15, {
        ofHello: 0.7,
        pid: server.pid,
      })
    ),
  );
  await section(
    "GET /api/dragons/{id}",
    async () => (
      needServer(),
      measure("GET /api/dragons/{id}", `${server.url}/api/dragons/${dragons[0].id}`, 15, {
        ofHello: 0.7,
        pid: server.pid,
      })
    ),
  );
  // Answers are written by fast-json-stringify from their declared schemas (decision 024). Shown
  // beside JSON.stringify, not budgeted: the two are within a few percent either way, and the
  // schema's gain is that only declared fields leave.
  await section("answers written from schemas", async () => {
    needServer();
    const out = await runScript("scripts/lib/bench-serialise.ts", [
      server.url,
      "GET /api/dragons",
      "GET /api/blog/posts",
    ]);
    for (const line of out.trim().split("\n")) {
      const { label, stringifyUs, schemaUs } = JSON.parse(line);
      rows.push({
        measure: `writing an answer, ${label}`,
        value: `${schemaUs} µs from its schema (JSON.stringify: ${stringifyUs} µs)`,
        budget: "(reported)",
        ok: "",
      });
    }
  });
  await section(
    "GET /dragon/{id}",
    async () => (
      needServer(),
      measure("GET /dragon/{id} (server-rendered dragon page, cached)", `${server.url}/dragon/${dragons[0].id}`, 25, {
        ofHello: 0.5,
        headers: browserLike,
        pid: server.pid,
      })
    ),
  );

  // Lighthouse, mobile profile, on the pages with a budget. A run that fails is counted in its
  // page's row, with its reason, and the other runs and pages are still measured.
  if (fs.existsSync(CHROMIUM)) {
    for (const [label, page] of [
      ["/", "/"],
      ["/home", "/home"],
      ["a dragon page", () => `/dragon/${dragons[0].id}`],
      ["/blog", "/blog"],
      ["a blog post", () => (blogSlug ? `/blog/${blogSlug}` : null)],
    ]) {
      const measureName = `Lighthouse mobile performance, ${label}`;
      await section(measureName, async () => {
        needServer();
        const pagePath = typeof page === "function" ? page() : page;
        if (!pagePath) throw new Error("no such page in this run (see the failed rows above)");
        // The budget holds for every run: LIGHTHOUSE_RUNS runs, each shown; a failed run is one.
        const results = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++) results.push(await lighthouse(`${server.url}${pagePath}`));
        const scored = results.filter((result) => !result.failed);
        const failed = results.filter((result) => result.failed);
        const runs = results
          .map((result) => (result.failed ? `failed (${result.reason.split(":")[0]})` : result.score))
          .join(", ");
        const lowest = scored.reduce((low, result) => (!low || result.score < low.score ? result : low), null);
        rows.push({
          measure: `${measureName} (${results.length} runs)`,
          value: `${failed.length ? `${failed.length} failed: ${failed[0].reason}; ` : ""}runs ${runs}${lowest ? `; lowest ${lowest.score}: ${lowest.detail}` : ""}`,
          budget: ">= 95 in every run",
          ok: failed.length ? "FAILED" : lowest.score >= 95 ? "yes" : "NO",
        });
      });
    }
  }
  if (server) await server.stop();

  // Resident memory on PGlite: a fresh restart, idle, then under load.
  if (memoryNote) rows.push({ measure: "resident memory", value: memoryNote, budget: "", ok: "" });
  else {
    await section("resident memory, PGlite restart", async () => {
      await restartIdleAndLoaded("PGlite", dataDir, {}, { idleBudgetMb: 220, loadBudgetMb: 350 });
    });

    // Resident memory on PostgreSQL (a throwaway cluster): first start, restart, load.
    if (!postgresAvailable())
      rows.push({
        measure: "resident memory, PostgreSQL",
        value: "skipped: no initdb/pg_ctl on this machine",
        budget: "",
        ok: "",
      });
    else {
      await section("resident memory, PostgreSQL", async () => {
        const postgres = await startThrowawayPostgres();
        onCleanup(() => postgres.stop());
        const env = { DATABASE_URL: postgres.url, SECRET_KEY_BASE: BENCH_SECRET_KEY_BASE };
        const pgDataDir = tempDir("dragon-grid-bench-pg-");
        const first = await startServer(pgDataDir, env);
        try {
          const idle = await idleResidentMb(first);
          rows.push({
            measure: `resident memory, PostgreSQL, ${IDLE_SECONDS} s after a first start`,
            value: `${mb(idle)} (ready in ${(first.ms / 1000).toFixed(1)} s; start-up peak ${mb(first.startPeak.peak)}, ${mb(first.startPeak.peakTree)} with its first-start child)`,
            budget: "< 150 MB",
            ok: idle < 150 ? "yes" : "NO",
          });
        } finally {
          await first.stop();
        }
        await restartIdleAndLoaded("PostgreSQL", pgDataDir, env, { idleBudgetMb: 150, loadBudgetMb: 400 });
      });
    }
  }

  // The feed: 500 posts with 3 photos, 20 likes and 10 comments each, read by a signed-in member
  // whose browser takes what Chromium takes. Beside it, a control: a bare Fastify sending the very
  // same bytes and headers, so the row shows how much of the figure is the load generator's (on a
  // 2-core machine autocannon parses every byte of the answer on the other core).
  // Seeded once, for whichever of the feed's parts run (PGlite: while no server has dataDir open).
  let feedSeed = null;
  const seededFeed = () =>
    (feedSeed ??= runScript("scripts/lib/seed-feed.ts", ["500"], { DATA_DIR: dataDir, DATABASE_URL: "" }).then((out) =>
      JSON.parse(out.trim().split("\n").at(-1)),
    ));
  await section("GET /api/posts", async () => {
    const { posts, cookie } = await seededFeed();
    const headers = { cookie, "accept-encoding": "gzip, deflate, br, zstd" };
    const feedServer = await startServer(dataDir);
    let sample;
    try {
      const result = await load(`${feedServer.url}/api/posts`, { headers, pid: feedServer.pid });
      if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers`);
      rows.push({
        measure: `GET /api/posts, ${posts} posts × 3 photos, 20 likes, 10 comments (${CONNECTIONS} conn)`,
        value: `${Math.round(result.requests.average).toLocaleString("en")} req/s, p99 ${result.latency.p99} ms${cpuPerRequest(result)}`,
        budget: "p99 < 25 ms",
        ok: result.latency.p99 < 25 ? "yes" : "NO",
      });
      sample = await rawGet(`${feedServer.url}/api/posts`, headers);
    } finally {
      await feedServer.stop();
    }
    const control = await startBareFastify(sample);
    try {
      await measure(
        `control: bare Fastify sending the same ${(sample.body.length / 1024).toFixed(1)} KB answer`,
        `${control.url}/`,
        null,
        { pid: control.pid },
      );
    } finally {
      await control.stop();
    }
  });

  // Made-up ?before= cursors (issue 24): members reading the first pages, alone and during a flood.
  await section("GET /api/posts under made-up cursors", async () => {
    const { cookie } = await seededFeed();
    // The flood comes from a member of its own: its session is not the readers'.
    const flooder = JSON.parse(
      (
        await runScript("scripts/lib/seed-load-users.ts", ["1", "made-up cursors"], {
          DATA_DIR: dataDir,
          DATABASE_URL: "",
        })
      )
        .trim()
        .split("\n")
        .at(-1),
    ).users[0].cookie;
    const feedServer = await startServer(dataDir);
    try {
      rows.push(
        ...(await feedUnderMadeUpCursors(
          feedServer.url,
          { readers: cookie, flood: flooder },
          { load, connections: CONNECTIONS, seconds: DURATION, warmUpSeconds: WARM_UP_SECONDS },
        )),
      );
    } finally {
      await feedServer.stop();
    }
  });

  // People's photos (issue 24): members each post a 40 MP progressive JPEG, all at the same moment.
  await section("40 MP photos posted at once", async () => {
    if (memoryNote) throw new Error(memoryNote);
    const photo = await bigProgressivePhoto();
    const seeded = await runScript("scripts/lib/seed-load-users.ts", [String(MEMBERS), "forty megapixels"], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    });
    const cookies = JSON.parse(seeded.trim().split("\n").at(-1)).users.map((user) => user.cookie);
    const photoServer = await startServer(dataDir);
    try {
      const { before, uploadPeak, postPeak, after, postSeconds } = await postPhotosAtOnce(photoServer, cookies, photo, {
        idleSeconds: IDLE_SECONDS,
      });
      const peak = Math.max(uploadPeak, postPeak);
      rows.push({
        measure: `resident memory while ${MEMBERS} members post a 40 MP progressive JPEG (${(photo.length / 1048576).toFixed(1)} MB) each at once`,
        value: `peak ${mb(peak)} (${mb(before)} before, ${mb(uploadPeak)} uploading, ${mb(postPeak)} posting, ${mb(after)} after; the posts took ${postSeconds.toFixed(1)} s)`,
        budget: "< 400 MB",
        ok: peak < 400 ? "yes" : "NO",
      });
    } finally {
      await photoServer.stop();
    }
  });

  // Image work in its queue (issue 41, decision 034): one Pro member asks for ten pencil versions of
  // an 8192² picture at once; the server keeps answering, within its memory, and makes them all.
  await section("pencil jobs at once", async () => {
    if (memoryNote) throw new Error(memoryNote);
    const seeded = await runScript("scripts/lib/seed-load-users.ts", ["1", "pencil jobs"], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    });
    const [cookie] = JSON.parse(seeded.trim().split("\n").at(-1)).users.map((user) => user.cookie);
    const jobServer = await startServer(dataDir, { PRO: "everyone" });
    try {
      const r = await pencilJobsAtOnce(jobServer, cookie);
      const what = `${PENCIL_JOBS} ${PENCIL_SIDE}² pencil jobs of one member`;
      rows.push({
        measure: `GET /api/health/live p99 while ${what} run`,
        value: `${r.p99.toFixed(1)} ms (slowest ${r.slowest.toFixed(1)} ms, ${r.samples} answers; idle before: p99 ${r.idleP99.toFixed(1)} ms)`,
        budget: "p99 < 50 ms",
        ok: r.p99 < 50 ? "yes" : "NO",
      });
      rows.push({
        measure: `resident memory while ${what} run`,
        value: `peak ${mb(r.peak)} (${mb(r.before)} before)`,
        budget: "< 600 MB",
        ok: r.peak < 600 ? "yes" : "NO",
      });
      rows.push({
        measure: `${what}: finished`,
        value: `${r.finished} of ${PENCIL_JOBS} in ${r.seconds.toFixed(1)} s${r.failure ? ` (${r.failure})` : ""}`,
        budget: "all",
        ok: r.finished === PENCIL_JOBS ? "yes" : "NO",
      });
    } finally {
      await jobServer.stop();
    }
  });

  // The statistics dashboard's figures on 10,000 users and their activity (PGlite, median of 20).
  await section("GET /api/admin/stats figures", async () => {
    const { label, medianMs } = JSON.parse(
      (await runScript("scripts/lib/bench-stats.ts", [])).trim().split("\n").at(-1),
    );
    rows.push({ measure: label, value: `${medianMs} ms`, budget: "< 100 ms", ok: medianMs < 100 ? "yes" : "NO" });
  });

  // Registration answers must not tell which addresses have accounts, by their time either.
  await section("registration timing", async () => {
    const dir = tempDir("dragon-grid-bench-register-");
    const [owner] = JSON.parse(
      (
        await runScript("scripts/lib/seed-load-users.ts", ["1", "the owner's password"], {
          DATA_DIR: dir,
          DATABASE_URL: "",
        })
      )
        .trim()
        .split("\n")
        .at(-1),
    ).users;
    const registerServer = await startServer(dir, { TRUST_PROXY: "127.0.0.1" });
    try {
      const { summary, alike } = await registrationTiming(registerServer.url, owner.email);
      const ms = (kind) => `${Math.round(summary[kind].median)} ms (IQR ${Math.round(summary[kind].iqr)})`;
      rows.push({
        measure: "POST /api/auth/register, median: new / verified account's / unverified account's address",
        value: `${ms("new")} / ${ms("verified")} / ${ms("unverified")}`,
        budget: "alike within the IQR",
        ok: alike ? "yes" : "NO",
      });
    } finally {
      await registerServer.stop();
    }
  });

  // The canvas in Chromium, on a 12-megapixel template (loaded as the only sample of a fresh install).
  if (fs.existsSync(CHROMIUM)) {
    await section("canvas in Chromium, 12 MP template", async () => {
      const samples = tempDir("dragon-grid-bench-samples-");
      fs.writeFileSync(path.join(samples, "photo.jpg"), await photoLike(4000, 3000));
      fs.writeFileSync(
        path.join(samples, "samples.json"),
        JSON.stringify([{ file: "photo.jpg", name: "Twelve Megapixels" }]),
      );
      const canvasServer = await startServer(tempDir("dragon-grid-bench-canvas-"), { SAMPLES_DIR: samples });
      try {
        const [dragon] = await (await fetch(`${canvasServer.url}/api/dragons`)).json();
        const result = await benchCanvas(canvasServer.url, dragon.id);
        for (const [view, ms] of Object.entries(result.firstDragMs)) {
          rows.push({
            measure: `longest task during the first 2 s drag after opening, ${view} view, 12 MP template`,
            value: ms === 0 ? "none over 50 ms" : `${ms} ms`,
            budget: "< 50 ms",
            ok: ms < 50 ? "yes" : "NO",
          });
        }
        rows.push({
          measure: "click to drawn cell viewer, 12 MP template",
          value: `${result.viewerOpenMs} ms`,
          budget: "< 100 ms",
          ok: result.viewerOpenMs < 100 ? "yes" : "NO",
        });
        rows.push({
          measure: "value view switch to drawn paper, 12 MP template",
          value: `${result.valueViewSwitchMs} ms`,
          budget: "< 200 ms",
          ok: result.valueViewSwitchMs < 200 ? "yes" : "NO",
        });
        rows.push({
          measure: "Print / PDF (picture + blank grid), 12 MP template",
          value: `${result.pdfMs} ms`,
          budget: "< 2000 ms",
          ok: result.pdfMs < 2000 ? "yes" : "NO",
        });
      } finally {
        await canvasServer.stop();
      }
    });
  } else {
    rows.push({ measure: "canvas in Chromium", value: `skipped: no ${CHROMIUM}`, budget: "", ok: "" });
  }

  // 'Check my drawing' (decision 028): accuracy on synthetic 12 MP photos, and its time in Chromium.
  await section("drawing check accuracy", async () => {
    const r = JSON.parse((await runScript("scripts/lib/bench-drawing-check.ts", [])).trim().split("\n").at(-1));
    const photos = `${r.seeds} photos`;
    rows.push({
      measure: `drawing check: grid placed from the corner marks, worst cell, ${photos}`,
      value: `${r.registrationMarksMm.toFixed(2)} mm`,
      budget: "< 1 mm",
      ok: r.registrationMarksMm < 1 && r.marksMissed === 0 ? "yes" : "NO",
    });
    rows.push({
      measure: `drawing check: grid placed from corners 2 mm off by hand, worst cell, ${photos}`,
      value: `${r.registrationByHandMm.toFixed(2)} mm`,
      budget: "< 1 mm",
      ok: r.registrationByHandMm < 1 ? "yes" : "NO",
    });
    rows.push({
      measure: "drawing check: cells moved 3 mm flagged / direction named",
      value: `${r.plantedFlagged} / ${r.plantedDirection} of ${r.planted}`,
      budget: "all",
      ok: r.plantedFlagged === r.planted && r.plantedDirection === r.planted ? "yes" : "NO",
    });
    rows.push({
      measure: "drawing check: other drawn cells out of tolerance (moved photos / exact copies)",
      value: `${r.othersOff.length} / ${r.exactOff.length}`,
      budget: "0 / 0",
      ok: r.othersOff.length + r.exactOff.length === 0 ? "yes" : "NO",
    });
    rows.push({
      measure: "drawing check: blank printed page, cells not reported 'not drawn yet'",
      value: String(r.blankDrawn),
      budget: "0",
      ok: r.blankDrawn === 0 ? "yes" : "NO",
    });
  });
  // The grid found by its own lines (issue 45, decision 062): no marks, no corner placed.
  await section("drawing check finds the grid", async () => {
    const r = JSON.parse((await runScript("scripts/lib/bench-find-grid.ts", [])).trim().split("\n").at(-1));
    for (const [kind, { photos, found, worstMm, findMs, flagged, cells }] of Object.entries(r)) {
      const registered = worstMm.filter((mm) => mm < 1);
      rows.push({
        measure: `drawing check: ${kind}, found by itself and registered within 1 mm, ${photos} photos of 5 dragons`,
        value: `${found} of ${photos} (worst ${registered.length ? Math.max(...registered).toFixed(2) : "–"} mm)`,
        budget: "≥ 95 %",
        ok: found >= 0.95 * photos ? "yes" : "NO",
      });
      rows.push({
        measure: `drawing check: ${kind}, faithful copies' drawn cells called near or off`,
        value: `${flagged} of ${cells}`,
        budget: "≤ 10 %",
        ok: flagged <= 0.1 * cells ? "yes" : "NO",
      });
      rows.push({
        measure: `drawing check: ${kind}, finding the grid in a 12 MP photo (Node), slowest`,
        value: `${Math.round(Math.max(...findMs))} ms`,
        budget: "",
        ok: "",
      });
    }
  });
  // A shaded copy judged by its shapes (issue 45): one cell moved 3 mm in each photo.
  await section("drawing check shaded copies", async () => {
    const r = JSON.parse((await runScript("scripts/lib/bench-shaded-copies.ts", [])).trim().split("\n").at(-1));
    rows.push({
      measure: `drawing check: shaded copies, the cell moved 3 mm flagged, ${r.photos} photos of 5 dragons`,
      value: `${r.movedFound} of ${r.photos}${r.notFound ? ` (grid not found in ${r.notFound})` : ""}`,
      budget: "≥ 95 %",
      ok: r.movedFound >= 0.95 * r.photos ? "yes" : "NO",
    });
    rows.push({
      measure: "drawing check: shaded copies, an area's shading said to be off (tone false alarms)",
      value: `${r.toneSaid.length} of ${r.photos - r.notFound}${r.toneSaid.length ? ` (${r.toneSaid.join("; ")})` : ""}`,
      budget: "≤ 10 %",
      ok: r.toneSaid.length <= 0.1 * (r.photos - r.notFound) ? "yes" : "NO",
    });
    rows.push({
      measure: "drawing check: shaded copies, other drawn cells flagged (false alarms)",
      value: `${r.falseAlarms} of ${r.otherCells} (${((100 * r.falseAlarms) / Math.max(1, r.otherCells)).toFixed(1)} %)`,
      budget: "≤ 10 %",
      ok: r.falseAlarms <= 0.1 * r.otherCells ? "yes" : "NO",
    });
  });
  // Practice sheets (issue 45, decision 067): the app's sheet printed, copied with one row low, photographed.
  await section("drawing check practice sheets", async () => {
    const r = JSON.parse((await runScript("scripts/lib/bench-practice-sheets.ts", [])).trim().split("\n").at(-1));
    rows.push({
      measure: `drawing check: practice sheets found by their marks and the row drawn 3 mm low flagged, ${r.photos} photos of 5 dragons`,
      value: `${r.photos - r.notFound} and ${r.movedFound} of ${r.photos}`,
      budget: "≥ 95 % each",
      ok: r.photos - r.notFound >= 0.95 * r.photos && r.movedFound >= 0.95 * r.photos ? "yes" : "NO",
    });
    rows.push({
      measure: "drawing check: practice sheets, other rows flagged (false alarms)",
      value: `${r.falseAlarms} of ${r.otherCells}`,
      budget: "≤ 10 %",
      ok: r.falseAlarms <= 0.1 * r.otherCells ? "yes" : "NO",
    });
  });
  // The noise floor (issue 45): one drawn sheet photographed ten ways, per sample dragon.
  await section("drawing check same sheet", async () => {
    const sheets = JSON.parse((await runScript("scripts/lib/bench-same-sheet.ts", [])).trim().split("\n").at(-1));
    const moves = Math.max(...sheets.map((sheet) => sheet.medianMovesMm));
    const verdicts = sheets.reduce((sum, sheet) => sum + sheet.verdicts, 0);
    const changed = sheets.reduce((sum, sheet) => sum + sheet.changed, 0);
    const notFound = sheets.reduce((sum, sheet) => sum + sheet.notFound, 0);
    const photos = `${sheets.length} sheets × ${sheets[0].photos} photos${notFound ? `, grid not found in ${notFound}` : ""}`;
    rows.push({
      measure: `drawing check: the same sheet photographed ten ways, median cell error moves by (largest), ${photos}`,
      value: `${moves.toFixed(2)} mm`,
      budget: "≤ 0.3 mm",
      ok: moves <= 0.3 ? "yes" : "NO",
    });
    const sizeMoves = Math.max(...sheets.map((sheet) => sheet.sizeMovesPercent));
    rows.push({
      // The progress page calls a size error halved only from one of twice this (decision 075).
      measure: `drawing check: the same sheet photographed ten ways, the whole drawing's size off moves by (largest)`,
      value: `${sizeMoves.toFixed(1)} %`,
      budget: "≤ 2 %",
      ok: sizeMoves <= 2 ? "yes" : "NO",
    });
    rows.push({
      measure: "drawing check: the same sheet photographed ten ways, drawn cells' verdicts that change",
      value: `${changed} of ${verdicts} (${((100 * changed) / Math.max(1, verdicts)).toFixed(1)} %)`,
      budget: "≤ 5 %",
      ok: changed <= 0.05 * verdicts ? "yes" : "NO",
    });
  });
  // What the check says first (issue 45): a whole-drawing or proportion error planted in 10 photos each.
  await section("drawing check corrections", async () => {
    const r = JSON.parse((await runScript("scripts/lib/bench-corrections.ts", [])).trim().split("\n").at(-1));
    const CAUSE = {
      larger: "5 % too large",
      smaller: "5 % too small",
      turned: "turned 3°",
      shifted: "shifted 4 mm",
      stretched: "5 % too wide or too tall for its height",
      part: "with one part 10 % too large for the rest",
      grid: "on a grid with one line ruled 3 mm off",
      leaning: "on a grid ruled by hand 2° off square",
      lighter: "shaded, one part at a third of its tone",
      darker: "shaded, one part half a line's darkness too dark",
    };
    for (const [kind, cause] of Object.entries(CAUSE)) {
      const { photos, named } = r[kind];
      rows.push({
        measure: `drawing check: drawn ${cause}, first correction names it, ${photos} photos`,
        value: `${named} of ${photos}`,
        budget: "≥ 90 %",
        ok: named >= 0.9 * photos ? "yes" : "NO",
      });
    }
    for (const [kind, copies] of [
      ["faithful", "faithful copies"],
      ["shaded", "faithful shaded copies"],
    ]) {
      const { photos, named } = r[kind];
      rows.push({
        measure: `drawing check: ${copies} given any correction, ${photos} photos`,
        value: `${photos - named} of ${photos}`,
        budget: "≤ 10 %",
        ok: photos - named <= 0.1 * photos ? "yes" : "NO",
      });
    }
  });
  if (fs.existsSync(CHROMIUM)) {
    await section("drawing check in Chromium, 12 MP photo", async () => {
      const checkServer = await startServer(tempDir("dragon-grid-bench-check-"));
      try {
        const { dragonId, file } = JSON.parse(
          (await runScript("scripts/lib/bench-check-photo.ts", [checkServer.url])).trim().split("\n").at(-1),
        );
        const result = await benchDrawingCheck(checkServer.url, dragonId, file);
        const right = result.flagged.length === 1 && result.flagged[0] === "F4: lines about 3 mm low";
        rows.push({
          measure: "drawing check: 12 MP photo chosen to heat map, slowest of 3",
          value: `${result.slowestMs} ms (prepared in ${result.preparedMs} ms before)${right ? "" : ` (flagged: ${result.flagged.join("; ") || "nothing"})`}${notQuiet(result)}`,
          budget: "< 1000 ms",
          ok: result.slowestMs < 1000 && right ? "yes" : "NO",
        });
        // As on a mid-range phone: every thread of the browser four times slower (cpu-throttle.mjs).
        const throttled = throttledBrowser(CHROMIUM, 4);
        if ("reason" in throttled) {
          rows.push({
            measure: "drawing check: the same, CPU throttled 4×",
            value: `not measured: ${throttled.reason}`,
            budget: "< 3000 ms",
            ok: "NO",
          });
        } else {
          try {
            const slow = await benchDrawingCheck(checkServer.url, dragonId, file, throttled);
            const problem = throttled.problem();
            rows.push({
              measure: "drawing check: the same, CPU throttled 4×, slowest of 3",
              value: `${slow.slowestMs} ms (prepared in ${slow.preparedMs} ms before)${problem ? ` (not throttled as meant: ${problem})` : ""}${notQuiet(slow)}`,
              budget: "< 3000 ms",
              ok: slow.slowestMs < 3000 && !problem ? "yes" : "NO",
            });
          } finally {
            throttled.remove();
          }
        }
      } finally {
        await checkServer.stop();
      }
    });
  }
}

if (buildIsStale()) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}
try {
  await run();
} catch (error) {
  if (!wasInterrupted())
    rows.push({ measure: "(bench)", value: `failed: ${reasonOf(error)}`, budget: "", ok: "FAILED" });
} finally {
  if (!wasInterrupted()) {
    await stopAll();
    printTable();
  }
}
