import { spawn, type ChildProcess } from "node:child_process";
import { inject } from "vitest";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS, serverEnv } from "../../scripts/lib/server-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    preparedDataDir: string;
  }
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A new, empty temporary directory for a server's DATA_DIR. */
export function emptyDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-e2e-"));
}

/**
 * A new DATA_DIR holding a copy of `from`, by default this run's prepared one (global-setup.ts): an
 * embedded installation that has started once, its database migrated and the samples loaded
 * through sharp. A server on it starts as a restart does, in under a second, where a first start
 * costs some 9 CPU-seconds that the journeys running beside it would wait for. Journeys about a
 * first start, PostgreSQL or S3 use an empty one.
 */
export function preparedDataDir(from: string = inject("preparedDataDir")): string {
  const dataDir = emptyDataDir();
  fs.cpSync(from, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Start the built server (`dist/server/main.js`) as `npm start` would (its allocator settings
 * included), on a free port and a DATA_DIR of its own, removed when it stops: `env.DATA_DIR` (the
 * caller's, kept), else a prepared one (`preparedDataDir`) when `options.prepared` is set, else an
 * empty one.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { startTimeoutMs?: number; prepared?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (options.prepared ? preparedDataDir() : emptyDataDir());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/main.js"], {
    env: serverEnv({
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start within ${startTimeoutMs / 1000} s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Waits for the samples, and their outlines, a first start leaves to its background (library-upkeep.ts), so no journey sees the library change. */
export async function everySampleLoaded(baseUrl: string): Promise<void> {
  const samples = JSON.parse(fs.readFileSync("assets/samples/samples.json", "utf8")) as unknown[];
  const deadline = Date.now() + 180_000;
  for (;;) {
    const dragons = (await (await fetch(`${baseUrl}/api/dragons`)).json()) as { outlineHiresUrl: string | null }[];
    const outlined = dragons.filter((dragon) => dragon.outlineHiresUrl).length;
    if (dragons.length >= samples.length && outlined === dragons.length) return;
    if (Date.now() > deadline)
      throw new Error(
        `Only ${dragons.length} of ${samples.length} samples loaded, ${outlined} with their outline, in 3 minutes`,
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
