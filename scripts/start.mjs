// `npm start`: build the app if it is missing or out of date, then run the server in this process.
import { spawnSync } from "node:child_process";
import { buildIsStale } from "./lib/build-freshness.mjs";

if (buildIsStale()) {
  console.log("Building Dragon Grid (first start or changed sources)...");
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../dist/server/main.js");
