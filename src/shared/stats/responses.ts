import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";
import { ANALYTICS_RANGES } from "./index";
import { authUserResponse, type AuthUser } from "../auth/responses";

/** The totals on the dashboard's cards. */
export const statsOverviewResponse = z.object({
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
export const registrationMonthResponse = z.object({ month: text(), count: z.number() });

/** One of the users with the most posts; the field names are the spec's. */
export const activeUserResponse = z.object({
  id: text(),
  email: text(),
  first_name: text().nullable(),
  last_name: text().nullable(),
  post_count: z.number(),
});

/** One Pro waitlist sign-up; `toldAt`: when they were e-mailed that Pro is theirs (decision 031), null until then. */
export const waitlistEmailResponse = z.object({
  id: text(),
  email: text(),
  createdAt: isoTime(),
  toldAt: isoTime().nullable(),
});

/** GET /api/admin/stats. */
export const adminStatsResponse = z.object({
  overview: statsOverviewResponse,
  /** The last 12 months, oldest first, months without sign-ups as 0. */
  registrationTimeline: z.array(registrationMonthResponse),
  /** The 50 newest users, newest first (the user fields of docs/spec.md §3). */
  recentUsers: z.array(authUserResponse),
  /** Up to 10 users with the most posts, most first; users without posts are left out. */
  activeUsers: z.array(activeUserResponse),
  /** Every waitlist sign-up, newest first. */
  waitlistEmails: z.array(waitlistEmailResponse),
});

/** Views and unique visitors of one UTC day; date is "YYYY-MM-DD". */
export const analyticsDayResponse = z.object({ date: text(), views: z.number(), visitors: z.number() });

/** A page (its path) or referring site (its host name) with its views and unique visitors over the period. */
export const analyticsTopEntryResponse = z.object({ name: text(), views: z.number(), visitors: z.number() });

/**
 * A top page: its path, with the name of what it shows (a library dragon's, for its page and its
 * canvas; a blog post's title), found when the answer is made; null for other pages, for what no
 * longer exists and for a member's private picture (decision 048).
 */
export const analyticsTopPageResponse = analyticsTopEntryResponse.extend({ title: text().nullable() });

/** GET /api/admin/analytics. */
export const siteAnalyticsResponse = z.object({
  days: z.union(ANALYTICS_RANGES.map((days) => z.literal(days))),
  /** Every day of the period, oldest first, today (UTC) last; days without views as 0. */
  daily: z.array(analyticsDayResponse),
  /** Sums over the period. A visitor's hash changes every day, so one who came on two days counts twice. */
  totals: z.object({ views: z.number(), visitors: z.number() }),
  topPages: z.array(analyticsTopPageResponse),
  /** Other sites that sent people here, by host name; the app's own pages are not referrers. */
  topReferrers: z.array(analyticsTopEntryResponse),
});

export type StatsOverview = z.output<typeof statsOverviewResponse>;
export type RegistrationMonth = z.output<typeof registrationMonthResponse>;
/** A user as the recent registrations table lists them (the user fields of docs/spec.md §3). */
export type StatsUser = AuthUser;
export type ActiveUser = z.output<typeof activeUserResponse>;
export type WaitlistEmail = z.output<typeof waitlistEmailResponse>;
export type AdminStats = z.output<typeof adminStatsResponse>;
export type AnalyticsDay = z.output<typeof analyticsDayResponse>;
export type AnalyticsTopEntry = z.output<typeof analyticsTopEntryResponse>;
export type AnalyticsTopPage = z.output<typeof analyticsTopPageResponse>;
export type SiteAnalytics = z.output<typeof siteAnalyticsResponse>;
