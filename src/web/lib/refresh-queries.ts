import type { InvalidateQueryFilters } from "@tanstack/react-query";
import { queryClient } from "./query-client";

/**
 * After a change: read again what the change may have made out of date. The one way every
 * feature does it. A read already on its way is cancelled first: it may have left before the
 * change was written, and TanStack Query's invalidation would otherwise keep it (it cancels an
 * in-flight read only when the query already has data: a search's first page, shown over the
 * previous one, came back without the change and stayed so).
 */
export async function refreshQueries(...filters: InvalidateQueryFilters[]): Promise<void> {
  await Promise.all(
    filters.map(async (filter) => {
      await queryClient.cancelQueries(filter);
      await queryClient.invalidateQueries(filter);
    }),
  );
}
