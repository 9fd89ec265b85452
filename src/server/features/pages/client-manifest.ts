import fs from "node:fs";
import path from "node:path";
import type { PagePreload } from "../../../shared/page-meta";
import { matchPage, moduleFile } from "../../../shared/pages";

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The client build's manifest (Vite), or null when the client has not been built. */
export function readManifest(clientDir: string): Manifest | null {
  const file = path.join(clientDir, ".vite", "manifest.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Manifest) : null;
}

const LANDING_HERO = "assets/landing/i-drew-this";

/** The landing page's first picture (the file names carry content hashes, hence the manifest). */
export function landingPreload(manifest: Manifest): PagePreload[] {
  const url = (suffix: string) => manifest[`${LANDING_HERO}${suffix}.webp`]?.file;
  const [small, medium, large] = [url("-600"), url("-800"), url("")];
  if (!small || !medium || !large) return [];
  // Must match the landing page's <img>: same srcset and sizes.
  return [
    {
      as: "image",
      href: `/${large}`,
      srcset: `/${small} 600w, /${medium} 800w, /${large} 1200w`,
      sizes: "(min-width: 768px) 50vw, 100vw",
    },
  ];
}

/**
 * The screen's chunk and the chunks it imports, less what the entry already loads: the router
 * loads screens lazily, so their code can start loading with the HTML instead of after the main
 * bundle has run.
 */
export function routeModules(manifest: Manifest, pathname: string): PagePreload[] {
  const page = matchPage(pathname)?.page;
  const key = page && moduleFile(page);
  if (!key || !manifest[key]) return [];
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const skip = new Set(entry?.imports ?? []);
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || skip.has(name) || !manifest[name]) return;
    seen.add(name);
    manifest[name]!.imports?.forEach(visit);
  };
  visit(key);
  return [...seen].map((name) => ({ as: "module" as const, href: `/${manifest[name]!.file}` }));
}
