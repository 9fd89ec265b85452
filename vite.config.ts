import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import fs from "node:fs";
import path from "node:path";

const apiPort = process.env.API_PORT ?? "3001";

// PSEUDO_LOCALE=1: the pseudo build of `npm run check:pseudo` (docs/translating.md), its English
// accented and longer, built into dist-pseudo/ so it never replaces the real build.
const pseudo = Boolean(process.env.PSEUDO_LOCALE);
const distDir = pseudo ? "dist-pseudo" : "dist";

/**
 * Pseudolocalizes the English catalogs as Lingui's plugin compiles them (after it): its module is
 * `export const messages=JSON.parse("…")`, id → compiled message; only their literal words change
 * (src/shared/i18n/pseudo.ts), never placeholders, plural and select syntax or tags.
 */
const pseudoEnglish = (): Plugin => ({
  name: "pseudo-english",
  enforce: "post",
  async transform(code, id) {
    if (!/[\\/]locales[\\/]en[\\/][^\\/]+\.po(\?.*)?$/.test(id)) return null;
    const match = /^(.*export const messages\s*=\s*JSON\.parse\()("(?:[^"\\]|\\.)*")(\);?\s*)$/s.exec(code);
    if (!match) return this.error(`pseudo-english: ${id} is not shaped as Lingui's compiled catalog`);
    // Loaded here, so that the real build's config does not import it at all.
    const { pseudolocalizeCatalog } = await import("./src/shared/i18n/pseudo");
    const messages = JSON.parse(JSON.parse(match[2]!) as string) as Record<string, unknown>;
    const changed = JSON.stringify(JSON.stringify(pseudolocalizeCatalog(messages)));
    return { code: `${match[1]}${changed}${match[3]}`, map: null };
  },
});

/**
 * js-aruco2 (the drawing check's corner marks, decision 028) is written for a browser's globals and
 * Node's CommonJS: its two files hand each other `CV` and export `AR` through a top-level `this`,
 * which an ES module bundle does not have. This turns those three lines into imports and exports
 * (and a default export shaped like Node's `module.exports`, which is how the app imports it, so
 * the same import works in the bundle, in the tests and in scripts run by Node).
 */
const jsAruco2AsModules = (): Plugin => ({
  name: "js-aruco2-as-modules",
  transform(code, id) {
    if (!/[\\/]js-aruco2[\\/]src[\\/](aruco|cv)\.js(\?.*)?$/.test(id)) return null;
    const changed = code
      .replace("var CV = this.CV || require('./cv').CV;", 'import { CV } from "./cv.js";')
      .replace("this.AR = AR;", "export { AR };\nexport default { AR };")
      .replace("this.CV = CV;", "export { CV };");
    if (changed === code) this.error("js-aruco2 changed shape: update jsAruco2AsModules in vite.config.ts");
    return { code: changed, map: null };
  },
});

/**
 * Lingui's macros (`<Trans>`, `useLingui`'s `t`, `msg`) turn into message lookups at build time
 * (decision 056); Babel runs only on the files that import them.
 */
