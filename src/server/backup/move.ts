import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { is } from "drizzle-orm";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { migrationsFolder, openDatabase, pgliteOf } from "../db/client";
import * as schema from "../db/schema";
import type { BlobBackend } from "../storage/blob-backend";

// `npm run move-to` (decision 027): an embedded installation's rows into an empty PostgreSQL
// database, through PostgreSQL's own COPY text format. Each table's export is kept as a file an
// operator can read or load with psql's \copy; each table is loaded in one transaction that also
// records it as moved, so a move stopped half-way is taken up again where it stopped.

/** The table in the target that says a move is under way (or done) into it. */
const MOVE_TABLE = "dragon_grid_move";

export interface MoveReport {
  tables: { name: string; rows: number; skipped: boolean }[];
  alreadyComplete: boolean;
}

export class MoveRefused extends Error {}

/** Every table of the schema, each after the tables its foreign keys point to. */
export function tablesInLoadOrder(): PgTable[] {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const ordered: PgTable[] = [];
  const visit = (table: PgTable, path: Set<PgTable>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const key of getTableConfig(table).foreignKeys) {
      const target = key.reference().foreignTable;
      if (target !== table) visit(target, path);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Row count and an MD5 of every row's text, in a fixed order: the same data gives the same sum on PGlite and PostgreSQL. */
const checksumQuery = (table: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as sum from ${quote(table)} t`;

export interface MoveOptions {
  dataDir: string;
  targetUrl: string;
  /** Where to keep the export; without it, a private temporary folder removed when the move ends. */
  exportDir?: string;
  log: (line: string) => void;
  /** App settings the target gets beside the moved rows (keys the embedded installation kept in DATA_DIR). */
  settings?: { key: string; value: string }[];
}

const STOP_SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Writes a file only its owner can read, whatever the umask and whatever an earlier run left there. */
function writePrivate(file: string, data: Buffer | string) {
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, data, { mode: 0o600, flag: "wx" });
}

/**
 * Move the rows of the PGlite database in `dataDir` into the PostgreSQL database at `targetUrl`,
 * writing each table's COPY export into the export folder. Refuses a target with tables of its own.
 */
export async function moveRows(options: MoveOptions): Promise<MoveReport> {
  const { log } = options;
  let exportDir: string | undefined;
  const removeExport = () => {
    if (exportDir && !options.exportDir) fs.rmSync(exportDir, { recursive: true, force: true });
  };
  // A move stopped by a signal (Ctrl+C, a closed terminal, a service stop) ends without `finally`:
  // the export goes first, then the signal does what it would have done.
  const stopped = (signal: NodeJS.Signals) => {
    removeExport();
    process.kill(process.pid, signal);
  };
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  // Opening takes the directory's lock: a server still running on it makes this stop here.
  const source = await openDatabase({ pgliteDir: path.join(options.dataDir, "db"), migrate: false });
  const target = new pg.Client({ connectionString: options.targetUrl });
  try {
    const lite = pgliteOf(source)!;
    const applied = await lite
      .query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")
      .catch(() => ({ rows: [{ n: 0 }] }));
    if (applied.rows[0]!.n !== journal.entries.length) {
      throw new MoveRefused(
        `The embedded database in ${options.dataDir} is not at this version's schema. Start the server once with this version (it brings the database up to date), stop it, then move.`,
      );
    }
    await lite.exec("set TimeZone = 'UTC'");

    await target.connect().catch((error: Error) => {
      throw new MoveRefused(
        `Could not connect to the target database (${error.message}). Check the URL given to --database, and that the database exists.`,
      );
    });
    await target.query("set TimeZone = 'UTC'");
    const underWay = (await target.query(`select to_regclass('public.${MOVE_TABLE}') is not null as yes`)).rows[0]
      .yes as boolean;
    if (!underWay) {
      const tables = (
        await target.query("select tablename from pg_tables where schemaname = 'public' order by tablename")
      ).rows.map((row) => row.tablename as string);
      if (tables.length)
        throw new MoveRefused(
          `The target database is not empty (it has ${tables.length} table${tables.length === 1 ? "" : "s"}: ${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""}). Move into a new, empty database.`,
        );
      await target.query(
        `create table ${MOVE_TABLE} (table_name text primary key, rows bigint not null, checksum text not null, moved_at timestamptz not null default now())`,
      );
      log("The target is empty: creating the schema.");
    } else {
      const complete = await target.query(`select 1 from ${MOVE_TABLE} where table_name = '(complete)'`);
      if (complete.rowCount) return { tables: [], alreadyComplete: true };
      log("A move into this database was started before: taking it up where it stopped.");
    }
    // The same migrations the server applies, so the schema is exactly this version's.
    const migrated = await openDatabase({ databaseUrl: options.targetUrl, migrate: true });
    await migrated.close();

    // The export holds every password hash and session hash: a folder of its owner's (mkdtemp's
    // 0700) and files only they can read, removed when the move ends, done, failed or stopped (a second run
    // exports again from DATA_DIR, which the move only reads). An operator who asks for it with
    // --export keeps it.
    if (!options.exportDir) for (const signal of STOP_SIGNALS) process.once(signal, stopped);
    exportDir = options.exportDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-export-"));
    fs.mkdirSync(exportDir, { recursive: true, mode: 0o700 });
    log(
      options.exportDir
        ? `The export's files go to ${exportDir}, readable by you only, and stay there: they hold every member's password hash, so delete them once you no longer need them.`
        : `The export's files go to ${exportDir}, readable by you only, and are removed when the move ends.`,
    );
    const moved = new Set(
      (await target.query(`select table_name from ${MOVE_TABLE}`)).rows.map((row) => row.table_name as string),
    );
    const report: MoveReport = { tables: [], alreadyComplete: false };
    const loadScript: string[] = [
      "-- Loads this export into an empty database made by the same version's migrations:",
      '--   psql "$DATABASE_URL" -f load.sql',
      "begin;",
    ];
    for (const table of tablesInLoadOrder()) {
      const { name, columns: tableColumns } = getTableConfig(table);
      const columns = tableColumns.map((column) => quote(column.name)).join(", ");
      const file = path.join(exportDir, `${name}.copy`);
      loadScript.push(`\\copy ${quote(name)} (${columns}) from '${name}.copy'`);
      const expected = (await lite.query<{ rows: number; sum: string }>(checksumQuery(name))).rows[0]!;
      if (moved.has(name)) {
        report.tables.push({ name, rows: expected.rows, skipped: true });
        log(`${name}: moved before (${expected.rows} rows)`);
        continue;
      }
      const exported = await lite.query(`copy ${quote(name)} (${columns}) to '/dev/blob'`);
      writePrivate(file, Buffer.from(await (exported.blob ?? new Blob([])).arrayBuffer()));

      await target.query("begin");
      try {
        await pipeline(
          fs.createReadStream(file),
          target.query(copyFrom(`copy ${quote(name)} (${columns}) from stdin`)),
        );
        const actual = (await target.query(checksumQuery(name))).rows[0] as { rows: number; sum: string };
        if (actual.rows !== expected.rows || actual.sum !== expected.sum) {
          throw new Error(
            `${name}: the target holds ${actual.rows} rows (checksum ${actual.sum}) where the source has ${expected.rows} (checksum ${expected.sum})`,
          );
        }
        await target.query(`insert into ${MOVE_TABLE} (table_name, rows, checksum) values ($1, $2, $3)`, [
          name,
          expected.rows,
          expected.sum,
        ]);
        await target.query("commit");
      } catch (error) {
        await target.query("rollback").catch(() => {});
        throw error;
      }
      report.tables.push({ name, rows: expected.rows, skipped: false });
      log(`${name}: ${expected.rows} rows, checksum ${expected.sum || "(empty)"} matches`);
    }
    loadScript.push("commit;");
    writePrivate(path.join(exportDir, "load.sql"), `${loadScript.join("\n")}\n`);

    for (const setting of options.settings ?? [])
      await target.query("insert into app_settings (key, value) values ($1, $2) on conflict (key) do nothing", [
        setting.key,
        setting.value,
      ]);

    // Counters that hand out ids continue after the moved rows.
    const sequences = await target.query(
      `select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const { table_name: table, column_name: column } of sequences.rows as {
      table_name: string;
      column_name: string;
    }[]) {
      await target.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
        [table, column],
      );
    }
    return report;
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, stopped);
    await target.end().catch(() => {});
    await source.close();
    removeExport();
  }
}

/** Mark the move into `targetUrl` complete: running the command again then changes nothing. */
export async function markMoveComplete(targetUrl: string): Promise<void> {
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    await target.query(
      `insert into ${MOVE_TABLE} (table_name, rows, checksum) values ('(complete)', 0, '') on conflict do nothing`,
    );
  } finally {
    await target.end();
  }
}

/** Every file under `root`, as storage keys ("dragons/…/hires.png"). */
function filesUnder(root: string, prefix = ""): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(path.join(root, entry.name), `${prefix}${entry.name}/`)
        : entry.isFile()
          ? [`${prefix}${entry.name}`]
          : [],
    );
}

const md5Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = crypto.createHash("md5");
    fs.createReadStream(file)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")));
  });

/**
 * Copy every stored object of `dataDir` into the bucket, each checked by its MD5 (a single PUT's
 * ETag). An object already there with the same bytes is left as it is, so a second run after an
 * interruption copies only what is missing. Content types come from the moved rows.
 */
export async function moveObjects(options: {
  dataDir: string;
  backend: BlobBackend;
  targetUrl: string;
  log: (line: string) => void;
}): Promise<{ copied: number; present: number }> {
  const keys = filesUnder(path.join(options.dataDir, "objects"));
  const target = new pg.Client({ connectionString: options.targetUrl });
  await target.connect();
  const types = new Map<string, string>();
  try {
    for (const row of (
      await target.query("select key, content_type from stored_objects where content_type is not null")
    ).rows as { key: string; content_type: string }[])
      types.set(row.key, row.content_type);
  } finally {
    await target.end();
  }
  let copied = 0;
  let present = 0;
  for (const [index, key] of keys.entries()) {
    const file = path.join(options.dataDir, "objects", ...key.split("/"));
    const sum = await md5Of(file);
    const there = await options.backend.stat(key);
    if (there?.etag?.replace(/"/g, "") === sum) present++;
    else {
      await options.backend.put(key, fs.createReadStream(file), types.get(key) ?? contentTypeOf(key));
      const stored = await options.backend.stat(key);
      if (stored?.etag?.replace(/"/g, "") !== sum)
        throw new Error(
          `${key}: the bucket's copy does not match the file (MD5 ${sum}, bucket ${stored?.etag ?? "nothing"})`,
        );
      copied++;
    }
    if ((index + 1) % 100 === 0 || index + 1 === keys.length)
      options.log(`objects: ${index + 1} of ${keys.length} (${copied} copied, ${present} there already)`);
  }
  return { copied, present };
}

const contentTypeOf = (key: string) =>
  ({ png: "image/png", webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif" })[
    key.split(".").pop()?.toLowerCase() ?? ""
  ] ?? "application/octet-stream";
