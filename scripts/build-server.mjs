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
  "@electric-sql/pglite",
  "@electric-sql/pglite/*", // WebAssembly and data files beside it
  "pino",
  "thread-stream", // worker threads by file name
  "pg",
  "pg-native", // optional native binding
  "@uppy/companion",
  "express-session", // remote sources (Companion is imported only when enabled)
  // Companion's shared sign-in state, only with REDIS_URL. Bundled, node-redis's CommonJS
  // re-exports are lost to import() (no createClient); Node's own loader finds them.
  "connect-redis",
  "redis",
  "@aws-sdk/*", // S3 storage
  "openid-client",
  "nodemailer", // Google sign-in, mail
];

// PSEUDO_LOCALE=1 (`npm run check:pseudo`): the pseudo build's server, in dist-pseudo/ beside its
// client, so it never replaces the real build.
const distDir = process.env.PSEUDO_LOCALE ? "dist-pseudo" : "dist";

// Chunks are named by their content: those of an earlier build would stay beside the new ones.
fs.rmSync(`${distDir}/server`, { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/server/main.ts",
    "make-admin": "src/server/cli/make-admin.ts",
    backup: "src/server/cli/backup.ts",
    restore: "src/server/cli/restore.ts",
    "move-to": "src/server/cli/move-to.ts",
    "render-thread": "src/server/images/render-thread.ts",
    "image-work-child": "src/server/images/image-work-child.ts",
  },
  outdir: `${distDir}/server`,
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
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  // Without comments and indentation the code V8 keeps in memory is a third of the size, and all
  // ASCII (a package's comment with an en dash made the whole 3.8 MB file a two-byte string: 9 MB
  // of the idle heap). Names stay, so stack traces still read; the licences go to *.LEGAL.txt.
  minifyWhitespace: true,
  legalComments: "external",
  logLevel: "warning",
});
fs.cpSync("src/server/db/migrations", `${distDir}/server/migrations`, { recursive: true });
// The server's message catalogs (decision 057), read by src/server/i18n/server-catalogs.ts.
fs.cpSync("src/server/locales", `${distDir}/server/locales`, { recursive: true });
fs.writeFileSync(`${distDir}/.build-stamp`, new Date().toISOString());
