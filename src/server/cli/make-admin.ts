import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { runCli } from "./run-cli";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";

// `npm run make-admin -- <email> [--revoke]`: set or clear a user's admin flag in the configured
// database (DATABASE_URL, else the PGlite in DATA_DIR). Stop the server first when on PGlite:
// the embedded database belongs to one process at a time.
async function main(args: string[]) {
  const revoke = args.includes("--revoke");
  const email = args
    .find((arg) => !arg.startsWith("--"))
    ?.trim()
    .toLowerCase();
  if (!email || args.some((arg) => arg.startsWith("--") && arg !== "--revoke")) {
    console.error("Usage: npm run make-admin -- <email> [--revoke]");
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.DATA_DIR}/db` });
  try {
    const updated = await database.db
      .update(users)
      .set({ isAdmin: !revoke, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email}`)
      .returning({ email: users.email });
    if (updated.length === 0) {
      console.error(`No user with the e-mail ${email}. They need to register (or sign in with Google) first.`);
      return 1;
    }
    console.log(revoke ? `${email} is no longer an admin.` : `${email} is now an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
