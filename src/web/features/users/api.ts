import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { refreshQueries } from "../../lib/refresh-queries";
import { AUTH_USER_KEY } from "../../lib/auth";
import { apiQuery, apiQueryKey, callApi, type ResponseOf } from "../../lib/api-client";

export type Person = ResponseOf<"GET /api/admin/users">["items"][number];
export type ProSetting = ResponseOf<"GET /api/admin/users">["proSetting"];

/** One page of people: the search and the offset are the query; the last page stays on screen while the next loads. */
export function useUsers(search: string, offset: number, enabled: boolean) {
  return useQuery({
    ...apiQuery("GET /api/admin/users", { query: { q: search, offset: String(offset) } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Give or take back the admin role. Afterwards what shows roles or admins is read again: every
 * page of people, the statistics' admin count, the audit log, and the caller's own account (an
 * admin may have given up their own role).
 */
export async function setAdminRole(person: Person, isAdmin: boolean, options: { isSelf: boolean }): Promise<Person> {
  const answer = await callApi("PUT /api/admin/users/:id/admin", { params: { id: person.id }, body: { isAdmin } });
  await refreshQueries(
    { queryKey: apiQueryKey("GET /api/admin/users") },
    { queryKey: apiQueryKey("GET /api/admin/stats") },
    { queryKey: apiQueryKey("GET /api/admin/moderation/log") },
    ...(options.isSelf ? [{ queryKey: AUTH_USER_KEY }] : []),
  );
  return answer;
}

/**
 * Give Pro to a person or take it back (decision 031). Afterwards the pages of people, the audit
 * log and the statistics (the waitlist's "Told") are read again.
 */
export async function setProGrant(person: Person, pro: boolean): Promise<Person> {
  const answer = await callApi("PUT /api/admin/users/:id/pro", { params: { id: person.id }, body: { pro } });
  await refreshQueries(
    { queryKey: apiQueryKey("GET /api/admin/users") },
    { queryKey: apiQueryKey("GET /api/admin/stats") },
    { queryKey: apiQueryKey("GET /api/admin/moderation/log") },
  );
  return answer;
}
