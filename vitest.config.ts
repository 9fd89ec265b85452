import { defineConfig } from "vitest/config";

// Two projects: "server" (unit + API integration on a real database, cloned per file from one
// migrated template) and "e2e" (Playwright driving Chromium against the built app, one server per worker).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          // eslint/: the project's own lint rules, checked against its configuration.
          include: ["src/**/*.test.ts", "eslint/**/*.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          setupFiles: ["e2e/support/csp-guard.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two journeys at a time, each worker on a server of its own (e2e/support/global-setup.ts):
          // on a 2-core machine a third would only wait for the cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
