import fs from "node:fs";
import path from "node:path";

const INPUTS = ["src", "package.json", "package-lock.json", "vite.config.ts", "scripts/build-server.mjs"];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when dist/ is missing or older than any source it is built from. */
export function buildIsStale(root = process.cwd()) {
  const stamp = path.join(root, "dist/.build-stamp");
  if (
    !fs.existsSync(stamp) ||
    !fs.existsSync(path.join(root, "dist/client/index.html")) ||
    !fs.existsSync(path.join(root, "dist/ssr/entry-server.js"))
  )
    return true;
  const built = fs.statSync(stamp).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}
