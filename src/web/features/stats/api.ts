import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/query-client";
import type { AdminStats, AnalyticsRange, SiteAnalytics } from "../../../shared/stats";

export const ADMIN_STATS_KEY = ["/api/admin/stats"] as const;

/** The CSV of the Pro waitlist (a download: the browser saves what this answers). */
export const WAITLIST_CSV_URL = "/api/admin/waitlist.csv";

/** GET /api/admin/stats, read by the default query function (SPEC.md section 7); admins only. */
export function useAdminStats(enabled: boolean) {
  return useQuery<AdminStats>({ queryKey: ADMIN_STATS_KEY, enabled });
}

/** GET /api/admin/analytics?days=…; the last period's answer stays on screen while the next loads. */
export function useSiteAnalytics(days: AnalyticsRange, enabled: boolean) {
  return useQuery<SiteAnalytics>({
    queryKey: ["/api/admin/analytics", days],
    enabled,
    queryFn: async () => (await (await apiRequest("GET", `/api/admin/analytics?days=${days}`)).json()) as SiteAnalytics,
    placeholderData: keepPreviousData,
  });
}
