// Starting the built server and our TypeScript helpers for `npm run bench` and `npm run bench:load`.
// Every process goes through bench-processes.mjs, so it is stopped with the bench whatever happens.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";
import { onCleanup, spawnTracked, stopTracked } from "./bench-processes.mjs";
import { canReadProcessMemory, watchMemory } from "./process-memory.mjs";
import { SERVER_NODE_FLAGS, serverEnv } from "./server-env.mjs";

/** The one SECRET_KEY_BASE every server on a benchmark's PostgreSQL shares, as an installation's do. */
export const BENCH_SECRET_KEY_BASE = "the benchmark installation's key, the same on every server";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A temporary directory, removed when the bench stops. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Start the built server on a free port and wait until /api/health answers. While it starts, its
 * resident memory is sampled, alone and with its children (a first start does its one-time work in one).
 * Answers { url, ms, pid, child, startPeak, stop }.
 */
export async function startServer(dataDir, env = {}) {
  const port = await freePort();
  const started = Date.now();
  const child = spawnTracked(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/main.js"], {
    // As `npm start` runs it (server-env.mjs).
    env: serverEnv({ ...process.env, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env }),
    stdio: "inherit",
  });
  const memory = canReadProcessMemory() ? watchMemory(child.pid, { tree: true }) : null;
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.benchEntry.exited) throw new Error(`the server exited during start-up (exit code ${child.exitCode})`);
      if (Date.now() - started > 120_000) throw new Error("the server did not answer within 120 s");
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
  } catch (error) {
    memory?.stop();
    await stopTracked(child);
    throw error;
  }
  const ms = Date.now() - started;
  const startPeak = memory?.stop() ?? { peak: 0, peakTree: 0 };
  return { url, ms, pid: child.pid, child, startPeak, stop: () => stopTracked(child) };
}

/** Run a TypeScript script of ours (tracked, so it is stopped with the bench); answers its stdout. */
export async function runScript(script, args, env = {}) {
  const child = spawnTracked("npx", ["tsx", script, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const { code } = await child.benchEntry.exit;
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`);
  return stdout;
}
