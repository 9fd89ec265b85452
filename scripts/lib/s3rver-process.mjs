// An S3-compatible store (s3rver) in a process of its own, for `npm run bench:load`: on a 2-core
// machine the store's work must not run on the load generator's event loop and skew its clocks.
// Prints one JSON line, {"endpoint":"http://127.0.0.1:…","bucket":"…"}, once it listens; stops
// (and removes its directory) on SIGTERM or SIGINT. As in src/server/test/s3rver.ts, the account
// is s3rver's only built-in one, S3RVER / S3RVER.
//
//   node scripts/lib/s3rver-process.mjs [bucket]
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const S3rver = createRequire(import.meta.url)("s3rver");
const bucket = process.argv[2] ?? "bench-load";
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-s3rver-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  resetOnClose: true,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
console.log(JSON.stringify({ endpoint: `http://127.0.0.1:${port}`, bucket }));

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server
      .close()
      .catch(() => {})
      .finally(() => {
        fs.rmSync(directory, { recursive: true, force: true });
        process.exit(0);
      });
  });
}
