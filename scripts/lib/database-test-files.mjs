// Which test files get a database of the run's kind (PGlite, or PostgreSQL under DATABASE_URL):
// those whose relative imports, followed through every file they reach, arrive at
// src/server/test/test-database.ts, the one place that hands such a database out (createTestApp
// uses it). `npm test` runs only these again on PostgreSQL; createTestDatabase refuses to serve a
// file this scan does not find (an import it cannot follow), so none is left out unnoticed.
import fs from "node:fs";
import path from "node:path";

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts"];

/** Absolute paths of the test files under `root`/src that reach the test database, sorted. */
export function databaseTestFiles(root = process.cwd()) {
  const target = path.join(root, "src/server/test/test-database.ts");
  const reaches = new Map();
  const reachesTarget = (file) => {
    if (file === target) return true;
    if (reaches.has(file)) return reaches.get(file);
    reaches.set(file, false); // an import circle adds nothing
    const source = fs.readFileSync(file, "utf8");
    const found = [...source.matchAll(IMPORT)].some(([, specifier]) => {
      const base = path.resolve(path.dirname(file), specifier);
      const resolved = EXTENSIONS.map((extension) => base + extension).find((candidate) =>
        fs.statSync(candidate, { throwIfNoEntry: false })?.isFile(),
      );
      return resolved !== undefined && reachesTarget(resolved);
    });
    reaches.set(file, found);
    return found;
  };
  return fs
    .readdirSync(path.join(root, "src"), { recursive: true })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join(root, "src", file))
    .filter(reachesTarget)
    .sort();
}
