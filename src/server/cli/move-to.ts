import path from "node:path";
import { loadConfig } from "../config";
import { runCli } from "./run-cli";
import { markMoveComplete, moveObjects, moveRows, MoveRefused } from "../backup/move";
import { s3Backend } from "../storage/create-storage";

const USAGE = "Usage: npm run move-to -- --database postgres://… [--s3] [--export <dir>]";

// `npm run move-to -- --database postgres://… [--s3]`: move a stopped embedded installation
// (DATA_DIR) into an empty PostgreSQL database and, with --s3, its stored objects into the bucket
// the S3_* settings name. DATA_DIR is only read. Run it again after an interruption: it takes the
// move up where it stopped (decision 027).
async function main(args: string[]) {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const targetUrl = option("--database");
  const known = new Set(["--database", "--s3", "--export"]);
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl) || args.some((arg, i) => arg.startsWith("--") && !known.has(arg) && !known.has(args[i - 1] ?? ""))) {
    console.error(USAGE);
    return 2;
  }
  // The source is the embedded database of DATA_DIR, whatever DATABASE_URL says.
  const config = loadConfig({ ...process.env, DATABASE_URL: "" });
  if (args.includes("--s3") && !config.S3_BUCKET) {
    console.error("--s3 needs the bucket's settings: S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your provider needs).");
    return 2;
  }
  const exportDir = path.resolve(option("--export") ?? `dragon-grid-export-${new Date().toISOString().slice(0, 10)}`);
  const log = (line: string) => console.log(line);
  try {
    console.log(`Moving ${config.DATA_DIR} into ${new URL(targetUrl).host}${new URL(targetUrl).pathname}; the export goes to ${exportDir}.`);
    const report = await moveRows({ dataDir: config.DATA_DIR, targetUrl, exportDir, log });
    if (report.alreadyComplete) {
      console.log("This database already holds a completed move: nothing to do.");
      return 0;
    }
    if (args.includes("--s3")) await moveObjects({ dataDir: config.DATA_DIR, backend: await s3Backend(config, config.S3_BUCKET!), targetUrl, log });
    await markMoveComplete(targetUrl);
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Done: ${rows} rows in ${report.tables.length} tables${args.includes("--s3") ? ", and every stored object," : ""} moved and checked.`);
    console.log(`Start the server with DATABASE_URL=${targetUrl.replace(/\/\/[^@/]*@/, "//…@")}${args.includes("--s3") ? " and the same S3_* settings" : ` and DATA_DIR=${config.DATA_DIR} (its objects)`}, and a SECRET_KEY_BASE.`);
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
