// Starting the built server and our TypeScript helpers for `npm run bench` and `npm run bench:load`.
// Every process goes through bench-processes.mjs, so it is stopped with the bench whatever happens.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";
import { onCleanup, spawnTracked, stopTracked } from "./bench-processes.mjs";
import { canReadProcessMemory, watchMemory } from "./process-memory.mjs";
import { SERVER_NODE_FLAGS, serverEnv } from "./server-env.mjs";

const BARE_FASTIFY = fileURLToPath(new URL("./bare-fastify.mjs", import.meta.url));

/** The one SECRET_KEY_BASE every server on a benchmark's PostgreSQL shares, as an installation's do. */
export const BENCH_SECRET_KEY_BASE = "the benchmark installation's key, the same on every server";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A temporary directory, removed when the bench stops. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Wait until `url` answers 2xx, or throw if `child` exits first or 120 s pass. */
async function waitUntilResponses(child, url) {
  const started = Date.now();
  for (;;) {
    if (child.benchEntry.exited) throw new Error(`the server exited during start-up (exit code ${child.exitCode})`);
    if (Date.now() - started > 120_000) throw new Error("the server did not answer within 120 s");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
}

/** Spawn `script` with the server's Node flags and environment (server-env.mjs) on a free port. */
async function spawnServerProcess(script, env) {
  const port = await freePort();
  const child = spawnTracked(process.execPath, [...SERVER_NODE_FLAGS, script], {
    env: serverEnv({ ...process.env, PORT: String(port), ...env }),
    stdio: "inherit",
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * Start the built server on a free port and wait until /api/health answers. While it starts, its
 * resident memory is sampled, alone and with its children (a first start does its one-time work in one).
 * Answers { url, ms, pid, child, startPeak, stop }.
 */
export async function startServer(dataDir, env = {}) {
  const started = Date.now();
  // As `npm start` runs it.
  const { child, url } = await spawnServerProcess("dist/server/main.js", {
    DATABASE_URL: "",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  });
  const memory = canReadProcessMemory() ? watchMemory(child.pid, { tree: true }) : null;
  try {
    await waitUntilResponses(child, `${url}/api/health`);
  } catch (error) {
    memory?.stop();
    await stopTracked(child);
    throw error;
  }
  const ms = Date.now() - started;
  const startPeak = memory?.stop() ?? { peak: 0, peakTree: 0 };
  return { url, ms, pid: child.pid, child, startPeak, stop: () => stopTracked(child) };
}

/**
 * Start the reference server (bare-fastify.mjs) in a process of its own, as the app's server runs:
 * a hello-world, or, given `answer` ({ body, headers }), a server sending those very bytes.
 * Answers { url, pid, stop }.
 */
export async function startBareFastify(answer = null) {
  const env = {};
  if (answer) {
    env.BARE_BODY_FILE = path.join(tempDir("dragon-grid-bench-bare-"), "body");
    fs.writeFileSync(env.BARE_BODY_FILE, answer.body);
    env.BARE_HEADERS = JSON.stringify(answer.headers);
  }
  const { child, url } = await spawnServerProcess(BARE_FASTIFY, env);
  try {
    await waitUntilResponses(child, url);
  } catch (error) {
    await stopTracked(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopTracked(child) };
}

/** Run a TypeScript script of ours (tracked, so it is stopped with the bench); answers its stdout. */
export async function runScript(script, args, env = {}) {
  const child = spawnTracked("npx", ["tsx", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const { code } = await child.benchEntry.exit;
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`);
  return stdout;
}
