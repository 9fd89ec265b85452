import { inject } from "vitest";

/**
 * The shared server of this worker's journeys. global-setup.ts starts one per worker, so journeys
 * running side by side never meet each other's accounts, rows, outbox or sign-in limits; a worker
 * keeps its VITEST_POOL_ID (1 to maxWorkers) for the whole run.
 */
export function workerServer(): { baseUrl: string; dataDir: string } {
  const servers = inject("servers");
  const server = servers[Number(process.env.VITEST_POOL_ID) - 1];
  if (!server)
    throw new Error(`No e2e server for VITEST_POOL_ID=${process.env.VITEST_POOL_ID} (${servers.length} started)`);
  return server;
}
