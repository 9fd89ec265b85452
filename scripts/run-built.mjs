// `npm start` / `npm run make-admin`: build the app if it is missing or out of date, then run the
// named server entry (dist/server/<name>.js) in this process, passing the remaining arguments on.
import { spawnSync } from "node:child_process";
import { buildIsStale } from "./lib/build-freshness.mjs";

const [entry, ...args] = process.argv.slice(2);
if (buildIsStale()) {
  console.log("Building Dragon Grid (first run or changed sources)...");
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.argv = [process.argv[0], `dist/server/${entry}.js`, ...args];
await import(`../dist/server/${entry}.js`);
