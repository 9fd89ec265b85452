import { and, desc, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  blogPosts,
  comments,
  dragons,
  likes,
  pageViewRollups,
  pageViews,
  posts,
  users,
  waitlist,
} from "../../db/schema";
import { utcDay } from "../../../shared/analytics";
import {
  ACTIVE_USERS_LIMIT,
  ANALYTICS_TOP_LIMIT,
  RECENT_USERS_LIMIT,
  REGISTRATION_MONTHS,
  pageSubject,
  type AnalyticsRange,
} from "../../../shared/stats";
import type {
  AdminStats,
  AnalyticsDay,
  AnalyticsTopEntry,
  SiteAnalytics,
  WaitlistEmail,
} from "../../../shared/stats/responses";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Midnight UTC at the start of `moment`'s day. */
const startOfUtcDay = (moment: Date) =>
  new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));

// A referrer's host name, lower case, without "www.": "https://www.Example.com:8080/a" -> "example.com".
// Rows whose referrer is not a URL give NULL and are left out.
const referrerHost = sql`regexp_replace(lower(substring(${pageViews.referrer} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)')), '^www\\.', '')`;

/** A timestamptz as the API writes times: ISO 8601 in UTC with milliseconds, whatever the server's TimeZone. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The admin dashboard's figures, every one an aggregate computed by the database, none of the
 * tables read into memory (decision 012).
 */
