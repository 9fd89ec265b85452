// Build /sw.js: bundle src/web/pwa/service-worker.ts with Workbox and give it the list
// of the built app shell to precache (hashed JS and CSS, icons, the manifest, and "/", the page
// every path can start from). Pictures are left to the runtime cache.
import { build } from "esbuild";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// PSEUDO_LOCALE=1: the pseudo build's (`npm run check:pseudo`), in dist-pseudo/.
const clientDir = process.env.PSEUDO_LOCALE ? "dist-pseudo/client" : "dist/client";
const revision = (file) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 16);

// The page table (src/shared/pages.ts), bundled to read which screens work offline.
const table = await build({
  entryPoints: ["src/shared/pages.ts"],
  bundle: true,
  format: "esm",
  platform: "neutral",
  write: false,
  logLevel: "warning",
});
const { PAGES, moduleFile, worksOffline } = await import(
  `data:text/javascript;base64,${Buffer.from(table.outputFiles[0].text).toString("base64")}`
);

// The shell: the entry and what it imports, plus the screens the page table marks offline (those a
// learner goes through to a canvas). Other screens' code (the blog editor, the uploader, the
// charts) is cached at run time when first used, so a first visit does not download all of it.
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8"));
// Every page's module must be a chunk of the build: the server preloads it and the worker caches
// the offline ones by this name, so a moved screen fails the build instead of going quietly missing.
const missing = PAGES.map(moduleFile).filter((file) => !manifest[file]);
if (missing.length) throw new Error(`src/shared/pages.ts names modules the build does not have: ${missing.join(", ")}`);
const SCREENS = PAGES.filter(worksOffline).map(moduleFile);
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isEntry) continue;
  visit(key);
  // Loaded by the entry after the first paint: the toast region, the worker's registration, a member's
  // account controls; and on the way to an offline canvas, the catalogs' loader (its words) and the
  // loaders of the screens outside the public pages (the canvas's among them: decision 058).
  for (const lazy of chunk.dynamicImports ?? [])
    if (/toaster|pwa\/register|signed-in-controls|lib\/catalogs|app\/rare-screens/.test(lazy)) visit(lazy);
}
SCREENS.forEach(visit);
// A member's own pictures (decision 031) show on offline screens ('My pictures' on /home, a
// picture's own buttons on its page), loaded lazily there: their code is part of the shell too, or
// a signed-in learner's /home would fail to load that part offline.
for (const screen of SCREENS)
  for (const lazy of manifest[screen]?.dynamicImports ?? []) if (/features\/pictures\//.test(lazy)) visit(lazy);
const entries = [...files].map((file) => ({ url: `/${file}`, revision: null }));
for (const name of [
  "favicon.svg",
  "manifest.webmanifest",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "apple-touch-icon.png",
]) {
  const file = path.join(clientDir, name);
  if (fs.existsSync(file)) entries.push({ url: `/${name}`, revision: revision(file) });
}
// "/" is rendered by the server from index.html: its revision follows the template.
entries.push({ url: "/", revision: revision(path.join(clientDir, "index.html")) });

await build({
  entryPoints: ["src/web/pwa/service-worker.ts"],
  outfile: path.join(clientDir, "sw.js"),
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  define: { "process.env.NODE_ENV": '"production"', __PRECACHE_MANIFEST__: JSON.stringify(entries) },
  logLevel: "warning",
});
console.log(`sw.js: ${entries.length} files precached`);
