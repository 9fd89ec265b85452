import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import { SESSION_COOKIE } from "../../auth/sessions";
import { COMPANION_SESSION_PREFIX } from "./companion";

// Debian's redis-server, started for this file. Without it the file is skipped, except under CI.
const REDIS_SERVER = "/usr/bin/redis-server";
const haveRedis = fs.existsSync(REDIS_SERVER);
if (!haveRedis && process.env.CI) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!haveRedis)("remote sources' sign-in with several server processes and REDIS_URL", () => {
  let redis: ChildProcess;
  let redisUrl: string;
  let a: TestApp;
  let b: TestApp;
  let member: TestUser;
  const origins: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    redisUrl = `redis://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const probe = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
      probe.on("error", () => {});
      const up = await probe.connect().then(
        () => true,
        () => false,
      );
      if (up) probe.destroy();
      if (up) break;
      if (tries > 50) throw new Error("redis-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const env = {
      COMPANION_DROPBOX_KEY: "dropbox-app-key",
      COMPANION_DROPBOX_SECRET: "dropbox-app-secret",
      REDIS_URL: redisUrl,
      SECRET_KEY_BASE: "one key for both processes of this test",
    };
    a = await createTestApp(env);
    b = await createTestApp(env, { database: a.database });
    for (const t of [a, b]) {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      origins.push(`http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`);
    }
    member = await createSignedInUser(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    redis?.kill();
  });

  it("comes back from the provider to another process than the one that sent the person there, the sign-in state in Redis", async () => {
    const cookie = `${SESSION_COOKIE}=${member.cookies[SESSION_COOKIE]}`;
    const state = btoa(JSON.stringify({ origin: "http://dragongrid.test" }));
    // The widget's popup on one server: Companion's connect, then Grant's, which keeps the sign-in's
    // state in the session and sends the person to the provider.
    const connect = await fetch(`${origins[0]}/api/companion/dropbox/connect?state=${state}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(connect.status, await connect.text()).toBe(302);
    const grant = new URL(connect.headers.get("location")!);
    const toProvider = await fetch(`${origins[0]}${grant.pathname}${grant.search}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(toProvider.status).toBe(302);
    const authorize = new URL(toProvider.headers.get("location")!);
    expect(authorize.origin + authorize.pathname).toBe("https://www.dropbox.com/oauth2/authorize");
    const companionCookie = toProvider.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(companionCookie).toMatch(/^dg_companion=/);
    const inRedis = await createClient({ url: redisUrl }).connect();
    try {
      const keys = await inRedis.keys(`${COMPANION_SESSION_PREFIX}*`);
      expect(keys).toHaveLength(1);
      expect(await inRedis.get(keys[0]!)).toContain("grant");
    } finally {
      await inRedis.close();
    }
    // The provider sends the person back; the balancer picks the other server.
    const back = await fetch(
      `${origins[1]}/api/companion/dropbox/redirect?code=from-the-provider&state=${authorize.searchParams.get("state")}`,
      { headers: { cookie: `${cookie}; ${companionCookie}` }, redirect: "manual" },
    );
    expect(back.status).toBe(302);
    const next = new URL(back.headers.get("location")!);
    const callback = await fetch(`${origins[1]}${next.pathname}${next.search}`, {
      headers: { cookie: `${cookie}; ${companionCookie}` },
      redirect: "manual",
    });
    // Grant on that server found the sign-in's session and checked its state; a server that does
    // not share it answers "missing session" (as these processes did without REDIS_URL).
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).not.toContain("missing%20session");
    expect(callback.headers.get("location")).toContain("/dropbox/callback");
    // Companion's own last step is not followed here: its Grant settings are one object per
    // process, which a second Companion in the same process (this test's other server) prefixes
    // again. companion.test.ts follows it on one server.
  });
});