export function createStatsRepository(db: Database) {
  /** Every waitlist sign-up, newest first. */
  async function waitlistEmails(): Promise<WaitlistEmail[]> {
    const rows = await db
      .select({ id: waitlist.id, email: waitlist.email, createdAt: waitlist.createdAt, toldAt: waitlist.toldAt })
      .from(waitlist)
      .orderBy(desc(waitlist.createdAt), desc(waitlist.id));
    return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), toldAt: row.toldAt && iso(row.toldAt) }));
  }

  /**
   * The names of what these paths show, by path: library dragons' (their pages and canvases) and
   * blog posts' titles. A path whose dragon or post is gone, or whose dragon is a member's private
   * picture (its name is theirs), has none.
   */
  async function pageTitles(paths: string[]): Promise<Map<string, string>> {
    const subjects = paths.flatMap((path) => {
      const subject = pageSubject(path);
      return subject ? [{ path, subject }] : [];
    });
    const dragonIds = [
      ...new Set(subjects.flatMap(({ subject }) => ("dragonId" in subject ? [subject.dragonId] : []))),
    ];
    const slugs = [...new Set(subjects.flatMap(({ subject }) => ("slug" in subject ? [subject.slug] : [])))];
    const [dragonRows, postRows] = await Promise.all([
      dragonIds.length === 0
        ? []
        : db
            .select({ id: dragons.id, name: dragons.name })
            .from(dragons)
            .where(and(inArray(dragons.id, dragonIds), isNull(dragons.ownerId))),
      slugs.length === 0
        ? []
        : db
            .select({ slug: blogPosts.slug, title: blogPosts.title })
            .from(blogPosts)
            .where(inArray(blogPosts.slug, slugs)),
    ]);
    const dragonNames = new Map(dragonRows.map((row) => [row.id, row.name]));
    const postTitles = new Map(postRows.map((row) => [row.slug, row.title]));
    const titles = new Map<string, string>();
    for (const { path, subject } of subjects) {
      const title = "dragonId" in subject ? dragonNames.get(subject.dragonId) : postTitles.get(subject.slug);
      if (title !== undefined) titles.set(path, title);
    }
    return titles;
  }

  return {
    /**
     * GET /api/admin/stats as of `now`, in one statement that answers one JSON value: on PGlite
     * each statement and each row handed back has a fixed cost, and on PostgreSQL it is one round
     * trip. Each part is a subquery:
     * - overview: one pass over users and one over posts with FILTERed counts, and plain counts;
     * - registrationTimeline: the 12 UTC months up to `now`'s, each a range count on
     *   users_created_at_idx (cheaper than truncating every sign-up's date and grouping);
     *   months as timestamps without time zone, so they do not move with the server's TimeZone;
     * - recentUsers: the 50 newest, read backwards from users_created_at_idx;
     * - activeUsers: posts counted per author; only the authors with at least the 10th highest
     *   count are joined with users and sorted (most posts first, ties by e-mail);
     * - waitlistEmails: all of them, newest first, with when each was told Pro is ready (or null).
     */
    async getStats(now = new Date()): Promise<AdminStats> {
      const thisMonth = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC')`;
      const [row] = await rowsOf<{ stats: AdminStats }>(
        db,
        sql`
          select json_build_object(
            'overview', (
              select json_build_object(
                'totalUsers', u.total, 'verifiedUsers', u.verified, 'adminUsers', u.admins,
                'totalPosts', p.total, 'approvedPosts', p.approved, 'pendingPosts', p.pending, 'rejectedPosts', p.rejected,
                'totalDragons', (select count(*) from ${dragons} where ${dragons.ownerId} is null),
                'totalLikes', (select count(*) from ${likes}),
                'totalComments', (select count(*) from ${comments}),
                'totalWaitlist', (select count(*) from ${waitlist}))
              from
                (select count(*) as total,
                        count(*) filter (where ${users.emailVerified}) as verified,
                        count(*) filter (where ${users.isAdmin}) as admins
                 from ${users}) as u,
                (select count(*) as total,
                        count(*) filter (where ${posts.approved}) as approved,
                        count(*) filter (where not ${posts.approved} and ${posts.rejectedReason} is null) as pending,
                        count(*) filter (where not ${posts.approved} and ${posts.rejectedReason} is not null) as rejected
                 from ${posts}) as p),
            'registrationTimeline', (
              select json_agg(json_build_object(
                'month', to_char(month, 'YYYY-MM'),
                'count', (select count(*) from ${users}
                          where ${users.createdAt} >= month at time zone 'UTC'
                            and ${users.createdAt} < (month + '1 month'::interval) at time zone 'UTC')
              ) order by month)
              from generate_series(${thisMonth} - ${`${REGISTRATION_MONTHS - 1} months`}::interval, ${thisMonth}, '1 month'::interval) as month),
            'recentUsers', (
              select coalesce(json_agg(json_build_object(
                'id', r.id, 'email', r.email, 'firstName', r.first_name, 'lastName', r.last_name,
                'profileImageUrl', r.profile_image_url, 'emailVerified', r.email_verified, 'isAdmin', r.is_admin,
                'createdAt', ${isoText(sql`r.created_at`)}
              ) order by r.created_at desc, r.id desc), '[]'::json)
              from (select * from ${users} order by ${users.createdAt} desc, ${users.id} desc limit ${RECENT_USERS_LIMIT}) as r),
            'activeUsers', (
              with counted as materialized (
                select ${posts.userId} as user_id, count(*)::int as post_count from ${posts} group by ${posts.userId}
              )
              select coalesce(json_agg(json_build_object(
                'id', a.id, 'email', a.email, 'first_name', a.first_name, 'last_name', a.last_name, 'post_count', a.post_count
              ) order by a.post_count desc, a.email asc), '[]'::json)
              from (
                select ${users.id} as id, ${users.email} as email, ${users.firstName} as first_name, ${users.lastName} as last_name, counted.post_count
                from counted join ${users} on ${users.id} = counted.user_id
                where counted.post_count >= coalesce((select post_count from counted order by post_count desc limit 1 offset ${ACTIVE_USERS_LIMIT - 1}), 0)
                order by counted.post_count desc, ${users.email} asc
                limit ${ACTIVE_USERS_LIMIT}
              ) as a),
            'waitlistEmails', (
              select coalesce(json_agg(json_build_object(
                'id', w.id, 'email', w.email, 'createdAt', ${isoText(sql`w.created_at`)}, 'toldAt', ${isoText(sql`w.told_at`)}
              ) order by w.created_at desc, w.id desc), '[]'::json)
              from ${waitlist} as w)
          ) as stats`,
      );
      // node-postgres and PGlite both parse json; a driver that did not would hand back text.
      const stats = row!.stats;
      return typeof stats === "string" ? (JSON.parse(stats) as AdminStats) : stats;
    },

    /** The waitlist for the CSV export: e-mail, when it was added and when it was told, newest first. */
    waitlistEmails,

    /**
     * GET /api/admin/analytics: page views and unique visitors (distinct visitor hashes) per UTC
     * day for the `days` days up to `now`'s, and the top pages (with the names of what they show) and referring sites of that period.
     * Finished days come from page_view_rollups (made here, once, for the days that lack them);
     * only the current day is counted from page_views. `ownHost` is this site's host name, never
     * counted as a referrer (rows collected before the collector dropped it may hold it).
     */
    async getAnalytics(days: AnalyticsRange, ownHost: string, now = new Date()): Promise<SiteAnalytics> {
      const end = new Date(startOfUtcDay(now).getTime() + DAY_MS);
      const start = new Date(end.getTime() - days * DAY_MS);
      // A view is stored a moment after its time is taken: a day is rolled up only once it has
      // been over for a while; until then it is counted live like today.
      const liveFrom = new Date(
        Math.max(start.getTime(), startOfUtcDay(new Date(now.getTime() - ROLLUP_DELAY_MS)).getTime()),
      );
      await rollUp(start, liveFrom);

      const host = ownHost.toLowerCase().replace(/^www\./, "");
      const period = sql`${pageViewRollups.day} >= ${utcDay(start)}::date and ${pageViewRollups.day} < ${utcDay(liveFrom)}::date`;
      /** The period's views and visitors per `kind` name: rolled-up days plus the live ones. */
      const combined = (kind: RollupKind) => sql`
        select ${pageViewRollups.name} as name, ${pageViewRollups.views} as views, ${pageViewRollups.visitors} as visitors
        from ${pageViewRollups} where ${pageViewRollups.kind} = ${kind} and ${period}
        union all
        select name, views, visitors from (${perDay(kind, liveFrom, end)}) as live`;
      const top = (kind: RollupKind, exclude: SQL = sql`true`) =>
        rowsOf<AnalyticsTopEntry>(
          db,
          sql`
            select name, sum(views)::int as views, sum(visitors)::int as visitors
            from (${combined(kind)}) as entries
            where ${exclude}
            group by name
            order by views desc, name asc
            limit ${ANALYTICS_TOP_LIMIT}`,
        );
      const [daily, topPages, topReferrers] = await Promise.all([
        rowsOf<AnalyticsDay>(
          db,
          sql`
            with counted as (
              select ${pageViewRollups.day} as day, ${pageViewRollups.views} as views, ${pageViewRollups.visitors} as visitors
              from ${pageViewRollups} where ${pageViewRollups.kind} = 'total' and ${period}
              union all
              select day, views, visitors from (${perDay("total", liveFrom, end)}) as live
            )
            select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(counted.views), 0)::int as views, coalesce(sum(counted.visitors), 0)::int as visitors
            from generate_series(${utcDay(start)}::date, ${utcDay(end)}::date - 1, '1 day'::interval) as d(day)
            left join counted on counted.day = d.day::date
            group by d.day
            order by d.day`,
        ),
        top("page"),
        top("referrer", sql`name <> ${host}`),
      ]);
      const numbers = <T extends { views: number; visitors: number }>(row: T): T => ({
        ...row,
        views: Number(row.views),
        visitors: Number(row.visitors),
      });
      const dailyRows = daily.map(numbers);
      const titles = await pageTitles(topPages.map((page) => page.name));
      return {
        days,
        daily: dailyRows,
        totals: {
          views: dailyRows.reduce((sum, day) => sum + day.views, 0),
          visitors: dailyRows.reduce((sum, day) => sum + day.visitors, 0),
        },
        topPages: topPages.map((page) => ({ ...numbers(page), title: titles.get(page.name) ?? null })),
        topReferrers: topReferrers.map(numbers),
      };
    },
  };

  /**
   * Make the rollups of the days in [from, to) that have none, in one transaction: each day gets
   * its "total" row (0 when nobody came, which also marks it as done) and its page and referrer
   * rows. Two processes doing it at once write the same rows; the second's are ignored.
   */
  async function rollUp(from: Date, to: Date): Promise<void> {
    if (from >= to) return;
    const missing = await rowsOf<{ day: string }>(
      db,
      sql`
        select to_char(d.day, 'YYYY-MM-DD') as day
        from generate_series(${utcDay(from)}::date, ${utcDay(to)}::date - 1, '1 day'::interval) as d(day)
        where not exists (select 1 from ${pageViewRollups} where ${pageViewRollups.day} = d.day::date and ${pageViewRollups.kind} = 'total')
        order by d.day`,
    );
    if (missing.length === 0) return;
    const first = new Date(`${missing[0]!.day}T00:00:00Z`);
    const last = new Date(`${missing.at(-1)!.day}T00:00:00Z`);
    const days = sql`(${sql.join(
      missing.map((row) => sql`${row.day}::date`),
      sql`, `,
    )})`;
    const afterLast = new Date(last.getTime() + DAY_MS);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ${pageViewRollups} (day, kind, name, views, visitors)
        select d.day::date, 'total', '', coalesce(live.views, 0), coalesce(live.visitors, 0)
        from generate_series(${utcDay(first)}::date, ${utcDay(last)}::date, '1 day'::interval) as d(day)
        left join (${perDay("total", first, afterLast)}) as live on live.day = d.day::date
        where d.day::date in ${days}
        on conflict do nothing`);
      for (const kind of ["page", "referrer"] as const) {
        await tx.execute(sql`
          insert into ${pageViewRollups} (day, kind, name, views, visitors)
          select day, ${kind}, name, views, visitors from (${perDay(kind, first, afterLast)}) as live
          where day in ${days}
          on conflict do nothing`);
      }
    });
  }
}

type RollupKind = "total" | "page" | "referrer";

/** A day stays live this long after it ended, for views whose time was taken just before midnight. */
const ROLLUP_DELAY_MS = 5 * 60 * 1000;

/**
 * Views and unique visitors per UTC day (and per page or referring site) of the page views in
 * [from, to): grouped first by visitor hash, then counted, which PostgreSQL does with two hash
 * tables where count(distinct ...) would sort. Rows without a hash (collected before there were
 * any) are views but not visitors. Columns: day, name, views, visitors.
 */
function perDay(kind: RollupKind, from: Date, to: Date): SQL {
  const name = kind === "page" ? sql`${pageViews.path}` : kind === "referrer" ? referrerHost : sql`''`;
  const referrersOnly = kind === "referrer" ? sql`and ${pageViews.referrer} is not null` : sql``;
  return sql`
    select day, name, sum(n)::int as views, count(visitor_hash)::int as visitors
    from (
      select (${pageViews.createdAt} at time zone 'UTC')::date as day, ${name} as name, ${pageViews.visitorHash} as visitor_hash, count(*) as n
      from ${pageViews}
      where ${pageViews.createdAt} >= ${from.toISOString()}::timestamptz and ${pageViews.createdAt} < ${to.toISOString()}::timestamptz ${referrersOnly}
      group by 1, 2, 3
    ) as grouped
    ${kind === "total" ? sql`` : sql`where name is not null and name <> ''`}
    group by day, name`;
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