export const linguiMacros = () =>
  babel({
    presets: [
      {
        preset: () => ({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      },
    ],
  });

/**
 * Every lucide-react icon module calls its package's `createLucideIcon`; this hands them the app's
 * smaller one (src/web/lib/lucide-icon.ts, same markup), in the browser's and the server's builds
 * alike, so what the server renders is what hydrates (decision 058).
 */
const leanLucideIcons = (): Plugin => ({
  name: "lean-lucide-icons",
  enforce: "pre",
  resolveId(source, importer) {
    if (!importer || !/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/.test(importer)) return null;
    if (!/(^|\/)createLucideIcon\.mjs$/.test(source)) return null;
    return path.resolve("src/web/lib/lucide-icon.ts");
  },
  // Each of an icon's shapes carries a random React key (`key: "1f6ucr"`), which gzip cannot shrink;
  // the app's createLucideIcon keys them by position instead. (And a stray `__iconData.node;`.)
  transform(code, id) {
    if (
      !/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/.test(id) ||
      !code.includes("const __iconData")
    )
      return null;
    const changed = code.replace(/,\s*key: "[a-z0-9]+"/g, "").replace("__iconData.node;\n", "");
    if (changed === code || /\bkey: "/.test(changed))
      this.error("lucide-react's icons changed shape: update leanLucideIcons in vite.config.ts");
    return { code: changed, map: null };
  },
});

/**
 * Vite's helper that preloads a lazy chunk's files (`\0vite/preload-helper.js`, ~0.9 KB gzip in
 * every page's first load), replaced by src/web/lib/module-preload.js: the same work without the
 * parts this app does not use (decision 058). Vite 8 builds the helper's code itself, so a new
 * major must be checked against it (its `preload()` in vite/dist/node/chunks/node.js) first.
 */
const PRELOAD_HELPER = "\0vite/preload-helper.js";
const leanModulePreload = (): Plugin => ({
  name: "lean-module-preload",
  enforce: "pre",
  buildStart() {
    const { version } = JSON.parse(fs.readFileSync(path.resolve("node_modules/vite/package.json"), "utf8")) as {
      version: string;
    };
    if (!version.startsWith("8."))
      this.error(`Vite ${version}: check src/web/lib/module-preload.js against its preload helper first`);
  },
  load(id) {
    return id === PRELOAD_HELPER ? fs.readFileSync(path.resolve("src/web/lib/module-preload.js"), "utf8") : null;
  },
});

// `vite build --ssr entry-server.tsx` builds the server's renderer of the public pages to dist/ssr
// (decision 016b): same code and aliases, without the public folder or a manifest.
export default defineConfig(({ isSsrBuild }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: [
    linguiMacros(),
    react(),
    tailwindcss(),
    jsAruco2AsModules(),
    leanLucideIcons(),
    leanModulePreload(),
    lingui(),
    ...(pseudo ? [pseudoEnglish()] : []),
  ],
  // Web Workers are bundled on their own (the drawing check's worker uses js-aruco2 too).
  worker: { plugins: () => [jsAruco2AsModules()] },
  resolve: {
    // Shared schemas import "zod"; in the browser that is zod told to stay within our CSP.
    alias: [
      { find: /^zod$/, replacement: path.resolve("src/web/lib/zod-jitless.ts") },
      // Lingui's runtime without what precompiled catalogs never use (decision 058).
      { find: /^@lingui\/core$/, replacement: path.resolve("src/web/lib/lingui-core.ts") },
      { find: /^@lingui\/react$/, replacement: path.resolve("src/web/lib/lingui-react.ts") },
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: path.resolve("src/web/lib/use-sync-external-store.ts"),
      },
    ],
  },
  // The server's renderer carries the packages it uses (tree-shaken: a few icons rather than
  // lucide-react's ~1,500, which took 0.14 s to load at every start: decision 025).
  ssr: { noExternal: true },
  build: {
    outDir: `../../${distDir}/client`,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // Every browser we support (Chrome 66+, Safari 17+, Firefox 115+) knows rel=modulepreload;
    // the polyfill would cost every page ~0.3 KB gzip of first-load JavaScript for none of them.
    modulePreload: {
      polyfill: false,
      // A lazy chunk's files load at once when it is asked for (modulepreload), from a list of their
      // names that the chunk asking carries. The entry and the chunks it imports are on every page
      // before anything asks, so no list names them; and the tools only admins or a picture's owner
      // get load theirs as they come, rather than every visitor's page carrying the list (decision 058).
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType !== "js") return deps;
        if (/^assets\/(dragon-admin-actions|picture-owner-actions|admin-library-tools)-[\w-]+\.js$/.test(file))
          return [];
        return deps.filter((dep) => !/^assets\/(index|framework|rolldown-runtime)-[\w-]+\.js$/.test(dep));
      },
    },
    // Read by `npm run bench` to add up each route's first-load JavaScript.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // What every page runs first (React, the query client, the router) in one file
              // rather than five small ones: fewer requests, and gzip does better on one file.
              // Parts only some screens use (infinite queries, mutations) stay in their chunks.
              groups: [
                {
                  name: "framework",
                  test: (id: string) =>
                    (/node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam)[\\/]/.test(id) &&
                      !/(infiniteQueryObserver|useInfiniteQuery|mutationObserver|useMutation|queriesObserver|useQueries|useSuspense|hydration|HydrationBoundary|useIsFetching|useMutationState|usePrefetch|streamedQuery)\.js$/.test(
                        id,
                      )) ||
                    // Small parts nearly every public page uses (its head tags and titles, the
                    // library's reads, cards): each as a file of its own cost more in requests and
                    // gzip framing than the few hundred bytes they add here.
                    /src[\\/]web[\\/](lib[\\/](dragons|page-meta)|components[\\/]ui[\\/]card)\.tsx?$/.test(id) ||
                    /src[\\/]shared[\\/]page-meta\.ts$/.test(id),
                },
                // A public page's small parts that other screens share (icons, a link), each in a file
                // of its own, cost its first load a file each; grouped per page they cost one (decision
                // 057). Without their dependencies, which stay where they are.
                {
                  name: "dragon-page-parts",
                  includeDependenciesRecursively: false,
                  test: (id: string) =>
                    /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](grid-3x3|image-plus)\.mjs$/.test(id) ||
                    /src[\\/]web[\\/]components[\\/](share-drawing-link|dragon-not-found)\.tsx$/.test(id),
                },
                {
                  name: "library-page-parts",
                  includeDependenciesRecursively: false,
                  test: (id: string) => /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](plus|sparkles)\.mjs$/.test(id),
                },
                {
                  name: "blog-parts",
                  includeDependenciesRecursively: false,
                  test: (id: string) =>
                    /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]calendar-days\.mjs$/.test(id) ||
                    /src[\\/](shared[\\/]blog[\\/]posts|web[\\/]features[\\/]blog[\\/]api)\.ts$/.test(id),
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: {
      "/api": `http://localhost:${apiPort}`,
      "/objects": `http://localhost:${apiPort}`,
    },
  },
}));
