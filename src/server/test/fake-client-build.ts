import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A built client of our own for the pages' tests: the page template (client/index.html) and an SSR
 * bundle (ssr/entry-server.js) whose code the test writes, so a test sees what the server does with
 * them without building the app. Returns the CLIENT_DIR to start the app with, and a way to remove it.
 */
export function fakeClientBuild(entryServer: string): { clientDir: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-client-"));
  fs.mkdirSync(path.join(root, "client"));
  fs.mkdirSync(path.join(root, "ssr"));
  fs.writeFileSync(
    path.join(root, "client", "index.html"),
    `<!doctype html><html lang="en"><head><!--head-tags--></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(root, "ssr", "entry-server.js"), entryServer);
  return { clientDir: path.join(root, "client"), remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
