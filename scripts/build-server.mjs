// Bundle the server (our code only; packages stay in node_modules) and copy its migrations beside it.
import { build } from "esbuild";
import fs from "node:fs";

await build({
  entryPoints: { main: "src/server/main.ts", "make-admin": "src/server/cli/make-admin.ts", backup: "src/server/cli/backup.ts", restore: "src/server/cli/restore.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
fs.rmSync("dist/server/migrations", { recursive: true, force: true });
fs.cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
fs.writeFileSync("dist/.build-stamp", new Date().toISOString());
