import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
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
