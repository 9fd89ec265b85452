// The server's way into the app (built by `vite build --ssr` to dist/ssr, loaded by
// src/server/features/pages/server-render.ts): a public page rendered to HTML with the data the
// server read for it, and that data dehydrated for the browser to start from.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { Router } from "wouter";
import { App } from "./app/app";
import { queryClientOptions } from "./lib/query-client";
import { AUTH_USER_KEY } from "./lib/auth";

export interface RenderInput {
  pathname: string;
  /** The first screen's data, by query key (see shared/pages.ts). */
  queries: { queryKey: string[]; data: unknown }[];
  /** Rendered for someone with no session: signed out, and the browser is told so. */
  visitor: boolean;
}

export interface RenderResult {
  html: string;
  state: DehydratedState;
}

/** Render a page to HTML, waiting for its lazy screen (prerender waits for every Suspense boundary). */
export async function render({ pathname, queries, visitor }: RenderInput): Promise<RenderResult> {
  // One client per render: nothing read for one page can reach another.
  const client = new QueryClient(queryClientOptions);
  for (const { queryKey, data } of queries) client.setQueryData(queryKey, data);
  if (visitor) client.setQueryData(AUTH_USER_KEY, null);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={pathname} ssrSearch="">
        <App client={client} />
      </Router>
    </StrictMode>,
    // Every boundary inline, however large: React would otherwise send a big one after the rest
    // with an inline <script> to move it into place, and CSP runs no inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
  return { html, state: dehydrate(client) };
}
