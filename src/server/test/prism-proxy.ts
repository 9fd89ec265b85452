import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import type { InjectOptions } from "fastify";

// Prism (@stoplight/prism-cli) as a validating proxy in front of a listening app (decision 037):
// it reads the document the app serves, forwards each request to the app, checks the request and
// the answer against the document, and names what breaks it in the answer's `sl-violations` header.
// It runs without `--errors`, so every request reaches the app and is answered as the app answers
// it: a violation is read from the header rather than turned into a 422 or a 500 of Prism's own.

/** One rule of the document a request or its answer broke, as Prism reports it. */
export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/**
 * What Prism reports of a request without the session cookie that an operation's `security` asks
 * for: the one violation a visitor's call to a members' route must bring (the app answers 401).
 */
export const NO_SESSION: Violation = {
  location: ["request"],
  severity: "Error",
  code: 401,
  message: "Invalid security scheme used",
};

export interface ProxiedResponse {
  statusCode: number;
  body: string;
  violations: Violation[];
}

export interface PrismProxy {
  /** Sends a request, written as for `app.inject`, through the proxy. */
  send(options: InjectOptions): Promise<ProxiedResponse>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const PRISM = require.resolve("@stoplight/prism-cli/dist/index.js");
const STARTED = /Prism is listening on (http:\/\/\S+)/;
/** It reads and checks the whole document first: a few seconds on a busy machine. */
const START_MS = 45_000;

/** The violations of an `sl-violations` header; Prism cuts a long one short after "Too many violations!". */
function violationsIn(report: string | null): Violation[] {
  if (!report) return [];
  return report.startsWith("[")
    ? (JSON.parse(report) as Violation[])
    : [{ location: [], severity: "Error", message: report }];
}

/** Starts Prism on a free port of 127.0.0.1, in front of the app listening at `upstream`. */
export async function startPrismProxy(upstream: string): Promise<PrismProxy> {
  const child = spawn(
    process.execPath,
    [
      PRISM,
      "proxy",
      `${upstream}/api/openapi.json`,
      upstream,
      "--host",
      "127.0.0.1",
      "--port",
      "0",
      "--errors",
      "false",
    ],
    {
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // A test run that ends without its afterAll (a crash, a time-out) leaves no Prism behind.
  const stop = () => child.kill();
  process.once("exit", stop);
  child.once("exit", () => process.removeListener("exit", stop));
  let output = "";
  const address = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      child.kill();
      reject(new Error(`prism ${why} before listening:\n${output.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail(`did not start in ${START_MS} ms`), START_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = STARTED.exec(output);
      if (!started) return;
      clearTimeout(timer);
      resolve(started[1]!);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(`exited (${code})`);
    });
  });
  // Its log of every request is not needed once it listens; reading it keeps the pipe from filling.
  child.stdout.removeAllListeners("data").resume();
  child.stderr.removeAllListeners("data").resume();

  return {
    async send(options) {
      const headers = new Headers(options.headers as Record<string, string> | undefined);
      if (options.cookies)
        headers.set(
          "cookie",
          Object.entries(options.cookies)
            .map(([name, value]) => `${name}=${value}`)
            .join("; "),
        );
      const res = await fetch(`${address}${options.url as string}`, {
        method: options.method as string,
        headers,
        // Prism reads a body that is not JSON as text: only text is sent through it.
        body: options.payload as string | undefined,
        redirect: "manual",
      });
      return {
        statusCode: res.status,
        body: await res.text(),
        violations: violationsIn(res.headers.get("sl-violations")),
      };
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    },
  };
}
