import type { TestProject } from "vitest/node";
import fs from "node:fs";
import { emptyDataDir, everySampleLoaded, preparedDataDir, startServer } from "./server-process";
import { ADMIN_EMAIL } from "./accounts";
import { startImagesApi } from "../../src/server/test/images-api";
import { illustrationPng } from "../../src/server/test/images";

declare module "vitest" {
  export interface ProvidedContext {
    servers: { baseUrl: string; dataDir: string }[];
  }
}

/**
 * One server per worker (e2e/support/worker-server.ts picks it): the built app, as `npm start` runs
 * it, on a throwaway DATA_DIR and a free port of its own. A worker runs its journeys one at a time.
 */
export default async function setup(project: TestProject) {
  // Sample templates are seeded as on a newcomer's first start; one admin e-mail for admin journeys;
  // AI images come from a local server speaking the images API, answering with a 320×240 PNG.
  const imagesApi = await startImagesApi(await illustrationPng(320, 240));
  // The journeys' API helper names its own client address per account (accounts.ts), as a proxy would.
  // Remote uploads fetch links from a local HTTP server the journey starts: the test-only setting
  // lets Companion reach loopback (private networks stay refused).
  const env = {
    ADMIN_EMAILS: ADMIN_EMAIL,
    IMAGE_API_URL: imagesApi.baseUrl,
    IMAGE_API_KEY: "e2e",
    TRUST_PROXY: "127.0.0.1",
    COMPANION_TEST_ONLY_ALLOW_LOOPBACK: "true",
  };
  // The prepared DATA_DIR (server-process.ts): one first start with the defaults, then every
  // server that asks for it starts from a copy.
  const prepared = emptyDataDir();
  const first = await startServer({ DATA_DIR: prepared });
  await everySampleLoaded(first.url);
  if ((await first.stop()) !== 0) throw new Error(`The prepared server did not stop cleanly:\n${first.output()}`);
  project.provide("preparedDataDir", prepared);
  const servers = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, () =>
      startServer({ ...env, DATA_DIR: preparedDataDir(prepared) }),
    ),
  );
  project.provide(
    "servers",
    servers.map((server) => ({ baseUrl: server.url, dataDir: server.dataDir })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of [prepared, ...servers.map((server) => server.dataDir)])
      fs.rmSync(dir, { recursive: true, force: true });
    await imagesApi.close();
  };
}
