import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** How much to make; the defaults are the benchmark's (decision 012). */
export interface StatsSeedCounts {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  pageViews: number;
  dragons: number;
}

export const BENCH_STATS_COUNTS: StatsSeedCounts = {
  users: 10_000,
  posts: 5_000,
  likes: 50_000,
  comments: 20_000,
  pageViews: 100_000,
  dragons: 20,
};

/**
 * Fill an empty database for the statistics benchmark with set-based SQL (generate_series, one
 * statement per table, a few seconds on PGlite). Users sign up over the last 18 months, 2 in 3
 * verified, 1 in 1,000 admins; posts come from the first 60% of users (the rest have none), 4 in
 * 5 approved; likes are distinct (post, user) pairs; page views spread over the last 89 days (all inside the 90-day view), about three per visitor.
 */
export async function seedStatsData(db: Database, counts: StatsSeedCounts = BENCH_STATS_COUNTS): Promise<void> {
  const { users, posts, likes, comments, pageViews, dragons } = counts;
  if (likes > posts * users) throw new Error("seedStatsData: more likes than (post, user) pairs");
  const authors = Math.max(1, Math.floor(users * 0.6));
  const signUpSpreadSeconds = 540 * 24 * 3600;
  const viewSpreadSeconds = 89 * 24 * 3600;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, first_name, last_name, email_verified, is_admin, created_at)
      select 'bench-' || n || '@example.com', 'First' || n, 'Last' || n, n % 3 <> 0, n % 1000 = 0,
             now() - make_interval(secs => (${signUpSpreadSeconds}::float8 * n / ${users}))
      from generate_series(1, ${users}::int) as n`);
    await tx.execute(sql`
      insert into dragons (name, preview_key, hires_key)
      select 'Dragon ' || n, 'dragons/bench-' || n || '/preview.webp', 'dragons/bench-' || n || '/hires.png'
      from generate_series(1, ${dragons}::int) as n`);
    // Numbered copies of the ids, so rows can pick "the k-th user" arithmetically.
    await tx.execute(
      sql`create temporary table bench_users on commit drop as select id, row_number() over (order by id) - 1 as k from users`,
    );
    await tx.execute(
      sql`create temporary table bench_dragons on commit drop as select id, row_number() over (order by id) - 1 as k from dragons`,
    );
    await tx.execute(sql`
      insert into posts (user_id, dragon_id, description, approved, created_at)
      select u.id, d.id, 'Drawing ' || n, n % 5 <> 0, now() - make_interval(secs => n * 60)
      from generate_series(0, ${posts - 1}::int) as n
      join bench_users u on u.k = (n * 7919) % ${authors}
      join bench_dragons d on d.k = n % ${dragons}`);
    await tx.execute(
      sql`create temporary table bench_posts on commit drop as select id, row_number() over (order by id) - 1 as k from posts`,
    );
    // The n-th like: post n mod P, user (n div P) * stride + post, distinct for each of a post's likes.
    const stride = Math.max(1, Math.floor(users / Math.ceil(likes / posts)));
    await tx.execute(sql`
      insert into likes (post_id, user_id)
      select p.id, u.id
      from generate_series(0, ${likes - 1}::int) as n
      join bench_posts p on p.k = n % ${posts}
      join bench_users u on u.k = ((n / ${posts}) * ${stride} + n % ${posts}) % ${users}`);
    await tx.execute(sql`
      insert into comments (post_id, user_id, text)
      select p.id, u.id, 'Comment ' || n
      from generate_series(0, ${comments - 1}::int) as n
      join bench_posts p on p.k = n % ${posts}
      join bench_users u on u.k = (n * 31) % ${users}`);
    await tx.execute(sql`
      insert into page_views (path, referrer, visitor_hash, created_at)
      select '/dragon/' || (n % 60),
             case when n % 4 = 0 then 'https://site' || (n % 15) || '.example/page' end,
             -- About three views per visitor, one after another on the same day.
             substr(md5((n / 3)::text), 1, 22),
             now() - make_interval(secs => (${viewSpreadSeconds}::float8 * n / ${pageViews}))
      from generate_series(0, ${pageViews - 1}::int) as n`);
  });
}
