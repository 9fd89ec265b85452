import { QueryObserver, keepPreviousData } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "./query-client";
import { refreshQueries } from "./refresh-queries";

/**
 * A list on a "server": each read sees the list as it is when the read arrives, and answers when
 * the test lets it (as a slow answer on a busy machine does).
 */
function slowServer(first: string) {
  let list = first;
  const waiting: (() => void)[] = [];
  return {
    change: (next: string) => void (list = next),
    read: () => {
      const seen = list;
      return new Promise<string>((resolve) => waiting.push(() => resolve(seen)));
    },
    answerAll: () => waiting.splice(0).forEach((answer) => answer()),
  };
}

/** A screen showing the list for `search`, the previous search's list over it while it loads. */
function watch(search: string, server: ReturnType<typeof slowServer>) {
  const observer = new QueryObserver(queryClient, {
    queryKey: ["/api/people", search],
    queryFn: server.read,
    placeholderData: keepPreviousData,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("refreshQueries", () => {
  afterEach(() => queryClient.clear());

  it("reads a search's first page again when it was on its way during the change, so the change shows", async () => {
    const server = slowServer("Ana: no Pro");
    const screen = watch("ana", server);
    // The search's first read leaves before Pro is granted, and answers after.
    server.change("Ana: Pro");
    const refreshed = refreshQueries({ queryKey: ["/api/people"] });
    await settled();
    server.answerAll();
    await refreshed;
    server.answerAll();
    await settled();
    expect(screen.observer.getCurrentResult().data).toBe("Ana: Pro");
    screen.unsubscribe();
  });

  it("leaves a query nobody shows to be read when it is next shown", async () => {
    const server = slowServer("before");
    const screen = watch("", server);
    server.answerAll();
    await settled();
    screen.unsubscribe();
    server.change("after");
    await refreshQueries({ queryKey: ["/api/people"] });
    expect(queryClient.getQueryState(["/api/people", ""])?.isInvalidated).toBe(true);
    const again = watch("", server);
    server.answerAll();
    await settled();
    expect(again.observer.getCurrentResult().data).toBe("after");
    again.unsubscribe();
  });
});
