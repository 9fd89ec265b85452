import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDependencies } from "../app";
import { loadConfig, type Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole app on a private database and data directory, quiet, without the built client. Given
 * `deps.database` (another test app's), it is a second server process of the same installation,
 * and the database stays its owner's to close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, "now" | "logStream" | "database"> = {},
): Promise<TestApp> {
  const database = deps.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    CLIENT_DIR: path.join(dataDir, "no-client"),
    SEED_SAMPLES: "false",
    PUBLIC_URL: "http://dragongrid.test",
    ...env,
  });
  const app = await buildApp(config, { database, checkResponses: true, ...deps });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      if (!deps.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
