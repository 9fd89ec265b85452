import { analyticsQuerySchema } from "./index";
import { endpoints } from "../contract/endpoint";
import { adminStatsAnswer, siteAnalyticsAnswer } from "./answers";

export const statsEndpoints = endpoints({
  "GET /api/admin/stats": {
    summary: "The dashboard's figures: totals, 12 months of sign-ups, recent and active users, the waitlist",
    access: "admins",
    answers: { 200: adminStatsAnswer },
  },
  "GET /api/admin/analytics": {
    summary: "Page views and visitors per day, top pages and referrers, over 7, 30 or 90 days",
    access: "admins",
    query: analyticsQuerySchema,
    answers: { 200: siteAnalyticsAnswer },
  },
  "GET /api/admin/waitlist.csv": {
    summary: "Every waitlist address with when it joined and when it was told Pro is ready, as a CSV download",
    access: "admins",
    answers: { 200: { contentType: "text/csv", description: "email,joined,told" } },
  },
});
