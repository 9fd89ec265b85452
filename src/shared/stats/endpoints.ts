import { analyticsQuerySchema } from "./index";
import { endpoints } from "../contract/endpoint";
import { adminStatsResponse, siteAnalyticsResponse } from "./responses";

export const statsEndpoints = endpoints({
  "GET /api/admin/stats": {
    summary: "The dashboard's figures: totals, 12 months of sign-ups, recent and active users, the waitlist",
    access: "admins",
    responses: { 200: adminStatsResponse },
  },
  "GET /api/admin/analytics": {
    summary: "Page views and visitors per day, top pages and referrers, over 7, 30 or 90 days",
    access: "admins",
    query: analyticsQuerySchema,
    responses: { 200: siteAnalyticsResponse },
  },
  "GET /api/admin/waitlist.csv": {
    summary: "Every waitlist address with when it joined and when it was told Pro is ready, as a CSV download",
    access: "admins",
    responses: { 200: { contentType: "text/csv", description: "email,joined,told" } },
  },
});
