import { z } from "zod";
import { text } from "../text";

/** Body of POST /api/analytics/pageview. */
export const pageViewSchema = z.object({
  path: text().min(1).max(2048).startsWith("/"),
  referrer: text().max(2048).optional().nullable(),
});
export type PageView = z.infer<typeof pageViewSchema>;

// Crawlers, link previewers and audit tools: their visits are not people's page views.
const BOT_PATTERN =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|pingdom|curl|wget|python-requests|httpclient/i;

/** True when a user-agent string belongs to a robot (or is missing, as robots' often are). */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return !userAgent || BOT_PATTERN.test(userAgent);
}

/** The UTC day of a moment, "YYYY-MM-DD": the day a view is counted on and whose salt hashes it. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);
