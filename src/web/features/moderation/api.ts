import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { refreshQueries } from "../../lib/refresh-queries";
import { apiQuery, apiQueryKey, callApi, type ResponseOf, type CallInput } from "../../lib/api-client";
import type { QueueTab } from "../../../shared/moderation";

/** The body of POST /api/admin/moderation/actions, as the browser sends it. */
export type ActionBody = CallInput<"POST /api/admin/moderation/actions">["body"];
export type QueueItem = ResponseOf<"GET /api/admin/moderation/queue">["items"][number];
export type LogEntry = ResponseOf<"GET /api/admin/moderation/log">[number];

const QUEUE_BASE = apiQueryKey("GET /api/admin/moderation/queue");
const COUNTS_KEY = apiQueryKey("GET /api/admin/moderation/counts");
const LOG_KEY = apiQueryKey("GET /api/admin/moderation/log");

/** How many things wait in each tab. */
export function useModerationCounts(enabled: boolean) {
  return useQuery({ ...apiQuery("GET /api/admin/moderation/counts"), enabled });
}

/** One page of a tab (the queue shrinks as it is worked, so it pages by offset). */
export function useQueue(tab: QueueTab, offset: number, enabled: boolean) {
  return useQuery({
    ...apiQuery("GET /api/admin/moderation/queue", { query: { tab, offset: String(offset) } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The audit log, newest first, 20 entries a page ("Load more" asks for older ones). */
export function useModerationLog(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: LOG_KEY,
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      callApi("GET /api/admin/moderation/log", { query: pageParam === undefined ? {} : { before: String(pageParam) } }),
    getNextPageParam: (last) => (last.length < 20 ? undefined : last.at(-1)!.id),
  });
}

/**
 * One moderation action. Afterwards every list that may show the thing is read again: the queue's
 * tabs and counts, the log, and the feed and the profile's drawings.
 */
export async function runAction(body: ActionBody): Promise<string> {
  const answer = await callApi("POST /api/admin/moderation/actions", { body });
  await refreshQueries(
    { queryKey: QUEUE_BASE },
    { queryKey: COUNTS_KEY },
    { queryKey: LOG_KEY },
    { queryKey: apiQueryKey("GET /api/posts") },
  );
  return answer.message;
}
