import { z } from "zod";

// The admin statistics dashboard's payloads (docs/spec.md sections 2, 3 and 7; decision 012).

/** Months in the registration timeline, the current one included (docs/spec.md §9). */
export const REGISTRATION_MONTHS = 12;
/** Newest users listed (docs/spec.md §9). */
export const RECENT_USERS_LIMIT = 50;
/** Users listed as the most active. */
export const ACTIVE_USERS_LIMIT = 10;
/** Rows in the top pages and top referrers tables. */
export const ANALYTICS_TOP_LIMIT = 10;
/** The periods the analytics can cover, in days; the first is the default. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** Query of GET /api/admin/analytics: `days` is 7, 30 or 90 (30 when left out). */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_RANGES.map(String) as [string, ...string[]], { error: "must be 7, 30 or 90" })
    .transform((value) => Number(value) as AnalyticsRange)
    .optional(),
});

/** What a counted page shows by name: a dragon's page, its canvas, or a blog post. */
export type PageSubject = { kind: "dragon" | "canvas"; dragonId: string } | { kind: "blogPost"; slug: string };

const DRAGON_PAGE = /^\/(dragon|draw)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const BLOG_POST = /^\/blog\/([^/]+)$/;

/** The subject of a page view's path (as the collector keeps it: no query), or null for a page without one. */
export function pageSubject(path: string): PageSubject | null {
  const dragon = DRAGON_PAGE.exec(path);
  if (dragon) return { kind: dragon[1] === "draw" ? "canvas" : "dragon", dragonId: dragon[2]!.toLowerCase() };
  const post = BLOG_POST.exec(path);
  if (!post) return null;
  try {
    return { kind: "blogPost", slug: decodeURIComponent(post[1]!) };
  } catch {
    return null; // "%E0": no slug is spelled like that.
  }
}
