import { QueryClient, type QueryClientConfig } from "@tanstack/react-query";

// Exactly docs/spec.md §7: every non-OK answer becomes an Error "{status}: {response text or
// status text}". Calls, and reads with the spec's default form (the query key's parts joined with
// "/"), go through lib/api-client.ts.

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** A network failure (offline, server unreachable), as opposed to an answer from the server. */
export const isNetworkError = (error: unknown) => error instanceof TypeError;

/** Data is kept forever: never stale, no refetch on focus or interval, no retries. */
export const queryClientOptions: QueryClientConfig = {
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
};

/** The browser's one client (the server makes one per render with the same options). */
export const queryClient = new QueryClient(queryClientOptions);
