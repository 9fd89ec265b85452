import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { queryClient } from "../../lib/query-client";
import { apiQueryKey, callApi, type ResponseOf } from "../../lib/api-client";
import { AUTH_USER_KEY } from "../../lib/auth";
import { NOTIFICATIONS_PAGE_SIZE } from "../../../shared/notifications";
import type { CurrentUser } from "../../../shared/auth/responses";

export type NotificationsPage = ResponseOf<"GET /api/notifications">;
export type Notification = NotificationsPage["items"][number];
type Pages = InfiniteData<NotificationsPage, string | null>;

export const NOTIFICATIONS_KEY = apiQueryKey("GET /api/notifications");

/** The bell's count lives in the account's answer (no query per page view): keep it in step with the server's. */
export function setUnread(unread: number): void {
  queryClient.setQueryData<CurrentUser | null>(AUTH_USER_KEY, (user) =>
    user && user.unreadNotifications !== unread ? { ...user, unreadNotifications: unread } : user,
  );
}

/**
 * The bell's list, 20 a page, older ones with ?before={the last one's id}. Fetched afresh each time
 * the list opens (forgotten once it closes): what it shows is what happened since.
 */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: NOTIFICATIONS_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const page = await callApi("GET /api/notifications", { query: pageParam ? { before: pageParam } : {} });
      setUnread(page.unread);
      return page;
    },
    getNextPageParam: (last): string | null =>
      last.items.length < NOTIFICATIONS_PAGE_SIZE ? null : last.items.at(-1)!.id,
    gcTime: 0,
  });
}

function markCached(read: (notification: Notification) => boolean): void {
  queryClient.setQueryData<Pages>(NOTIFICATIONS_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (read(item) && !item.read ? { ...item, read: true } : item)),
          })),
        }
      : data,
  );
}

/** Opening a notification reads it; the count follows the server's answer. */
export async function markRead(id: string): Promise<void> {
  markCached((item) => item.id === id);
  const { unread } = await callApi("POST /api/notifications/:id/read", { params: { id } });
  setUnread(unread);
}

export async function markAllRead(): Promise<void> {
  const { unread } = await callApi("POST /api/notifications/read-all");
  markCached(() => true);
  setUnread(unread);
}
