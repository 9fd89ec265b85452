import { z } from "zod";
import { text } from "./text";
import type { AuthUser } from "./auth";

// The admin statistics dashboard's payloads (SPEC.md sections 2, 3 and 7; decision 012).

/** Months in the registration timeline, the current one included (SPEC.md section 9). */
export const REGISTRATION_MONTHS = 12;
/** Newest users listed (SPEC.md section 9). */
export const RECENT_USERS_LIMIT = 50;
/** Users listed as the most active. */
export const ACTIVE_USERS_LIMIT = 10;
/** Rows in the top pages and top referrers tables. */
export const ANALYTICS_TOP_LIMIT = 10;
/** The periods the analytics can cover, in days; the first is the default. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** The totals on the dashboard's cards. */
export interface StatsOverview {
  totalUsers: number;
  verifiedUsers: number;
  adminUsers: number;
  totalPosts: number;
  approvedPosts: number;
  pendingPosts: number;
  totalDragons: number;
  totalLikes: number;
  totalComments: number;
  totalWaitlist: number;
}

/** Sign-ups in one calendar month (UTC); month is "YYYY-MM". */
export interface RegistrationMonth {
  month: string;
  count: number;
}

/** A user as the recent registrations table lists them (the user fields of SPEC.md section 3). */
export type StatsUser = AuthUser;

/** One of the users with the most posts; the field names are the spec's. */
export interface ActiveUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  post_count: number;
}

/** One Pro waitlist sign-up. */
export interface WaitlistEmail {
  id: string;
  email: string;
  createdAt: string;
}

/** GET /api/admin/stats. */
export interface AdminStats {
  overview: StatsOverview;
  /** The last 12 months, oldest first, months without sign-ups as 0. */
  registrationTimeline: RegistrationMonth[];
  /** The 50 newest users, newest first. */
  recentUsers: StatsUser[];
  /** Up to 10 users with the most posts, most first; users without posts are left out. */
  activeUsers: ActiveUser[];
  /** Every waitlist sign-up, newest first. */
  waitlistEmails: WaitlistEmail[];
}

/** Query of GET /api/admin/analytics: `days` is 7, 30 or 90 (30 when left out). */
export const analyticsQuerySchema = z.object({
  days: text()
    .refine((value) => (ANALYTICS_RANGES as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), "must be 7, 30 or 90")
    .transform((value) => Number(value) as AnalyticsRange)
    .optional(),
});

/** Views and unique visitors of one UTC day; date is "YYYY-MM-DD". */
export interface AnalyticsDay {
  date: string;
  views: number;
  visitors: number;
}

/** A page or referring site with its views and unique visitors over the period. */
export interface AnalyticsTopEntry {
  /** The page's path, or the referring site's host name. */
  name: string;
  views: number;
  visitors: number;
}

/** GET /api/admin/analytics. */
export interface SiteAnalytics {
  days: AnalyticsRange;
  /** Every day of the period, oldest first, today (UTC) last; days without views as 0. */
  daily: AnalyticsDay[];
  /** Sums over the period. A visitor's hash changes every day, so one who came on two days counts twice. */
  totals: { views: number; visitors: number };
  topPages: AnalyticsTopEntry[];
  /** Other sites that sent people here, by host name; the app's own pages are not referrers. */
  topReferrers: AnalyticsTopEntry[];
}
