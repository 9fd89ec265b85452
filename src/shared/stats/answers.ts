import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/answers";
import { ANALYTICS_RANGES } from "./index";
import { authUserAnswer, type AuthUser } from "../auth/answers";

/** The totals on the dashboard's cards. */
export const statsOverviewAnswer = z.object({
  totalUsers: z.number(),
  verifiedUsers: z.number(),
  adminUsers: z.number(),
  totalPosts: z.number(),
  approvedPosts: z.number(),
  pendingPosts: z.number(),
  /** Not approved, with a moderator's reason (decision 029): in the total, neither approved nor pending. */
  rejectedPosts: z.number(),
  totalDragons: z.number(),
  totalLikes: z.number(),
  totalComments: z.number(),
  totalWaitlist: z.number(),
});

/** Sign-ups in one calendar month (UTC); month is "YYYY-MM". */
export const registrationMonthAnswer = z.object({ month: text(), count: z.number() });

/** One of the users with the most posts; the field names are the spec's. */
export const activeUserAnswer = z.object({
  id: text(),
  email: text(),
  first_name: text().nullable(),
  last_name: text().nullable(),
  post_count: z.number(),
});

/** One Pro waitlist sign-up; `toldAt`: when they were e-mailed that Pro is theirs (decision 031), null until then. */
export const waitlistEmailAnswer = z.object({
  id: text(),
  email: text(),
  createdAt: isoTime(),
  toldAt: isoTime().nullable(),
});

/** GET /api/admin/stats. */
export const adminStatsAnswer = z.object({
  overview: statsOverviewAnswer,
  /** The last 12 months, oldest first, months without sign-ups as 0. */
  registrationTimeline: z.array(registrationMonthAnswer),
  /** The 50 newest users, newest first (the user fields of docs/spec.md §3). */
  recentUsers: z.array(authUserAnswer),
  /** Up to 10 users with the most posts, most first; users without posts are left out. */
  activeUsers: z.array(activeUserAnswer),
  /** Every waitlist sign-up, newest first. */
  waitlistEmails: z.array(waitlistEmailAnswer),
});

/** Views and unique visitors of one UTC day; date is "YYYY-MM-DD". */
export const analyticsDayAnswer = z.object({ date: text(), views: z.number(), visitors: z.number() });

/** A page (its path) or referring site (its host name) with its views and unique visitors over the period. */
export const analyticsTopEntryAnswer = z.object({ name: text(), views: z.number(), visitors: z.number() });

/** GET /api/admin/analytics. */
export const siteAnalyticsAnswer = z.object({
  days: z.union(ANALYTICS_RANGES.map((days) => z.literal(days))),
  /** Every day of the period, oldest first, today (UTC) last; days without views as 0. */
  daily: z.array(analyticsDayAnswer),
  /** Sums over the period. A visitor's hash changes every day, so one who came on two days counts twice. */
  totals: z.object({ views: z.number(), visitors: z.number() }),
  topPages: z.array(analyticsTopEntryAnswer),
  /** Other sites that sent people here, by host name; the app's own pages are not referrers. */
  topReferrers: z.array(analyticsTopEntryAnswer),
});

export type StatsOverview = z.output<typeof statsOverviewAnswer>;
export type RegistrationMonth = z.output<typeof registrationMonthAnswer>;
/** A user as the recent registrations table lists them (the user fields of docs/spec.md §3). */
export type StatsUser = AuthUser;
export type ActiveUser = z.output<typeof activeUserAnswer>;
export type WaitlistEmail = z.output<typeof waitlistEmailAnswer>;
export type AdminStats = z.output<typeof adminStatsAnswer>;
export type AnalyticsDay = z.output<typeof analyticsDayAnswer>;
export type AnalyticsTopEntry = z.output<typeof analyticsTopEntryAnswer>;
export type SiteAnalytics = z.output<typeof siteAnalyticsAnswer>;
