import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiPath, apiQuery, apiQueryKey } from "../../lib/api-client";
import type { AnalyticsRange } from "../../../shared/stats";

export const ADMIN_STATS_KEY = apiQueryKey("GET /api/admin/stats");

/** The CSV of the Pro waitlist (a download: the browser saves what this answers). */
export const WAITLIST_CSV_URL = apiPath("GET /api/admin/waitlist.csv");

/** GET /api/admin/stats, read by the default query function (docs/spec.md §7); admins only. */
export function useAdminStats(enabled: boolean) {
  return useQuery({ ...apiQuery("GET /api/admin/stats"), enabled });
}

/** GET /api/admin/analytics?days=…; the last period's answer stays on screen while the next loads. */
export function useSiteAnalytics(days: AnalyticsRange, enabled: boolean) {
  return useQuery({
    ...apiQuery("GET /api/admin/analytics", { query: { days: String(days) } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
