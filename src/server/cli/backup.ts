import path from "node:path";
import { loadConfig } from "../config";
import { runCli } from "./run-cli";
import { backupDataDir } from "../backup/archive";

// `npm run backup -- FILE`: one archive of the embedded default (the PGlite database and every
// file under DATA_DIR: stored objects, signing keys, the mail outbox). Stop the server first: the
// embedded database belongs to one process at a time, and this refuses while it is open.
// With DATABASE_URL or S3_BUCKET set, back those up with their own tools (pg_dump, the bucket's).
async function main(args: string[]) {
  const file = args[0];
  if (!file || args.length > 1) {
    console.error("Usage: npm run backup -- <file>");
    return 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL || config.S3_BUCKET) {
    console.error(
      "npm run backup covers the embedded default (PGlite and files in DATA_DIR). With DATABASE_URL or S3_BUCKET set, use pg_dump and your bucket's own backups.",
    );
    return 1;
  }
  const { files } = await backupDataDir(config.DATA_DIR, path.resolve(file));
  console.log(`Backed up the database and ${files} files of ${config.DATA_DIR} to ${path.resolve(file)}.`);
  return 0;
}

runCli(main);
