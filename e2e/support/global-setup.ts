import type { TestProject } from "vitest/node";
import { startServer } from "./server-process";
import { ADMIN_EMAIL } from "./accounts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** One server for all journeys: the built app, as `npm start` runs it, on a throwaway DATA_DIR. */
export default async function setup(project: TestProject) {
  // Sample templates are seeded as on a newcomer's first start; one admin e-mail for admin journeys.
  const server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
  };
}
