import { useSyncExternalStore } from "react";
import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../shared/auth";
import { getQueryFn } from "./query-client";

export const AUTH_USER_KEY = ["/api/auth/user"] as const;

const subscribeToNothing = () => () => {};

/** The signed-in user (null for visitors); decides authentication and admin status everywhere. */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
    retry: false,
  });
  // Public pages are rendered on the server for a visitor whose account is not known yet
  // (decision 016b). While React hydrates a part of the page, even one whose code arrives after
  // the account has loaded, it must render what the server did: still loading. React reads the
  // server snapshot (false) while hydrating and the client one (true) from then on.
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const user = hydrated ? (data ?? null) : null;
  return { user, isLoading: isLoading || !hydrated, isAuthenticated: Boolean(user), isAdmin: user?.isAdmin ?? false };
}
