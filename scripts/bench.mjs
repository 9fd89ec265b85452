// `npm run bench`: measures the budgets in the README on this machine and prints a table.
//  - start-up: first start on an empty DATA_DIR, and a restart on the same one
//  - first-load JavaScript (gzip) of the landing page, against the 90 KB budget
//  - API reads at 50 connections (autocannon): requests/s and p99, next to a Fastify hello-world
//    measured in the same run, so a slow machine shows up as a slow baseline.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import Fastify from "fastify";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { benchCanvas } from "./lib/bench-canvas.mjs";
import { lighthouse } from "./lib/bench-lighthouse.mjs";
import { photoLike } from "./lib/photo-like.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const rows = [];

if (buildIsStale()) {
  const built = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir, env = {}) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    ms: Date.now() - started,
    stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))),
  };
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(name, url, budgetMs) {
  const result = await load(url);
  if (result.non2xx) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
  rows.push({
    measure: `${name} (${CONNECTIONS} conn)`,
    value: `${Math.round(result.requests.average).toLocaleString("en")} req/s, p99 ${result.latency.p99} ms`,
    budget: budgetMs ? `p99 < ${budgetMs} ms` : "",
    ok: budgetMs ? (result.latency.p99 < budgetMs ? "yes" : "NO") : "",
  });
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
  const bytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join("dist/client", file)), { level: 9 }).length, 0);
  return { kb: bytes / 1024, files };
}

// Start-up
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-bench-"));
const first = await startServer(dataDir);
await first.stop();
rows.push({ measure: "first start, empty DATA_DIR", value: `${(first.ms / 1000).toFixed(1)} s`, budget: "< 15 s", ok: first.ms < 15000 ? "yes" : "NO" });
const server = await startServer(dataDir);
rows.push({ measure: "restart, same DATA_DIR", value: `${(server.ms / 1000).toFixed(1)} s`, budget: "< 3 s", ok: server.ms < 3000 ? "yes" : "NO" });

// First-load JavaScript
for (const [label, module] of [["landing", null], ["library (/home)", "features/library/library-page.tsx"]]) {
  const js = firstLoadJsKb(module);
  rows.push({ measure: `first-load JS, ${label} (${js.files.length} files)`, value: `${js.kb.toFixed(1)} KB gzip`, budget: "<= 90 KB", ok: js.kb <= 90 ? "yes" : "NO" });
}

// Image pipeline on one core
const images = spawnSync("npx", ["tsx", "scripts/bench-images.ts"], { env: { ...process.env, UV_THREADPOOL_SIZE: "1" }, encoding: "utf8" });
if (images.status !== 0) throw new Error(`image benchmark failed:\n${images.stderr}`);
for (const line of images.stdout.trim().split("\n")) {
  const { label, ms } = JSON.parse(line);
  const budget = label.startsWith("pencil") ? 500 : null;
  rows.push({ measure: `${label} (1 core)`, value: `${ms} ms`, budget: budget ? `< ${budget} ms` : "", ok: budget ? (ms < budget ? "yes" : "NO") : "" });
}

// Throughput and latency
const hello = Fastify();
hello.get("/", async () => ({ hello: "world" }));
const helloPort = await freePort();
await hello.listen({ port: helloPort, host: "127.0.0.1" });
await measure("baseline: Fastify hello-world", `http://127.0.0.1:${helloPort}/`);
await hello.close();
// Health makes a database round-trip on every call, by design; it is shown, not budgeted.
await measure("GET /api/health (database round-trip)", `${server.url}/api/health`);
// The budget is for API reads; page HTML (head tags, preload hints) is shown beside them.
await measure("GET / (page HTML with head tags)", `${server.url}/`);
const dragons = await (await fetch(`${server.url}/api/dragons`)).json();
await measure(`GET /api/dragons (${dragons.length} templates)`, `${server.url}/api/dragons`, 25);
await measure("GET /api/dragons/{id}", `${server.url}/api/dragons/${dragons[0].id}`, 25);
await measure("GET /dragon/{id} (page with the dragon's head tags)", `${server.url}/dragon/${dragons[0].id}`);

// Lighthouse, mobile profile, on the pages with a budget.
if (fs.existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
  for (const [label, page] of [["/", "/"], ["/home", "/home"], ["a dragon page", `/dragon/${dragons[0].id}`]]) {
    const result = lighthouse(`${server.url}${page}`);
    rows.push({ measure: `Lighthouse mobile performance, ${label}`, value: `${result.score} (${result.detail})`, budget: ">= 95", ok: result.score >= 95 ? "yes" : "NO" });
  }
}

await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// The canvas in Chromium, on a 12-megapixel template (loaded as the only sample of a fresh install).
if (fs.existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
  const samples = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-bench-samples-"));
  fs.writeFileSync(path.join(samples, "photo.jpg"), await photoLike(4000, 3000));
  fs.writeFileSync(path.join(samples, "samples.json"), JSON.stringify([{ file: "photo.jpg", name: "Twelve Megapixels" }]));
  const canvasDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-bench-canvas-"));
  const canvasServer = await startServer(canvasDir, { SAMPLES_DIR: samples });
  const [dragon] = await (await fetch(`${canvasServer.url}/api/dragons`)).json();
  const result = await benchCanvas(canvasServer.url, dragon.id);
  rows.push({ measure: "longest task during a 2 s drag, 12 MP template", value: result.longestTaskMs === 0 ? "none over 50 ms" : `${result.longestTaskMs} ms`, budget: "< 50 ms", ok: result.longestTaskMs < 50 ? "yes" : "NO" });
  rows.push({ measure: "click to drawn cell viewer, 12 MP template", value: `${result.viewerOpenMs} ms`, budget: "< 100 ms", ok: result.viewerOpenMs < 100 ? "yes" : "NO" });
  await canvasServer.stop();
  fs.rmSync(canvasDir, { recursive: true, force: true });
  fs.rmSync(samples, { recursive: true, force: true });
} else {
  rows.push({ measure: "canvas in Chromium", value: "skipped: no /usr/bin/chromium", budget: "", ok: "" });
}

console.log(`\nDragon Grid benchmark (${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per load test)\n`);
console.table(rows);
if (rows.some((row) => row.ok === "NO")) process.exitCode = 1;
