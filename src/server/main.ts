import { spawn } from "node:child_process";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { samplesSeeded } from "./features/dragons/seed-samples";
import { listenForMetrics } from "./features/metrics/routes";

// On SIGTERM, requests in flight get this long to finish; then their connections are closed, so a
// stuck upload cannot keep a deployment waiting (a balancer has stopped sending new ones by then).
const SHUTDOWN_GRACE_MS = 10_000;

// Set for the child process that does a first start's one-time work (see firstStartInChild).
const FIRST_START_CHILD = "DRAGON_GRID_FIRST_START_CHILD";

/** True when this start would create the embedded database or load the sample templates. */
async function firstStartPending(config: Config): Promise<boolean> {
  if (!config.DATABASE_URL) {
    const dir = path.join(config.DATA_DIR, "db");
    return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
  }
  if (!config.SEED_SAMPLES) return false;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, migrate: false });
  try {
    return !(await samplesSeeded(database.db));
  } finally {
    await database.close();
  }
}

/**
 * Run a first start's one-time work (PGlite's initdb, migrations, the sample templates through
 * sharp) in a child process that exits when it is done. That work peaks near 700 MB, and memory a
 * process has used this way is not given back to the system (a WASM heap never shrinks; glibc
 * keeps freed native memory in its per-thread arenas), so doing it here would leave the server at
 * twice its usual size for the rest of its life (decision 009). Resolves when the child succeeded;
 * exits this process when it failed or a stop signal came meanwhile.
 */
async function firstStartInChild(script: string): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, script, ...process.argv.slice(2)], {
    env: { ...process.env, [FIRST_START_CHILD]: "1" },
    stdio: "inherit",
  });
  let stopping = false;
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    child.kill(signal);
  };
  process.on("SIGTERM", forward);
  process.on("SIGINT", forward);
  const code = await new Promise<number>((resolve) => {
    child.once("error", () => resolve(1));
    child.once("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  process.off("SIGTERM", forward);
  process.off("SIGINT", forward);
  if (stopping) process.exit(0);
  if (code !== 0) process.exit(code);
}

// Process entry: read config, build the app, listen, and shut down gracefully on SIGTERM/SIGINT
// (stop accepting, let in-flight requests finish within SHUTDOWN_GRACE_MS, close the database, exit 0).
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (process.env[FIRST_START_CHILD]) {
    const app = await buildApp(config);
    await app.close();
    process.exit(0);
  }
  // Only the built server (dist/server/main.js) can run itself again; `npm run dev` runs the .ts.
  const script = fileURLToPath(import.meta.url);
  if (script.endsWith(".js") && (await firstStartPending(config))) await firstStartInChild(script);

  const app = await buildApp(config, { backgroundJobs: true });
  let closing = false;
  let metricsServer: Server | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, finishing in-flight requests`);
    const cut = setTimeout(() => {
      app.log.warn(`requests still in flight ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    metricsServer?.close();
    try {
      await app.close();
      clearTimeout(cut);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS_PORT && app.renderMetrics) metricsServer = await listenForMetrics(config, app.renderMetrics);
  app.log.info(
    `Dragon Grid is ready at ${config.publicUrl} (database: ${app.database.kind}, storage: ${app.storage.kind})`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
