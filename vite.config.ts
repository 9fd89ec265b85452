import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
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
    manifest: true,
  },
  server: {
    proxy: {
      "/api": `http://localhost:${apiPort}`,
      "/objects": `http://localhost:${apiPort}`,
    },
  },
});
