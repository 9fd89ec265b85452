// The admin statistics' cost at scale (decision 012): a fresh in-memory PGlite database with the
// migrations, 10,000 users, 5,000 posts, 50,000 likes, 20,000 comments and 100,000 page views made
// with set-based SQL, then the figures of GET /api/admin/stats (the function the route calls)
// computed 20 times. The median must stay under 100 ms.
//
//   npx tsx scripts/lib/bench-stats.ts [--analytics]
//
// Prints one JSON line: {"label":"GET /api/admin/stats figures, 10k users …","medianMs":N}; with
// --analytics, a second one for GET /api/admin/analytics?days=90 on the same data (firstMs: the
// first answer, which also rolls up the finished days).
import { openDatabase } from "../../src/server/db/client";
import { MEDIAN_RUNS as RUNS, medianMs } from "./median-ms";
import { createStatsRepository } from "../../src/server/features/stats/repository";
import { BENCH_STATS_COUNTS, seedStatsData } from "../../src/server/features/stats/seed-stats";

const database = await openDatabase({});
try {
  const seeding = performance.now();
  await seedStatsData(database.db, BENCH_STATS_COUNTS);
  console.error(`bench-stats: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const stats = createStatsRepository(database.db);
  const check = await stats.getStats();
  if (
    check.overview.totalUsers !== BENCH_STATS_COUNTS.users ||
    check.overview.totalLikes !== BENCH_STATS_COUNTS.likes
  ) {
    throw new Error(`bench-stats: the data is not what was seeded: ${JSON.stringify(check.overview)}`);
  }
  const { users, posts, likes, comments, pageViews } = BENCH_STATS_COUNTS;
  const k = (n: number) => `${n / 1000}k`;
  const data = `${k(users)} users, ${k(posts)} posts, ${k(likes)} likes, ${k(comments)} comments, ${k(pageViews)} page views, PGlite, median of ${RUNS}`;
  console.log(
    JSON.stringify({
      label: `GET /api/admin/stats figures, ${data}`,
      medianMs: await medianMs(() => stats.getStats()),
    }),
  );
  if (process.argv.includes("--analytics")) {
    // The first answer also makes the rollups of the 89 finished days; later ones read them.
    const started = performance.now();
    await stats.getAnalytics(90, "localhost");
    const firstMs = Math.round(performance.now() - started);
    console.log(
      JSON.stringify({
        label: `GET /api/admin/analytics?days=90 figures, ${data}`,
        medianMs: await medianMs(() => stats.getAnalytics(90, "localhost")),
        firstMs,
      }),
    );
  }
} finally {
  await database.close();
}
