import type { TestProject } from "vitest/node";
import { startServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for all journeys: the built app, as `npm start` runs it, on a throwaway DATA_DIR. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
  };
}
