import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationLink, waitForMail } from "../src/server/test/mail";
import { startPostgresForTest, type ThrowawayPostgres } from "./support/postgres";
import { startServer } from "./support/server-process";

const SESSION = "dg_session";
const json = { "content-type": "application/json" };
// Every process of one installation shares it (docs/operations.md: several servers).
const SECRET_KEY_BASE = "one key for every server process of this test";

/** Register through the API of `base`, verify through the link in its outbox, and log in. */
async function registerVerifyLogin(base: string, dataDir: string, email: string): Promise<string> {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "correct horse" }),
  });
  expect(registered.status).toBe(201);
  const link = new URL(verificationLink((await waitForMail(dataDir, email)).at(-1)!)!);
  const verified = await fetch(`${base}/api/auth/verify-email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ token: link.searchParams.get("token"), password: "correct horse" }),
  });
  expect(verified.status).toBe(200);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "correct horse" }),
  });
  expect(login.status).toBe(200);
  return /dg_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")![1]!;
}

const currentUser = (base: string, token: string) =>
  fetch(`${base}/api/auth/user`, { headers: { cookie: `${SESSION}=${token}` } });

describe("two server processes on one PostgreSQL database", () => {
  let pg: ThrowawayPostgres | null;
  beforeAll(async () => {
    pg = await startPostgresForTest();
  });
  afterAll(() => pg?.stop());

  it("accept each other's sessions, and a logout on one ends it on both", async (context) => {
    if (!pg) return context.skip();
    const a = await startServer({ DATABASE_URL: pg.url, SECRET_KEY_BASE });
    const b = await startServer({ DATABASE_URL: pg.url, SECRET_KEY_BASE });
    try {
      expect(await (await fetch(`${a.url}/api/health`)).json()).toMatchObject({ database: "postgres" });
      const token = await registerVerifyLogin(a.url, a.dataDir, "shared@example.com");
      const onB = await currentUser(b.url, token);
      expect(onB.status).toBe(200);
      expect((await onB.json()).email).toBe("shared@example.com");

      const logout = await fetch(`${b.url}/api/auth/logout`, {
        method: "POST",
        headers: { cookie: `${SESSION}=${token}` },
      });
      expect(logout.status).toBe(200);
      expect((await currentUser(a.url, token)).status).toBe(401);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("count wrong passwords together, per IPv6 /64, and still after both restart", async (context) => {
    if (!pg) return context.skip();
    // Behind one proxy, as a deployment with several servers is: the client address is X-Forwarded-For.
    const env = { DATABASE_URL: pg.url, SECRET_KEY_BASE, TRUST_PROXY: "1" };
    const a = await startServer(env);
    const b = await startServer(env);
    const wrong = (base: string, address: string) =>
      fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { ...json, "x-forwarded-for": address },
        body: JSON.stringify({ email: "guessed@example.com", password: "not the password" }),
      });
    let c: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      await registerVerifyLogin(a.url, a.dataDir, "guessed@example.com");
      // Ten tries from one host's /64, a new address each time, sent to the two servers in turn.
      const statuses = [];
      for (let i = 1; i <= 11; i++)
        statuses.push((await wrong(i % 2 ? a.url : b.url, `2001:db8:7:7::${i.toString(16)}`)).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      // Another host still gets its own allowance.
      expect((await wrong(b.url, "2001:db8:7:8::1")).status).toBe(401);

      await a.stop();
      await b.stop();
      c = await startServer(env);
      expect((await wrong(c.url, "2001:db8:7:7::99")).status).toBe(429);
    } finally {
      await a.stop();
      await b.stop();
      await c?.stop();
    }
  });
});

describe("npm run make-admin", () => {
  it("makes a registered user an admin and --revoke takes it back", async () => {
    const server = await startServer();
    const dataDir = server.dataDir;
    const token = await registerVerifyLogin(server.url, dataDir, "chief@example.com");
    expect((await (await currentUser(server.url, token)).json()).isAdmin).toBe(false);
    // PGlite belongs to one process at a time: stop the server, change the flag, start again.
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));

    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["dist/server/make-admin.js", ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
    const granted = run("Chief@Example.com");
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain("chief@example.com is now an admin.");
    const unknown = run("nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No user with the e-mail nobody@example.com");

    const again = await startServer({ DATA_DIR: dataDir });
    expect((await (await currentUser(again.url, token)).json()).isAdmin).toBe(true);
    await again.stop();

    expect(run("chief@example.com", "--revoke").stdout).toContain("chief@example.com is no longer an admin.");
    const third = await startServer({ DATA_DIR: dataDir });
    expect((await (await currentUser(third.url, token)).json()).isAdmin).toBe(false);
    await third.stop();
    await server.stop();
  });
});
