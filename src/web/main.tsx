import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { hydrate } from "@tanstack/react-query";
import { App } from "./app/app";
import { queryClient } from "./lib/query-client";
import "./styles.css";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page arrives rendered, with the data it was rendered from in a JSON script element
// (data, not code: CSP runs no inline script). The client starts from that data, so its first
// render matches the HTML and nothing is fetched again. Other pages (and `npm run dev`) arrive empty.
const state = document.getElementById("query-state");
if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
