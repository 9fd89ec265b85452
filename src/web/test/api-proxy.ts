// Runs in Node, in the components project's Vite server: the page's /api and /objects requests go
// to the real app that src/server/test/component-api.ts starts, so a component calls the API as it
// does in the app: same origin, cookies, and the Host the page asked (the app's origin check
// compares it with Origin). The app's address is known only once that global setup
// has run, after this server started, so it is read per request.
import http from "node:http";
import type { Plugin } from "vite";

export function apiProxy(): Plugin {
  return {
    name: "component-api-proxy",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const target = process.env.COMPONENT_API_URL;
        if (!target || !/^\/(api|objects)\//.test(req.url ?? "")) return next();
        const upstream = http.request(
          new URL(req.url!, target),
          { method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", (error) => {
          res.statusCode = 502;
          res.end(error.message);
        });
        req.pipe(upstream);
      });
    },
  };
}
