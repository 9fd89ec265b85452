import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import type { StatsOverview } from "../../../shared/stats/responses";
import { createStatsRepository } from "./repository";
import { testClient, type TestClient } from "../../test/api-client";

// One seeded data set whose every figure is known (docs/spec.md §3, Stats; decision 012). Times are
// UTC; the repository is asked "as of" NOW, so the months are fixed whatever today is.
const NOW = new Date("2026-06-15T12:00:00Z");

let t: TestApp;
let api: TestClient;
let admin: TestUser;
let member: TestUser;
const ids: Record<string, string> = {};

/** The seeded people: e-mail, when they signed up, verified, admin. */
const PEOPLE = {
  ann: {
    email: "ann@stats.test",
    firstName: "Ann",
    lastName: "Archer",
    createdAt: "2026-05-10T09:30:00Z",
    emailVerified: true,
    isAdmin: false,
  },
  bob: {
    email: "bob@stats.test",
    firstName: "Bob",
    lastName: null,
    createdAt: "2026-03-02T00:00:00Z",
    emailVerified: false,
    isAdmin: false,
  },
  // The first instant of the timeline's first month, and the last instant before it.
  cat: {
    email: "cat@stats.test",
    firstName: null,
    lastName: "Cole",
    createdAt: "2025-07-01T00:00:00Z",
    emailVerified: true,
    isAdmin: true,
  },
  dan: {
    email: "dan@stats.test",
    firstName: "Dan",
    lastName: "Dunn",
    createdAt: "2025-06-30T23:59:59Z",
    emailVerified: false,
    isAdmin: false,
  },
};
const ADMIN_CREATED = "2026-06-01T00:00:00.000Z";
const MEMBER_CREATED = "2026-05-31T23:59:59.999Z";

const EXPECTED_OVERVIEW: StatsOverview = {
  totalUsers: 6,
  verifiedUsers: 4,
  adminUsers: 2,
  totalPosts: 7,
  approvedPosts: 5,
  pendingPosts: 2,
  rejectedPosts: 0,
  totalDragons: 2,
  totalLikes: 4,
  totalComments: 5,
  totalWaitlist: 3,
};

const WAITLIST = [
  { email: "first@wait.test", createdAt: "2026-01-05T10:00:00.000Z", toldAt: null },
  // Told that Pro is theirs (decision 031).
  { email: "second@wait.test", createdAt: "2026-02-06T11:30:00.000Z", toldAt: "2026-11-20T09:00:00.250Z" },
  { email: "third@wait.test", createdAt: "2026-06-14T08:15:45.123Z", toldAt: null },
];

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  const db = t.database.db;
  admin = await createSignedInUser(t, { isAdmin: true, email: "admin@stats.test" });
  member = await createSignedInUser(t, { email: "member@stats.test" });
  await db
    .update(users)
    .set({ createdAt: new Date(ADMIN_CREATED) })
    .where(eq(users.id, admin.id));
  await db
    .update(users)
    .set({ createdAt: new Date(MEMBER_CREATED) })
    .where(eq(users.id, member.id));
  ids.admin = admin.id;
  ids.member = member.id;
  for (const [key, person] of Object.entries(PEOPLE)) {
    const [row] = await db
      .insert(users)
      .values({ ...person, createdAt: new Date(person.createdAt) })
      .returning({ id: users.id });
    ids[key] = row!.id;
  }
  const dragonRows = await db
    .insert(dragons)
    .values([
      { name: "Ember", previewKey: "dragons/a/preview.webp", hiresKey: "dragons/a/hires.png" },
      { name: "Frost", previewKey: "dragons/b/preview.webp", hiresKey: "dragons/b/hires.png" },
    ])
    .returning({ id: dragons.id });
  const dragonId = dragonRows[0]!.id;
  // A member's private picture (decision 031) is not a template of the library: not counted.
  await db.insert(dragons).values({
    name: "My cat",
    previewKey: "pictures/c/preview.webp",
    hiresKey: "pictures/c/hires.png",
    ownerId: member.id,
  });
  // Ann 3 posts (one pending), Bob 2 (one pending), the member 2; the admins and Dan none.
  const authored = [
    ["ann", true],
    ["ann", true],
    ["ann", false],
    ["bob", true],
    ["bob", false],
    ["member", true],
    ["member", true],
  ] as const;
  const postIds = [];
  for (const [who, approved] of authored) {
    const [row] = await db.insert(posts).values({ userId: ids[who]!, dragonId, approved }).returning({ id: posts.id });
    postIds.push(row!.id);
  }
  await db.insert(likes).values([
    { postId: postIds[0]!, userId: ids.member! },
    { postId: postIds[0]!, userId: ids.bob! },
    { postId: postIds[0]!, userId: ids.admin! },
    { postId: postIds[3]!, userId: ids.ann! },
  ]);
  await db.insert(comments).values([
    { postId: postIds[0]!, userId: ids.bob!, text: "Lovely scales" },
    { postId: postIds[0]!, userId: ids.member!, text: "Great wings" },
    { postId: postIds[1]!, userId: ids.ann!, text: "Thanks!" },
    { postId: postIds[3]!, userId: ids.ann!, text: "Nice" },
    { postId: postIds[5]!, userId: ids.cat!, text: "Welcome" },
  ]);
  await db.insert(waitlist).values(
    WAITLIST.map((entry) => ({
      email: entry.email,
      createdAt: new Date(entry.createdAt),
      toldAt: entry.toldAt === null ? null : new Date(entry.toldAt),
    })),
  );
});
afterAll(() => t.close());

