// `npm start` / `npm run make-admin` / backup / restore: build the app if it is missing or out of
// date, then run the named server entry (dist/server/<name>.js), passing the remaining arguments on.
// The server runs as a child process started with the allocator settings of server-env.mjs (they
// only take effect at process start); this process passes signals on and exits with its code. The
// short-lived commands run here.
import { spawn, spawnSync } from "node:child_process";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { SERVER_NODE_FLAGS, serverEnv } from "./lib/server-env.mjs";

const [entry, ...args] = process.argv.slice(2);
if (buildIsStale()) {
  console.log("Building Dragon Grid (first run or changed sources)...");
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (entry === "main") {
  const server = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...process.execArgv, `dist/server/${entry}.js`, ...args],
    { stdio: "inherit", env: serverEnv(process.env) },
  );
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
} else {
  process.argv = [process.argv[0], `dist/server/${entry}.js`, ...args];
  await import(`../dist/server/${entry}.js`);
}
