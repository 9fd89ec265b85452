// Accounts for `npm run bench:load`: `count` verified users with one password (hashed once with the
// app's own Argon2id settings, so signing in during the load costs what a real sign-in costs) and a
// live session each. Written straight into the database, as seed-feed.ts does: through the API each
// account would cost two password hashes, some two minutes for 100 users on 2 cores, before the
// clock even starts. Uses the app's configuration (DATA_DIR or DATABASE_URL). PGlite has one
// process at a time: run this while no server has that DATA_DIR open.
//
//   DATA_DIR=/tmp/bench DATABASE_URL= npx tsx scripts/lib/seed-load-users.ts 100 "correct horse"
//
// The last line of stdout is JSON: {"users":[{"email":"load-…@bench.example","cookie":"dg_session=…"}, …]}.
import crypto from "node:crypto";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { sessions, users } from "../../src/server/db/schema";
import { hashPassword } from "../../src/server/auth/password";
import { SESSION_COOKIE } from "../../src/server/auth/sessions";
import { hashToken, randomToken } from "../../src/server/auth/tokens";

const count = Number(process.argv[2]);
const password = process.argv[3];
if (!(Number.isInteger(count) && count > 0) || !password) {
  console.error("seed-load-users: give the number of users (a positive whole number) and their password");
  process.exit(1);
}
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.DATA_DIR}/db` });
try {
  const run = crypto.randomBytes(4).toString("hex");
  const passwordHash = await hashPassword(password);
  const made = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `load-${run}-${i}@bench.example`,
        passwordHash,
        firstName: `Load${i}`,
        lastName: "User",
        emailVerified: true,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const tokens = made.map(() => randomToken());
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  await database.db
    .insert(sessions)
    .values(made.map((user, i) => ({ tokenHash: hashToken(tokens[i]!), userId: user.id, expiresAt })));
  console.log(
    JSON.stringify({ users: made.map((user, i) => ({ email: user.email, cookie: `${SESSION_COOKIE}=${tokens[i]}` })) }),
  );
} finally {
  await database.close();
}
