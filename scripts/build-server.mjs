// Bundle the server with the pure-JavaScript packages it uses, and copy its migrations beside it.
// Resolving and loading packages' files one by one was about a fifth of a restart (decision 025);
// one file is read and compiled at once. Packages stay outside the bundle when they load native or
// WebAssembly files, worker threads or data files beside their own code, or are large and only
// some installations use them.
import { build } from "esbuild";
import fs from "node:fs";

const external = [
  "sharp", // native libvips
  "@node-rs/argon2", // native password hashing
  "@electric-sql/pglite", "@electric-sql/pglite/*", // WebAssembly and data files beside it
  "pino", "thread-stream", // worker threads by file name
  "pg", "pg-native", // optional native binding
  "@uppy/companion", "express-session", // remote sources (Companion is imported only when enabled)
  "@aws-sdk/*", // S3 storage
  "openid-client", "nodemailer", // Google sign-in, mail
];

await build({
  entryPoints: { main: "src/server/main.ts", "make-admin": "src/server/cli/make-admin.ts", backup: "src/server/cli/backup.ts", restore: "src/server/cli/restore.ts", "move-to": "src/server/cli/move-to.ts", "pencil-thread": "src/server/images/pencil-thread.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // What is imported with import() (the S3 client, node-postgres, openid-client, nodemailer) goes
  // into chunks of its own, loaded when first needed rather than at every start.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  external,
  // Bundled CommonJS packages call require() for Node's own modules; an ES module has none.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: "warning",
});
fs.rmSync("dist/server/migrations", { recursive: true, force: true });
fs.cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
fs.writeFileSync("dist/.build-stamp", new Date().toISOString());
