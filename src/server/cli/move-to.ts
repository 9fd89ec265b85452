import path from "node:path";
import { loadConfig } from "../config";
import { runCli } from "./run-cli";
import { markMoveComplete, moveObjects, moveRows, MoveRefused } from "../backup/move";
import { s3Backend } from "../storage/create-storage";
import { unsubscribeKeysToCarry } from "../features/notifications/unsubscribe-token";

const USAGE =
  "Usage: npm run move-to -- --database postgres://user@host/db [--s3] [--export <dir>]\n" +
  "The database's password comes from PGPASSWORD or ~/.pgpass; or leave out --database and give the whole URL in DATABASE_URL.";

// `npm run move-to -- --database postgres://… [--s3]`: move a stopped embedded installation
// (DATA_DIR) into an empty PostgreSQL database and, with --s3, its stored objects into the bucket
// the S3_* settings name. DATA_DIR is only read. Run it again after an interruption: it takes the
// move up where it stopped (decisions 027, 036).
async function main(args: string[]) {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  // A password on the command line is there for every user of the host to read (ps, the shell's
  // history): node-postgres takes it from PGPASSWORD or ~/.pgpass when the URL has none, and
  // DATABASE_URL, the setting the servers read afterwards, can carry the whole URL instead.
  const targetUrl = option("--database") ?? process.env.DATABASE_URL;
  const known = new Set(["--database", "--s3", "--export"]);
  if (
    !targetUrl ||
    !/^postgres(ql)?:\/\//.test(targetUrl) ||
    args.some((arg, i) => arg.startsWith("--") && !known.has(arg) && !known.has(args[i - 1] ?? ""))
  ) {
    console.error(USAGE);
    return 2;
  }
  if (option("--database") && new URL(targetUrl).password) {
    console.error(
      "Warning: the password given in --database can be read by every user of this host (ps, the shell's history). Give it in PGPASSWORD or ~/.pgpass instead, or the whole URL in DATABASE_URL.",
    );
  }
  // The source is the embedded database of DATA_DIR, whatever DATABASE_URL says.
  const config = loadConfig({ ...process.env, DATABASE_URL: "" });
  if (args.includes("--s3") && !config.S3_BUCKET) {
    console.error(
      "--s3 needs the bucket's settings: S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your provider needs).",
    );
    return 2;
  }
  const exportDir = option("--export");
  const log = (line: string) => console.log(line);
  // The unsubscribe links in e-mails already sent are signed with DATA_DIR's generated key, which
  // SECRET_KEY_BASE replaces after the move: the key moves into the database so they keep working.
  const keys = unsubscribeKeysToCarry(config.DATA_DIR);
  try {
    console.log(`Moving ${config.DATA_DIR} into ${new URL(targetUrl).host}${new URL(targetUrl).pathname}.`);
    const report = await moveRows({
      dataDir: config.DATA_DIR,
      targetUrl,
      exportDir: exportDir && path.resolve(exportDir),
      log,
      settings: keys,
    });
    if (report.alreadyComplete) {
      console.log("This database already holds a completed move: nothing to do.");
      return 0;
    }
    if (args.includes("--s3"))
      await moveObjects({
        dataDir: config.DATA_DIR,
        backend: await s3Backend(config, config.S3_BUCKET!),
        targetUrl,
        log,
      });
    await markMoveComplete(targetUrl);
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Done: ${rows} rows in ${report.tables.length} tables${args.includes("--s3") ? ", and every stored object," : ""} moved and checked.`,
    );
    console.log(
      `Start the server with DATABASE_URL=${targetUrl.replace(/\/\/[^@/]*@/, "//…@")}${args.includes("--s3") ? " and the same S3_* settings" : ` and DATA_DIR=${config.DATA_DIR} (its objects)`}, and a SECRET_KEY_BASE.`,
    );
    console.log(
      keys.length
        ? "Unsubscribe links in e-mails sent before the move keep working: their key moved into the database."
        : "This installation signed with a SECRET_KEY_BASE, not a generated key: give the servers the same SECRET_KEY_BASE, or the unsubscribe links in e-mails it sent stop working.",
    );
    return 0;
  } catch (error) {
    if (error instanceof MoveRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

runCli(main);
