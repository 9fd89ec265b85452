import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verificationLink, waitForMail } from "../src/server/test/mail";
import { freePort, startServer, type ServerProcess } from "./support/server-process";

/**
 * An upload URL as a member gets one (upload URLs are taken in only while their row awaits its
 * bytes, decision 033): sign up, follow the e-mailed link, sign in, ask. Answers the URL to PUT to
 * and where the bytes land under DATA_DIR.
 */
async function memberUploadUrl(server: ServerProcess, dataDir: string): Promise<{ url: string; file: string }> {
  const email = `lifecycle-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const json = { "content-type": "application/json" };
  expect(
    (
      await fetch(`${server.url}/api/auth/register`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email, password, firstName: "Lee" }),
      })
    ).status,
  ).toBe(201);
  const link = verificationLink((await waitForMail(dataDir, email)).at(-1)!)!;
  const token = new URL(link).searchParams.get("token");
  expect(
    (
      await fetch(`${server.url}/api/auth/verify-email`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ token, password }),
      })
    ).status,
  ).toBe(200);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const asked = await fetch(`${server.url}/api/objects/upload`, { method: "POST", headers: { cookie } });
  expect(asked.status).toBe(200);
  const { uploadURL, objectPath } = (await asked.json()) as { uploadURL: string; objectPath: string };
  return { url: new URL(uploadURL, server.url).toString(), file: path.join(dataDir, objectPath) };
}

describe("server process", () => {
  it("refuses a bad setting with one line naming the variable and a non-zero exit", () => {
    for (const [name, value, message] of [
      ["PORT", "abc", 'Configuration error: Invalid PORT="abc"'],
      [
        "DATABASE_URL",
        "mysql://nope",
        'Configuration error: Invalid DATABASE_URL="mysql://nope": must be a URL starting with postgres:// or postgresql://',
      ],
      // Several servers on one database would each generate a key of their own.
      [
        "DATABASE_URL",
        "postgres://app@127.0.0.1:1/dragongrid",
        "Configuration error: SECRET_KEY_BASE is required with DATABASE_URL",
      ],
    ]) {
      const result = spawnSync(process.execPath, ["dist/server/main.js"], {
        env: { ...process.env, [name!]: value },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toContain(message);
    }
  });

  it("lets an in-flight upload finish on SIGTERM, then exits 0; a restart keeps the data", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-lifecycle-"));
    const server = await startServer({ DATA_DIR: dataDir });
    const upload = await memberUploadUrl(server, dataDir);
    // A PNG's signature, then filler: the server checks the first bytes of what it receives.
    const body = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2040, 9)]);

    const response = new Promise<number>((resolve, reject) => {
      const request = http.request(
        upload.url,
        { method: "PUT", headers: { "content-type": "image/png", "content-length": body.length } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        },
      );
      request.on("error", reject);
      // Half now, SIGTERM, the other half later: a slow client mid-request.
      request.write(body.subarray(0, 1024));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => request.end(body.subarray(1024)), 700);
      }, 300);
    });
    expect(await response).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(fs.statSync(upload.file).size).toBe(2048);

    const started = Date.now();
    const again = await startServer({ DATA_DIR: dataDir });
    const restartMs = Date.now() - started;
    const health = await (await fetch(`${again.url}/api/health`)).json();
    expect(health).toEqual({ status: "ok", database: "pglite", storage: "local" });
    await again.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.log(`restart on an existing DATA_DIR took ${restartMs} ms`);
  });

  it("serves Prometheus metrics on METRICS_PORT only, and stops serving them on SIGTERM", async () => {
    const metricsPort = await freePort();
    const server = await startServer({ METRICS_PORT: String(metricsPort) }, { prepared: true });
    try {
      await fetch(`${server.url}/api/health/live`);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(
        /dragon_grid_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} 1/,
      );
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });

  it("on SIGTERM answers readiness checks with 503, and closes a request still stalled after 10 s, then exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-lifecycle-"));
    const server = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    const upload = await memberUploadUrl(server, dataDir);
    // A client that sends half its upload and then nothing more.
    const stalled = http.request(upload.url, {
      method: "PUT",
      headers: { "content-type": "image/png", "content-length": 4096 },
    });
    const cut = new Promise<string>((resolve) => {
      stalled.on("error", (error) => resolve(error.message));
      stalled.on("response", (res) => resolve(`answered ${res.statusCode}`));
    });
    stalled.write(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1016)]));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    // A new connection, as a balancer's next probe makes, is told the process is going away (once it has the signal).
    const probe = () =>
      fetch(`${server.url}/api/health/ready`, { headers: { connection: "close" } }).then(
        (res) => res.status,
        () => "refused",
      );
    await expect.poll(probe, { timeout: 5_000 }).not.toBe(200);
    expect([503, "refused"]).toContain(await probe());

    expect(await server.stop()).toBe(0);
    const tookMs = Date.now() - signalled;
    expect(tookMs).toBeGreaterThanOrEqual(9_500);
    expect(tookMs).toBeLessThan(20_000);
    expect(await cut).toMatch(/socket hang up|ECONNRESET/);
    expect(server.output()).toContain("requests still in flight 10 s after SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
