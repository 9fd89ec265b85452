import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../shared/auth";
import { getQueryFn } from "./query-client";

export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/** The signed-in user (null for visitors); decides authentication and admin status everywhere. */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: Boolean(user), isAdmin: user?.isAdmin ?? false };
}
