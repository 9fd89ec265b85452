// Fill a database with a community feed for `npm run bench`: 500 approved posts × 3 photos, 20
// likes and 10 comments each, from 50 users. Uses the app's own configuration, so DATA_DIR (PGlite
// in DATA_DIR/db, objects in DATA_DIR/objects) or DATABASE_URL and S3_* pick where it goes.
// PGlite has one process at a time: run this while no server has that DATA_DIR open.
//
//   DATA_DIR=/tmp/bench DATABASE_URL= npx tsx scripts/lib/seed-feed.ts [posts]
//
// The last line of stdout is JSON: {"posts":500,"users":50,"cookie":"dg_session=…","adminCookie":"dg_session=…"};
// send `cookie` (a user's session) as the Cookie header to GET /api/posts.
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { createStorage } from "../../src/server/storage/create-storage";
import { seedFeed } from "../../src/server/features/posts/seed-feed";

const config = loadConfig(process.env);
const postCount = process.argv[2] ? Number(process.argv[2]) : undefined;
if (postCount !== undefined && !(Number.isInteger(postCount) && postCount > 0)) {
  console.error(`seed-feed: the number of posts must be a positive whole number, not ${process.argv[2]}`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.DATA_DIR}/db` });
try {
  const started = Date.now();
  const seeded = await seedFeed(database.db, await createStorage(config, database.db), { posts: postCount });
  console.error(
    `seed-feed: ${seeded.posts} posts from ${seeded.users} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(JSON.stringify(seeded));
} finally {
  await database.close();
}
