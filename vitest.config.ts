import { configDefaults, defineConfig } from "vitest/config";
import type { UserConfigFnObject } from "vite";
import { playwright } from "@vitest/browser-playwright";
// With their extension (".js" names the .ts file), as Vite's coming native config loader needs.
import { apiProxy } from "./src/web/test/api-proxy.js";
import { chromiumForTests } from "./scripts/lib/chromium.mjs";
import { browserCommands } from "./src/web/test/browser-commands.js";
import appConfig, { linguiMacros } from "./vite.config.js";

// The app's plugins (React, the js-aruco2 modules), worker plugins and aliases, for the pages' code as
// it is built; not its SSR settings, which would inline every server package into the global setup.
const app = (appConfig as UserConfigFnObject)({ command: "serve", mode: "test" });

// The server tests' common settings. Companion (@uppy/companion) keeps its providers' settings in
// module state that every app it builds adds to, so its files get a module graph of their own, in
// the "server-isolated" project; `npm test` runs both server projects.
const serverTests = { globalSetup: ["src/server/test/global-setup.ts"], testTimeout: 30_000, hookTimeout: 60_000 };
const KEEPS_MODULE_STATE = ["src/server/features/companion/*.test.ts"];
// The drawing check's tests work on megapixel photos and need no database: a project of their own,
// which `npm test` runs after the journeys (scripts/test.mjs).
const IMAGE_TESTS = ["src/shared/drawing-check/*.test.ts", "src/web/features/canvas/check/check-helper.test.ts"];

// Five projects: "server" and "server-isolated" (unit + API integration on a real database, cloned
// per file from one migrated template), "images" (the drawing check on photos), "components" (React components rendered in Chromium against the real API,
// decision 045) and "e2e" (Playwright driving Chromium against the built app, one server per worker).
export default defineConfig({
  test: {
    projects: [
      {
        // Web modules tested here (lib/, a feature's logic) are compiled as the app compiles them.
        plugins: [linguiMacros()],
        test: {
          ...serverTests,
          name: "server",
          // eslint/: the project's own lint rules, checked against its configuration.
          include: ["src/**/*.test.ts", "eslint/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...KEEPS_MODULE_STATE, ...IMAGE_TESTS],
          // A worker's files share one module graph: the server's modules, PGlite's WebAssembly
          // and sharp load once a worker, not once a file, which took a third of the pass. Every
          // file builds its own app and database, so nothing else is shared (decision 054).
          isolate: false,
        },
      },
      {
        plugins: [linguiMacros()],
        test: { ...serverTests, name: "server-isolated", include: KEEPS_MODULE_STATE },
      },
      {
        plugins: [linguiMacros()],
        test: { testTimeout: serverTests.testTimeout, name: "images", include: IMAGE_TESTS, isolate: false },
      },
      {
        plugins: [...(app.plugins ?? []), apiProxy()],
        worker: app.worker,
        resolve: app.resolve,
        // Served through vite.config.ts's js-aruco2 plugin rather than pre-bundled, which skips plugins.
        optimizeDeps: { exclude: ["js-aruco2"] },
        test: {
          name: "components",
          include: ["src/web/**/*.test.tsx"],
          globalSetup: ["src/server/test/component-api.ts"],
          setupFiles: ["src/web/test/english-messages.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // What a screen shows after a lazily loaded part (a toast's store, a dialog) may take more
          // than the default second on a busy 2-core CI machine; a missing element still fails.
          expect: { poll: { timeout: 5_000 } },
          // The failure screenshots' copies for the report: outside the source tree, ignored by git.
          attachmentsDir: "test-results/vitest-attachments",
          // One file at a time: the files share the browser's cookies and storage.
          fileParallelism: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              // The headless shell where installed (scripts/lib/chromium.mjs): less CPU, same engine.
              launchOptions: { executablePath: chromiumForTests() },
            }),
            instances: [{ browser: "chromium" }],
            viewport: { width: 1280, height: 900 },
            commands: browserCommands,
            // A failing test's screenshot, with the journeys' (outside the source tree, ignored by git).
            screenshotDirectory: "test-results/component-screenshots",
          },
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
