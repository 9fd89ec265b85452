import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { users } from "../db/schema";
import { loadOrCreateSecret } from "../http/secrets";
import {
  signUnsubscribeToken,
  unsubscribeKey,
  unsubscribeKeysToCarry,
} from "../features/notifications/unsubscribe-token";
import { createTestApp } from "../test/test-app";
import { fromNewAddress } from "../test/accounts";
import { markMoveComplete, moveRows } from "./move";
import { testClient } from "../test/api-client";

// `npm run move-to` moves into PostgreSQL, so these run in the PostgreSQL pass of the suite
// (e2e/move-to.test.ts moves a whole installation through the built command).
const onPostgres = Boolean(process.env.DATABASE_URL);

const created: string[] = [];

/** Runs statements on the test's PostgreSQL server, outside any test database. */
async function onServer(...statements: string[]) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty database on the test's PostgreSQL server, dropped after the tests; answers its URL. */
async function emptyDatabase(): Promise<string> {
  const name = `dg_move_${crypto.randomBytes(6).toString("hex")}`;
  await onServer(`create database ${name}`);
  created.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.skipIf(!onPostgres)("npm run move-to's export and keys", () => {
  let dataDir: string;
  let memberId: string;
  beforeAll(async () => {
    // A stopped embedded installation: its database at this version's schema, a member with a
    // password, and the signing key it generated.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-move-source-"));
    const source = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    [{ id: memberId }] = (await source.db
      .insert(users)
      .values({
        email: "mover@example.com",
        emailVerified: true,
        passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$secret-hash",
      })
      .returning({ id: users.id })) as [{ id: string }];
    await source.close();
    loadOrCreateSecret(path.join(dataDir, "cookie-signing.key"));
  }, 120_000);
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await onServer(...created.map((name) => `drop database if exists ${name} with (force)`));
  });

  /** Runs a move, noting the export's folder and each written file's mode while the move is under way. */
  async function move(targetUrl: string, options: { exportDir?: string; failAfter?: string } = {}) {
    let exportDir: string | undefined = options.exportDir;
    const modes: Record<string, number> = {};
    const log = (line: string) => {
      exportDir ??= /^The export's files go to (.+?)(?:,|$)/.exec(line)?.[1];
      const table = /^(\w+): \d+ rows, checksum/.exec(line)?.[1];
      if (table && exportDir) {
        modes[exportDir] = modeOf(exportDir);
        modes[`${table}.copy`] = modeOf(path.join(exportDir, `${table}.copy`));
      }
      if (table && table === options.failAfter) throw new Error("the move was interrupted");
    };
    const result = moveRows({
      dataDir,
      targetUrl,
      exportDir: options.exportDir,
      log,
      settings: unsubscribeKeysToCarry(dataDir),
    });
    return { result, exportDir: () => exportDir, modes };
  }

  it("writes the export readable by its owner only and removes it when the move ends, done or failed; a second run needs none of it", async () => {
    const target = await emptyDatabase();
    const failed = await move(target, { failAfter: "users" });
    await expect(failed.result).rejects.toThrow("the move was interrupted");
    expect(failed.exportDir()).toBeDefined();
    expect(failed.modes["users.copy"]).toBe(0o600);
    expect(failed.modes[failed.exportDir()!]).toBe(0o700);
    expect(fs.existsSync(failed.exportDir()!)).toBe(false);

    // Taken up again from the embedded database, which the move only reads.
    const again = await move(target);
    const report = await again.result;
    expect(report.tables.find((table) => table.name === "users")).toMatchObject({ rows: 1, skipped: true });
    expect(Object.entries(again.modes).length).toBeGreaterThan(2);
    for (const [file, mode] of Object.entries(again.modes))
      expect(mode, file).toBe(file === again.exportDir() ? 0o700 : 0o600);
    expect(fs.existsSync(again.exportDir()!)).toBe(false);
  }, 120_000);

  it("removes the export when the move is interrupted (Ctrl+C, a closed terminal, a stop), where no finally runs", async () => {
    const target = await emptyDatabase();
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      // A move in a process of its own, which the signal stops once the first table is exported.
      const script = path.join(dataDir, "interrupted-move.mts");
      fs.writeFileSync(
        script,
        `import { moveRows } from ${JSON.stringify(path.resolve("src/server/backup/move.ts"))};
        let signalled = false;
        await moveRows({ dataDir: ${JSON.stringify(dataDir)}, targetUrl: ${JSON.stringify(target)}, log: (line) => {
          const folder = /^The export's files go to (.+?),/.exec(line)?.[1];
          if (folder) console.log("EXPORT " + folder);
          if (!signalled && /^\\w+: \\d+ rows, checksum/.test(line)) { signalled = true; process.kill(process.pid, ${JSON.stringify(signal)}); }
        } });
        console.log("FINISHED");`,
      );
      const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const ended = await new Promise<NodeJS.Signals | null>((resolve) =>
        child.on("close", (_code, by) => resolve(by)),
      );
      const exportDir = /^EXPORT (.+)$/m.exec(out)?.[1];
      expect(exportDir, out).toBeDefined();
      expect(out, signal).not.toContain("FINISHED");
      expect(ended, signal).toBe(signal);
      expect(fs.existsSync(exportDir!), signal).toBe(false);
      await onServer(
        `drop database if exists ${new URL(target).pathname.slice(1)} with (force)`,
        `create database ${new URL(target).pathname.slice(1)}`,
      );
    }
  }, 180_000);

  it("keeps an export asked for with --export, each file readable by its owner only", async () => {
    const exportDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-move-kept-")), "export");
    try {
      await (
        await move(await emptyDatabase(), { exportDir })
      ).result;
      expect(modeOf(exportDir)).toBe(0o700);
      const files = fs.readdirSync(exportDir);
      expect(files).toContain("users.copy");
      expect(files).toContain("load.sql");
      for (const file of files) expect(modeOf(path.join(exportDir, file)), file).toBe(0o600);
      expect(fs.readFileSync(path.join(exportDir, "users.copy"), "utf8")).toContain("mover@example.com");
    } finally {
      fs.rmSync(path.dirname(exportDir), { recursive: true, force: true });
    }
  }, 120_000);

  it("carries the embedded installation's unsubscribe key: links in e-mails sent before the move still work under SECRET_KEY_BASE", async () => {
    const target = await emptyDatabase();
    await (
      await move(target)
    ).result;
    await markMoveComplete(target);
    // A link from an e-mail the embedded installation sent, and one signed with a key nobody had.
    const before = signUnsubscribeToken(unsubscribeKey({ DATA_DIR: dataDir }), memberId, "comment");
    const forged = signUnsubscribeToken(crypto.randomBytes(32), memberId, "approved");

    let database: DatabaseHandle | undefined;
    const server = await createTestApp(
      { SECRET_KEY_BASE: "the moved installation's key, not the file's" },
      { database: (database = await openDatabase({ databaseUrl: target, migrate: false })) },
    );
    try {
      const unsubscribe = (token: string) =>
        testClient(server.app).call("POST /api/notifications/unsubscribe", {
          query: { token },
          remoteAddress: fromNewAddress(),
        });
      const res = await unsubscribe(before);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ kind: "comment" });
      expect((await unsubscribe(forged)).statusCode).toBe(400);
      // Links the moved installation sends are its own key's.
      expect((await unsubscribe(server.app.notifier.unsubscribeToken(memberId, "approved"))).statusCode).toBe(200);
    } finally {
      await server.close();
      await database.close();
    }
  }, 120_000);
});
