import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import tar from "tar-stream";
import { openDatabase, pgliteOf } from "../db/client";
import { DatabaseInUseError, pgliteDirInUse } from "../db/pglite-lock";

// One archive of the embedded default: the PGlite data directory (as PGlite dumps it) and every
// other file under DATA_DIR (stored objects, the signing keys that keep sessions and upload links
// valid, the mail outbox). A plain tar: the database dump is gzipped by PGlite, and the objects are
// already-compressed pictures.

const MANIFEST = "dragon-grid-backup.json";
const DATABASE_ENTRY = "database.tar.gz";
const FILES_PREFIX = "files/";
const FORMAT = 1;

interface Manifest {
  format: number;
  createdAt: string;
  files: number;
}

const dbDir = (dataDir: string) => path.join(dataDir, "db");

/** Every file under DATA_DIR but the database (dumped on its own), relative paths. */
function dataFiles(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return (fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`db${path.sep}`))
    .sort();
}

/**
 * Write DATA_DIR's database and files to `file`. The server must be stopped: PGlite belongs to one
 * process at a time (the database lock says so, and this refuses while it is held).
 */
export async function backupDataDir(dataDir: string, file: string): Promise<{ files: number }> {
  if (!fs.existsSync(dbDir(dataDir))) throw new Error(`There is no database in ${dataDir} to back up.`);
  const owner = await pgliteDirInUse(dbDir(dataDir));
  if (owner !== null)
    throw new DatabaseInUseError(
      `The server${owner > 0 ? ` (pid ${owner})` : ""} has the database in ${dataDir} open. Stop it, then back up: the embedded database belongs to one process at a time.`,
    );

  const database = await openDatabase({ pgliteDir: dbDir(dataDir), migrate: false });
  let dump: Blob;
  try {
    dump = await pgliteOf(database)!.dumpDataDir("gzip");
  } finally {
    await database.close();
  }

  const files = dataFiles(dataDir);
  const partial = `${file}.partial`;
  try {
    const pack = tar.pack();
    // Readable by its owner only: it holds password hashes, e-mail addresses and the signing keys.
    const written = pipeline(pack, fs.createWriteStream(partial, { mode: 0o600 }));
    written.catch(() => {}); // Awaited below; a failure on the way surfaces there or in the entries.
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), files: files.length };
    pack.entry({ name: MANIFEST }, JSON.stringify(manifest, null, 2));
    pack.entry({ name: DATABASE_ENTRY }, Buffer.from(await dump.arrayBuffer()));
    for (const relative of files) {
      const full = path.join(dataDir, relative);
      const { size, mode } = await fsp.stat(full);
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name: FILES_PREFIX + relative.split(path.sep).join("/"), size, mode }, (error) =>
          error ? reject(error) : resolve(),
        );
        fs.createReadStream(full).on("error", reject).pipe(entry);
      });
    }
    pack.finalize();
    await written;
    // Renamed only when complete, so a stopped backup never looks like a good one.
    await fsp.rename(partial, file);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  }
  return { files: files.length };
}

// A restore fills this folder inside DATA_DIR and moves its contents up only once everything is
// there: renames within one file system, also when DATA_DIR is a mounted volume.
const STAGING = ".restoring";

/**
 * Fill an empty (or missing) DATA_DIR from an archive made by backupDataDir. Nothing lands in
 * DATA_DIR until the whole archive has been read and checked and the database unpacked: a damaged
 * archive or a failure in the middle leaves DATA_DIR as it was (missing, or empty).
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<{ files: number }> {
  const staging = path.join(dataDir, STAGING);
  // A restore that was killed leaves only its staging folder: that is still an empty DATA_DIR.
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).some((name) => name !== STAGING)) {
    throw new Error(
      `${dataDir} is not empty. Restore into an empty directory (or a new one), then point DATA_DIR at it.`,
    );
  }
  if (!fs.existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  const created = !fs.existsSync(dataDir);
  await fsp.rm(staging, { recursive: true, force: true });
  await fsp.mkdir(staging, { recursive: true });
  try {
    const restored = await unpack(file, staging);
    for (const name of await fsp.readdir(staging)) await fsp.rename(path.join(staging, name), path.join(dataDir, name));
    await fsp.rmdir(staging);
    return restored;
  } catch (error) {
    await fsp.rm(created ? dataDir : staging, { recursive: true, force: true });
    throw error;
  }
}

/** Unpack an archive's files and database into `dir`, checking it is whole. */
async function unpack(file: string, dir: string): Promise<{ files: number }> {
  let manifest: Manifest | null = null;
  let dump: Buffer | null = null;
  let files = 0;
  const extract = tar.extract();
  const done = pipeline(fs.createReadStream(file), extract);
  // A damaged archive fails both the pipeline and the loop below; the loop reports it.
  done.catch(() => {});
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === MANIFEST) manifest = JSON.parse((await readAll(entry)).toString("utf8")) as Manifest;
    else if (name === DATABASE_ENTRY) dump = await readAll(entry);
    else if (name.startsWith(FILES_PREFIX) && entry.header.type === "file") {
      const target = path.resolve(dir, name.slice(FILES_PREFIX.length));
      // An archive is data: no entry may write outside the directory it fills.
      if (!target.startsWith(path.resolve(dir) + path.sep))
        throw new Error(`The backup has an entry outside DATA_DIR: ${name}`);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry, fs.createWriteStream(target, { mode: entry.header.mode ?? 0o644 }));
      files++;
    } else entry.resume();
  }
  await done;
  if (!manifest || manifest.format !== FORMAT || !dump)
    throw new Error(`${file} is not a Dragon Grid backup (or it is damaged).`);
  if (files !== manifest.files) throw new Error(`The backup is incomplete: ${files} of ${manifest.files} files.`);

  // PGlite unpacks its own dump into the new data directory.
  fs.mkdirSync(dbDir(dir), { recursive: true });
  const client = await PGlite.create({ dataDir: dbDir(dir), loadDataDir: new Blob([new Uint8Array(dump)]) });
  await client.close();
  return { files };
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
