import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";

const apiPort = process.env.API_PORT ?? "3001";

// `vite build --ssr entry-server.tsx` builds the server's renderer of the public pages to dist/ssr
// (decision 016b): same code and aliases, without the public folder or a manifest.
export default defineConfig(({ isSsrBuild }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: {
    // Shared schemas import "zod"; in the browser that is zod told to stay within our CSP.
    alias: [{ find: /^zod$/, replacement: path.resolve("src/web/lib/zod-jitless.ts") }],
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // Read by `npm run bench` to add up each route's first-load JavaScript.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
  server: {
    proxy: {
      "/api": `http://localhost:${apiPort}`,
      "/objects": `http://localhost:${apiPort}`,
    },
  },
}));
