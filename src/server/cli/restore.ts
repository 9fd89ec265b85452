import path from "node:path";
import { loadConfig } from "../config";
import { runCli } from "./run-cli";
import { restoreDataDir } from "../backup/archive";

// `npm run restore -- FILE`: fill an empty (or missing) DATA_DIR from an archive made by
// `npm run backup`; then start the server on it.
async function main(args: string[]) {
  const file = args[0];
  if (!file || args.length > 1) {
    console.error("Usage: npm run restore -- <file>");
    return 2;
  }
  const config = loadConfig();
  const { files } = await restoreDataDir(path.resolve(file), config.DATA_DIR);
  console.log(
    `Restored the database and ${files} files into ${config.DATA_DIR}. Start the server with DATA_DIR=${config.DATA_DIR}.`,
  );
  return 0;
}

runCli(main);
