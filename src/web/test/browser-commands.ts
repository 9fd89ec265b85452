// Runs in Node: what a component test asks of the browser around the page (vitest's browser
// commands, through Playwright), each as a person or the network would do it.
import type { Route } from "playwright";
import type { BrowserCommand, BrowserCommandContext } from "vitest/node";
import "@vitest/browser-playwright";

export interface FileToChoose {
  name: string;
  mimeType: string;
  base64: string;
}

/** Clicks the button that opens the file picker, and picks the file in it. */
const chooseFile: BrowserCommand<[button: string, file: FileToChoose]> = async (context, button, file) => {
  const frame = await context.frame();
  const [chooser] = await Promise.all([
    context.page.waitForEvent("filechooser"),
    frame.getByRole("button", { name: button, exact: true }).click(),
  ]);
  await chooser.setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.base64, "base64") });
};

// Requests to one method and path, cut or held at the network, by the test's session.
const faults = new Map<string, { match: (url: URL) => boolean; handler: (route: Route) => Promise<void> }>();
const held: Route[] = [];

async function intercept(context: BrowserCommandContext, method: string, path: string, act: (route: Route) => void) {
  const key = `${context.sessionId} ${method} ${path}`;
  const match = (url: URL) => url.pathname === path;
  const handler = async (route: Route) => (route.request().method() === method ? act(route) : route.fallback());
  faults.set(key, { match, handler });
  await context.page.route(match, handler);
}

/** The server cannot be reached for these requests (the connection fails), until `restoreRequests`. */
const cutRequests: BrowserCommand<[method: string, path: string]> = (context, method, path) =>
  intercept(context, method, path, (route) => void route.abort("internetdisconnected"));

/** These requests wait on the way until `releaseRequests`: the moment a person sees while a request is under way. */
const holdRequests: BrowserCommand<[method: string, path: string]> = (context, method, path) =>
  intercept(context, method, path, (route) => void held.push(route));

/** How many requests wait on the way now. */
const heldRequests: BrowserCommand<[]> = () => held.length;

/** Lets held requests go on, and stops cutting or holding these. */
const restoreRequests: BrowserCommand<[method: string, path: string]> = async (context, method, path) => {
  // Held requests go first: unrouting would otherwise let them go on without us.
  await Promise.all(held.splice(0).map((route) => route.continue()));
  const key = `${context.sessionId} ${method} ${path}`;
  const fault = faults.get(key);
  if (fault) await context.page.unroute(fault.match, fault.handler);
  faults.delete(key);
};

/** A request from another browser (an admin's, say) straight to the app, with that browser's session cookie. */
const requestAs: BrowserCommand<[cookie: string, method: string, path: string]> = async (
  _context,
  cookie,
  method,
  path,
) => {
  const res = await fetch(new URL(path, process.env.COMPONENT_API_URL), { method, headers: { cookie } });
  return res.status;
};

export const browserCommands = { chooseFile, cutRequests, holdRequests, heldRequests, restoreRequests, requestAs };

declare module "vitest/browser" {
  interface BrowserCommands {
    chooseFile: (button: string, file: FileToChoose) => Promise<void>;
    cutRequests: (method: string, path: string) => Promise<void>;
    holdRequests: (method: string, path: string) => Promise<void>;
    heldRequests: () => Promise<number>;
    restoreRequests: (method: string, path: string) => Promise<void>;
    requestAs: (cookie: string, method: string, path: string) => Promise<number>;
  }
}
