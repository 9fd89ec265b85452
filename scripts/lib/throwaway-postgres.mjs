// A throwaway PostgreSQL cluster for tests: initdb into a temporary directory, trust auth, a free
// port on 127.0.0.1, removed on stop. As root it runs as the `postgres` system user (initdb refuses root).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

function findBinary(name) {
  const candidates = [
    ...(process.env.PATH ?? "").split(":").map((dir) => path.join(dir, name)),
    ...["17", "16", "15", "14"].map((v) => `/usr/lib/postgresql/${v}/bin/${name}`),
  ];
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

/** True when initdb and pg_ctl can be found on this machine. */
export function postgresAvailable() {
  return Boolean(findBinary("initdb") && findBinary("pg_ctl"));
}

/** Start a cluster; resolves to { url, stop }. */
export async function startThrowawayPostgres() {
  const initdb = findBinary("initdb");
  const pgCtl = findBinary("pg_ctl");
  if (!initdb || !pgCtl) throw new Error("PostgreSQL's initdb/pg_ctl not found");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (file, args) => {
    const command = asRoot ? "runuser" : file;
    const argv = asRoot ? ["-u", "postgres", "--", file, ...args] : args;
    const result = spawnSync(command, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${path.basename(file)} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    if (spawnSync("id", ["postgres"]).status !== 0)
      execFileSync("useradd", ["--system", "--no-create-home", "postgres"]);
    execFileSync("chown", ["-R", "postgres", dir]);
  }
  const port = await freePort();
  run(initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale", "-N"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(pgCtl, ["-D", dataDir, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop() {
      try {
        run(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