/** Every month key "YYYY-MM" from 11 months before `now`'s (UTC) to `now`'s. */
function monthsUpTo(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

const SIGN_UPS = [ADMIN_CREATED, MEMBER_CREATED, ...Object.values(PEOPLE).map((person) => person.createdAt)];

describe("the statistics figures", () => {
  const repository = () => createStatsRepository(t.database.db);

  it("counts every card's total", async () => {
    expect((await repository().getStats(NOW)).overview).toEqual(EXPECTED_OVERVIEW);
  });

  it("gives the 12 months up to this one, oldest first, months without sign-ups as 0, on UTC month edges", async () => {
    const { registrationTimeline } = await repository().getStats(NOW);
    expect(registrationTimeline).toEqual([
      { month: "2025-07", count: 1 },
      { month: "2025-08", count: 0 },
      { month: "2025-09", count: 0 },
      { month: "2025-10", count: 0 },
      { month: "2025-11", count: 0 },
      { month: "2025-12", count: 0 },
      { month: "2026-01", count: 0 },
      { month: "2026-02", count: 0 },
      { month: "2026-03", count: 1 },
      { month: "2026-04", count: 0 },
      { month: "2026-05", count: 2 },
      { month: "2026-06", count: 1 },
    ]);
    // Across a year end, and with nobody signed up in the period at all.
    expect((await repository().getStats(new Date("2025-02-01T00:00:00Z"))).registrationTimeline).toEqual(
      monthsUpTo(new Date("2025-02-01T00:00:00Z")).map((month) => ({ month, count: 0 })),
    );
  });

  it("lists the users newest first with the user fields, and nothing else of theirs", async () => {
    const { recentUsers } = await repository().getStats(NOW);
    expect(recentUsers.map((user) => user.email)).toEqual([
      "admin@stats.test",
      "member@stats.test",
      "ann@stats.test",
      "bob@stats.test",
      "cat@stats.test",
      "dan@stats.test",
    ]);
    expect(recentUsers[0]).toEqual({
      id: admin.id,
      email: "admin@stats.test",
      firstName: "Test",
      lastName: null,
      profileImageUrl: null,
      emailVerified: true,
      isAdmin: true,
      createdAt: ADMIN_CREATED,
    });
    expect(recentUsers[3]).toEqual({
      id: ids.bob,
      email: "bob@stats.test",
      firstName: "Bob",
      lastName: null,
      profileImageUrl: null,
      emailVerified: false,
      isAdmin: false,
      createdAt: "2026-03-02T00:00:00.000Z",
    });
  });

  it("ranks the users with posts by their number of posts, ties by e-mail, and leaves out those without", async () => {
    const { activeUsers } = await repository().getStats(NOW);
    expect(activeUsers).toEqual([
      { id: ids.ann, email: "ann@stats.test", first_name: "Ann", last_name: "Archer", post_count: 3 },
      { id: ids.bob, email: "bob@stats.test", first_name: "Bob", last_name: null, post_count: 2 },
      { id: ids.member, email: "member@stats.test", first_name: "Test", last_name: null, post_count: 2 },
    ]);
  });

  it("lists the waitlist newest first, with when each was told Pro is ready", async () => {
    const { waitlistEmails } = await repository().getStats(NOW);
    expect(waitlistEmails.map(({ email, createdAt, toldAt }) => ({ email, createdAt, toldAt }))).toEqual(
      [...WAITLIST].reverse(),
    );
    for (const entry of waitlistEmails) expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("GET /api/admin/stats", () => {
  it("answers 401 to visitors and 403 to users who are not admins", async () => {
    const visitor = await api.call("GET /api/admin/stats");
    expect([visitor.statusCode, visitor.body]).toEqual([401, "Unauthorized"]);
    const user = await api.call("GET /api/admin/stats", { cookies: member.cookies });
    expect([user.statusCode, user.body]).toEqual([403, "Admin access required"]);
  });

  it("gives admins the spec's shape with every figure of the seeded data, the timeline ending this month", async () => {
    const res = await api.call("GET /api/admin/stats", { cookies: admin.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const stats = res.json();
    expect(Object.keys(stats).sort()).toEqual([
      "activeUsers",
      "overview",
      "recentUsers",
      "registrationTimeline",
      "waitlistEmails",
    ]);
    expect(stats.overview).toEqual(EXPECTED_OVERVIEW);
    const now = new Date();
    const expected = monthsUpTo(now).map((month) => ({
      month,
      count: SIGN_UPS.filter((at) => at.startsWith(month)).length,
    }));
    expect(stats.registrationTimeline).toEqual(expected);
    expect(stats.activeUsers.map((user) => [user.email, user.post_count])).toEqual([
      ["ann@stats.test", 3],
      ["bob@stats.test", 2],
      ["member@stats.test", 2],
    ]);
    expect(stats.recentUsers).toHaveLength(6);
    expect(Object.keys(stats.recentUsers[0]!).sort()).toEqual([
      "createdAt",
      "email",
      "emailVerified",
      "firstName",
      "id",
      "isAdmin",
      "lastName",
      "profileImageUrl",
    ]);
    expect(stats.waitlistEmails.map((entry) => entry.email)).toEqual([
      "third@wait.test",
      "second@wait.test",
      "first@wait.test",
    ]);
  });
});

describe("GET /api/admin/waitlist.csv", () => {
  it("answers 401 to visitors and 403 to users who are not admins", async () => {
    expect((await api.call("GET /api/admin/waitlist.csv")).statusCode).toBe(401);
    expect((await api.call("GET /api/admin/waitlist.csv", { cookies: member.cookies })).statusCode).toBe(403);
  });

  it("downloads the waitlist as CSV, newest first, with each joining time and when it was told (empty: not yet)", async () => {
    const res = await api.call("GET /api/admin/waitlist.csv", { cookies: admin.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="pro-waitlist-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toBe(
      "email,joined,told\r\nthird@wait.test,2026-06-14T08:15:45.123Z,\r\nsecond@wait.test,2026-02-06T11:30:00.000Z,2026-11-20T09:00:00.250Z\r\nfirst@wait.test,2026-01-05T10:00:00.000Z,\r\n",
    );
  });

  it("escapes cells a spreadsheet would run as formulas, and quotes commas, quotes and line breaks", async () => {
    const hostile = [
      '=HYPERLINK("http://evil.test","x")@a.test',
      "+1+2@b.test",
      "-2+3@c.test",
      "@SUM(A1)@d.test",
      "\t=1@e.test",
      "comma,name@f.test",
      'quote"d@g.test',
    ];
    const at = new Date("2026-06-15T00:00:00Z");
    const inserted = await t.database.db
      .insert(waitlist)
      .values(hostile.map((email, i) => ({ email, createdAt: new Date(at.getTime() + (hostile.length - i) * 1000) })))
      .returning({ id: waitlist.id });
    try {
      const res = await api.call("GET /api/admin/waitlist.csv", { cookies: admin.cookies });
      const lines = res.body.split("\r\n").slice(1, hostile.length + 1);
      expect(lines).toEqual([
        `"'=HYPERLINK(""http://evil.test"",""x"")@a.test",2026-06-15T00:00:07.000Z,`,
        `"'+1+2@b.test",2026-06-15T00:00:06.000Z,`,
        `"'-2+3@c.test",2026-06-15T00:00:05.000Z,`,
        `"'@SUM(A1)@d.test",2026-06-15T00:00:04.000Z,`,
        `"'\t=1@e.test",2026-06-15T00:00:03.000Z,`,
        `"comma,name@f.test",2026-06-15T00:00:02.000Z,`,
        `"quote""d@g.test",2026-06-15T00:00:01.000Z,`,
      ]);
    } finally {
      for (const row of inserted) await t.database.db.delete(waitlist).where(eq(waitlist.id, row.id));
    }
  });
});

describe("the site analytics", () => {
  /** Page views as rows: [when, path, visitor hash, referrer]. */
  async function seedViews(rows: [string, string, string | null, string | null][]) {
    await t.database.db
      .insert(pageViews)
      .values(
        rows.map(([at, path, visitorHash, referrer]) => ({ createdAt: new Date(at), path, visitorHash, referrer })),
      );
  }

  beforeAll(async () => {
    await seedViews([
      ["2026-06-08T23:59:59Z", "/home", "h0", null], // the day before a 7-day period
      ["2026-06-09T00:00:00Z", "/home", "h1", "https://www.Search.example/results"],
      ["2026-06-09T10:00:00Z", "/home", "h1", null],
      ["2026-06-09T11:00:00Z", "/feed", "h2", "https://search.example/"],
      ["2026-06-11T08:00:00Z", "/blog", "h3", "https://news.example:8443/a"],
      ["2026-06-11T08:01:00Z", "/blog", "h3", null],
      ["2026-06-11T09:00:00Z", "/home", "h4", null],
      ["2026-06-11T09:30:00Z", "/home", null, null], // collected before visitor hashes existed
      // The same person on another day has another hash: the salt changed at midnight.
      ["2026-06-12T12:00:00Z", "/feed", "h2-next-day", "not a url"],
      ["2026-06-15T23:59:59Z", "/home", "h5", "http://dragongrid.test/home"], // our own page, from an older row
      ["2026-06-16T00:00:00Z", "/home", "h6", "https://search.example/"], // after today
      // Twelve pages seen once, 20 days earlier: in the 30-day period only.
      ...Array.from(
        { length: 12 },
        (_, i) =>
          [
            `2026-05-26T10:00:${String(i).padStart(2, "0")}Z`,
            `/dragon/${String(i).padStart(2, "0")}`,
            `d${i}`,
            null,
          ] as [string, string, string, null],
      ),
    ]);
  });

  const repository = () => createStatsRepository(t.database.db);

  it("counts views and unique visitors per UTC day, every day of the period, empty days as 0", async () => {
    const analytics = await repository().getAnalytics(7, "dragongrid.test", NOW);
    expect(analytics.days).toBe(7);
    expect(analytics.daily).toEqual([
      { date: "2026-06-09", views: 3, visitors: 2 },
      { date: "2026-06-10", views: 0, visitors: 0 },
      { date: "2026-06-11", views: 4, visitors: 2 },
      { date: "2026-06-12", views: 1, visitors: 1 },
      { date: "2026-06-13", views: 0, visitors: 0 },
      { date: "2026-06-14", views: 0, visitors: 0 },
      { date: "2026-06-15", views: 1, visitors: 1 },
    ]);
    expect(analytics.totals).toEqual({ views: 9, visitors: 6 });
  });

  it("ranks the top pages, and the referring sites by host name without our own", async () => {
    const analytics = await repository().getAnalytics(7, "dragongrid.test", NOW);
    expect(analytics.topPages).toEqual([
      { name: "/home", views: 5, visitors: 3, title: null },
      { name: "/blog", views: 2, visitors: 1, title: null },
      { name: "/feed", views: 2, visitors: 2, title: null },
    ]);
    expect(analytics.topReferrers).toEqual([
      { name: "search.example", views: 2, visitors: 2 },
      { name: "news.example", views: 1, visitors: 1 },
    ]);
  });

  it("covers 30 and 90 days, keeping ten top pages", async () => {
    const month = await repository().getAnalytics(30, "dragongrid.test", NOW);
    expect(month.daily).toHaveLength(30);
    expect(month.daily[0]!.date).toBe("2026-05-17");
    expect(month.daily.at(-1)!.date).toBe("2026-06-15");
    expect(month.daily.find((day) => day.date === "2026-05-26")).toEqual({
      date: "2026-05-26",
      views: 12,
      visitors: 12,
    });
    expect(month.totals).toEqual({ views: 22, visitors: 19 });
    expect(month.topPages).toHaveLength(10);
    expect(month.topPages.slice(0, 3).map((page) => page.name)).toEqual(["/home", "/blog", "/feed"]);
    expect(month.topPages.slice(3).map((page) => page.name)).toEqual([
      "/dragon/00",
      "/dragon/01",
      "/dragon/02",
      "/dragon/03",
      "/dragon/04",
      "/dragon/05",
      "/dragon/06",
    ]);
    const quarter = await repository().getAnalytics(90, "dragongrid.test", NOW);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.daily[0]!.date).toBe("2026-03-18");
  });

  it("counts finished days once into rollups and today live, with the same answers", async () => {
    const at = new Date("2026-07-20T15:00:00Z");
    await seedViews([
      ["2026-07-18T10:00:00Z", "/rolled", "r1", "https://late.example/"],
      ["2026-07-20T09:00:00Z", "/live", "l1", null],
    ]);
    const first = await repository().getAnalytics(7, "dragongrid.test", at);
    const rolled = await t.database.db
      .select()
      .from(pageViewRollups)
      .where(sql`${pageViewRollups.day} between '2026-07-14' and '2026-07-20'`);
    expect(new Set(rolled.map((row) => row.day))).toEqual(
      new Set(["2026-07-14", "2026-07-15", "2026-07-16", "2026-07-17", "2026-07-18", "2026-07-19"]),
    );
    expect(
      rolled
        .filter((row) => row.day === "2026-07-18")
        .map(({ kind, name, views, visitors }) => ({ kind, name, views, visitors }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: "page", name: "/rolled", views: 1, visitors: 1 },
      { kind: "referrer", name: "late.example", views: 1, visitors: 1 },
      { kind: "total", name: "", views: 1, visitors: 1 },
    ]);
    // Asked again, the finished days come from the rollups alone: the same answer.
    expect(await repository().getAnalytics(7, "dragongrid.test", at)).toEqual(first);
    expect(first.daily.slice(-3)).toEqual([
      { date: "2026-07-18", views: 1, visitors: 1 },
      { date: "2026-07-19", views: 0, visitors: 0 },
      { date: "2026-07-20", views: 1, visitors: 1 },
    ]);
    // Today is live: a new view counts at once.
    await seedViews([["2026-07-20T14:00:00Z", "/live", "l2", null]]);
    expect((await repository().getAnalytics(7, "dragongrid.test", at)).topPages).toContainEqual({
      name: "/live",
      views: 2,
      visitors: 2,
      title: null,
    });
  });

  it("keeps yesterday live for a few minutes after midnight, for views stored just after it", async () => {
    await seedViews([["2026-08-01T23:59:59.900Z", "/midnight", "m1", null]]);
    const justAfter = new Date("2026-08-02T00:01:00Z");
    await repository().getAnalytics(7, "dragongrid.test", justAfter);
    expect(
      await t.database.db
        .select()
        .from(pageViewRollups)
        .where(sql`${pageViewRollups.day} = '2026-08-01'`),
    ).toEqual([]);
    // Stored a moment late, as a request in flight at midnight is: still counted on its day.
    await seedViews([["2026-08-01T23:59:59.950Z", "/midnight", "m2", null]]);
    const analytics = await repository().getAnalytics(7, "dragongrid.test", justAfter);
    expect(analytics.daily.find((day) => day.date === "2026-08-01")).toEqual({
      date: "2026-08-01",
      views: 2,
      visitors: 2,
    });
    const later = await repository().getAnalytics(7, "dragongrid.test", new Date("2026-08-02T00:10:00Z"));
    expect(later.daily.find((day) => day.date === "2026-08-01")).toEqual({ date: "2026-08-01", views: 2, visitors: 2 });
    expect(
      (
        await t.database.db
          .select()
          .from(pageViewRollups)
          .where(sql`${pageViewRollups.day} = '2026-08-01'`)
      ).length,
    ).toBe(2);
  });

  it("names the dragon or blog post a top page shows; a deleted one, a private picture and a mistyped address keep their path", async () => {
    const db = t.database.db;
    const named = async (name: string) =>
      (await db.select({ id: dragons.id }).from(dragons).where(eq(dragons.name, name)))[0]!.id;
    const [ember, frost, cat] = [await named("Ember"), await named("Frost"), await named("My cat")];
    await db
      .insert(blogPosts)
      .values({ title: "Scales, step by step", slug: "scales-step-by-step", content: "<p>x</p>" });
    const gone = "0f0e0d0c-0b0a-4909-8807-060504030201";
    const paths = [
      `/draw/${ember}`,
      `/dragon/${ember}`,
      `/dragon/${frost.toUpperCase()}`,
      "/blog/scales-step-by-step",
      `/draw/${cat}`,
      `/draw/${gone}`,
      "/blog/no-such-post",
      "/draw/not-an-id",
    ];
    await seedViews(paths.map((path, i) => [`2026-09-10T10:00:0${i}Z`, path, `t${i}`, null]));
    const { topPages } = await repository().getAnalytics(7, "dragongrid.test", new Date("2026-09-12T12:00:00Z"));
    expect(Object.fromEntries(topPages.map((page) => [page.name, page.title]))).toEqual({
      [`/draw/${ember}`]: "Ember",
      [`/dragon/${ember}`]: "Ember",
      [`/dragon/${frost.toUpperCase()}`]: "Frost",
      "/blog/scales-step-by-step": "Scales, step by step",
      [`/draw/${cat}`]: null,
      [`/draw/${gone}`]: null,
      "/blog/no-such-post": null,
      "/draw/not-an-id": null,
    });
  });

  describe("GET /api/admin/analytics", () => {
    it("answers 401 to visitors and 403 to users who are not admins", async () => {
      expect((await api.call("GET /api/admin/analytics")).statusCode).toBe(401);
      expect(
        (await api.call("GET /api/admin/analytics", { query: { days: "7" }, cookies: member.cookies })).statusCode,
      ).toBe(403);
    });

    it("accepts only 7, 30 or 90 days", async () => {
      for (const days of ["5", "0", "30.0", "-7", "abc", ""]) {
        const res = await api.call("GET /api/admin/analytics", { query: { days }, cookies: admin.cookies });
        expect([res.statusCode, res.body], days).toEqual([400, "Invalid days: must be 7, 30 or 90"]);
      }
    });

    it("shows today's views collected by the page-view endpoint, 30 days when not told", async () => {
      const visit = (address: string, path: string) =>
        api.call("POST /api/analytics/pageview", {
          remoteAddress: address,
          headers: { "user-agent": "Mozilla/5.0 Chrome/156.0" },
          body: { path, referrer: "https://friends.example/list?ref=1" },
        });
      for (const [address, path] of [
        ["192.0.2.1", "/stats-a"],
        ["192.0.2.1", "/stats-b"],
        ["192.0.2.2", "/stats-a"],
      ] as const)
        expect((await visit(address, path)).statusCode).toBe(204);

      const res = await api.call("GET /api/admin/analytics", { query: { days: "7" }, cookies: admin.cookies });
      expect(res.statusCode).toBe(200);
      const analytics = res.json();
      expect(analytics.daily).toHaveLength(7);
      const today = new Date().toISOString().slice(0, 10);
      expect(analytics.daily.at(-1)).toEqual({ date: today, views: 3, visitors: 2 });
      expect(analytics.topPages).toEqual([
        { name: "/stats-a", views: 2, visitors: 2, title: null },
        { name: "/stats-b", views: 1, visitors: 1, title: null },
      ]);
      expect(analytics.topReferrers).toEqual([{ name: "friends.example", views: 3, visitors: 2 }]);
      const byDefault = (await api.call("GET /api/admin/analytics", { cookies: admin.cookies })).json();
      expect([byDefault.days, byDefault.daily.length]).toEqual([30, 30]);
    });
  });
});

describe("at scale", () => {
  it("lists only the 50 newest users", async () => {
    await t.database.db.execute(sql`
      insert into ${users} (email, created_at)
      select 'bulk-' || n || '@stats.test', timestamptz '2026-06-10T00:00:00Z' + n * interval '1 minute'
      from generate_series(1, 60) as n`);
    const { recentUsers, overview } = await createStatsRepository(t.database.db).getStats(NOW);
    expect(overview.totalUsers).toBe(66);
    expect(recentUsers).toHaveLength(50);
    expect(recentUsers[0]!.email).toBe("bulk-60@stats.test");
    expect(recentUsers.at(-1)!.email).toBe("bulk-11@stats.test");
  });
});
