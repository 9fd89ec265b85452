import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { outboxFor, verificationLink } from "../src/server/test/mail";
import { startPostgresForTest, type ThrowawayPostgres } from "./support/postgres";
import { startServer, type ServerProcess } from "./support/server-process";

// An acknowledged write survives a crash: a burst of registrations and progress saves is cut by
// SIGKILL (no shutdown, no flush), the server starts again on the same data, and every write
// whose 2xx answer had arrived is there. On the embedded PGlite and on PostgreSQL.

const PASSWORD = "correct horse battery";
// Each request from an address of its own (the server trusts 127.0.0.1 as its proxy), so the real
// per-address limits do not turn the burst into 429s.
const address = () => `198.19.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;
const post = (server: ServerProcess, url: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const wip = (dragonId: string, imageX: number) => ({ dragonId, paperWidth: 11, paperHeight: 8.5, gridSize: 1, imageZoom: 1, imageX, imageY: 0 });

/** A verified, signed-in member: register, follow the outbox link, log in. */
async function member(server: ServerProcess, email: string): Promise<string> {
  expect((await post(server, "/api/auth/register", { email, password: PASSWORD })).status).toBe(201);
  const link = verificationLink(outboxFor(server.dataDir, email).at(-1) ?? "");
  expect((await fetch(`${server.url}/api/auth/verify-email${new URL(link!).search}`, { headers: { "x-forwarded-for": address() } })).status).toBe(200);
  const login = await post(server, "/api/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().find((c) => c.startsWith("dg_session="))!.split(";")[0]!;
}

async function crashAndCheck(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-crash-"));
  const settings = { DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1", ...env };
  // A first start loads the 12 samples through sharp: slow on a busy 2-core machine.
  let server = await startServer(settings, { startTimeoutMs: 180_000 });
  try {
    const cookie = await member(server, "saver@crash.test");
    const dragons = ((await (await fetch(`${server.url}/api/dragons`)).json()) as { id: string }[]).map((d) => d.id);
    expect(dragons.length).toBeGreaterThan(0);

    // The burst: 8 writers, each registering people and saving progress (imageX counts up per
    // dragon), until the server is killed under them.
    const registered: string[] = [];
    const saved = new Map<string, number>();
    let sequence = 0;
    let killed = false;
    const writer = async (n: number) => {
      for (let i = 0; !killed; i++) {
        try {
          if (i % 2 === 0) {
            const email = `burst-${n}-${i}@crash.test`;
            if ((await post(server, "/api/auth/register", { email, password: PASSWORD })).status === 201) registered.push(email);
          } else {
            const value = ++sequence;
            const dragonId = dragons[value % dragons.length]!;
            if ((await post(server, "/api/wip", wip(dragonId, value), cookie)).ok) saved.set(dragonId, Math.max(saved.get(dragonId) ?? 0, value));
          }
        } catch {
          // The connection died with the server: that write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    await expect.poll(() => registered.length + saved.size, { timeout: 60_000 }).toBeGreaterThan(40);
    server.child.kill("SIGKILL");
    killed = true;
    await Promise.all(writers);
    expect(await server.stop()).toBeNull();

    server = await startServer(settings, { startTimeoutMs: 180_000 });
    // Every acknowledged registration is there: registering again is refused as a duplicate.
    for (const email of registered) {
      const again = await post(server, "/api/auth/register", { email, password: PASSWORD });
      expect(again.status, email).toBe(409);
    }
    // Every acknowledged save is there (or a later one that committed as the server died).
    for (const [dragonId, value] of saved) {
      const progress = (await (await fetch(`${server.url}/api/wip/${dragonId}`, { headers: { cookie } })).json()) as { imageX: number } | null;
      expect(progress?.imageX ?? -1, dragonId).toBeGreaterThanOrEqual(value);
    }
    return { registrations: registered.length, saves: saved.size };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("crash durability", () => {
  it("keeps every acknowledged write through SIGKILL on PGlite", async () => {
    const { registrations, saves } = await crashAndCheck({});
    expect(registrations).toBeGreaterThan(0);
    expect(saves).toBeGreaterThan(0);
  }, 240_000);

  let postgres: ThrowawayPostgres | null = null;
  afterAll(() => postgres?.stop());
  it("keeps every acknowledged write through SIGKILL on PostgreSQL", async () => {
    postgres = await startPostgresForTest();
    if (!postgres) return;
    const { registrations, saves } = await crashAndCheck({ DATABASE_URL: postgres.url });
    expect(registrations).toBeGreaterThan(0);
    expect(saves).toBeGreaterThan(0);
  }, 240_000);
});
