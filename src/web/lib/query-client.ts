import { QueryClient, type QueryClientConfig, type QueryFunction } from "@tanstack/react-query";

// Exactly SPEC.md section 7: cookies always, a JSON body only when present, and every non-OK
// answer becomes an Error "{status}: {response text or status text}".

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** Send a request to our API; resolves to the Response, rejects with "{status}: {text}". */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json" } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** A network failure (offline, server unreachable), as opposed to an answer from the server. */
export const isNetworkError = (error: unknown) => error instanceof TypeError;

type UnauthorizedBehavior = "returnNull" | "throw";

/** Default reads: GET the query key's parts joined with "/", parse JSON; 401 throws or gives null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** Data is kept forever: never stale, no refetch on focus or interval, no retries. */
export const queryClientOptions: QueryClientConfig = {
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
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
