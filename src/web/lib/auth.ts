import { createContext, useContext } from "react";
import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../shared/auth/responses";
import { isNetworkError } from "./query-client";
import { callApiOrNullOn401 } from "./api-client";
import { holdsSomeone, keepAccount, keptAccount } from "./on-this-device";
import { useHydrated } from "./use-hydrated";

export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/**
 * Who is signed in, as the server says; offline, the account this browser kept while signed in
 * (lib/on-this-device), so a canvas opened once reopens with its owner's progress. An answer of
 * "nobody" forgets what was kept: the session ended, here or from another device.
 */
const readAccount = async (): Promise<CurrentUser | null> => {
  try {
    const user = await callApiOrNullOn401("GET /api/auth/user");
    // Someone else signed in on this browser: what was kept of the one before goes first.
    if (user ? keptAccount()?.id !== user.id && holdsSomeone() : holdsSomeone())
      await (await import("./forget-this-person")).forgetThisPerson();
    if (user) keepAccount(user);
    return user;
  } catch (error) {
    if (isNetworkError(error)) return keptAccount();
    throw error;
  }
};

/**
 * True when the page was rendered knowing the account: the server renders a visitor's page (no
 * session) as signed out, with that answer in its data, so the browser need not ask (decision 016b).
 */
export const AccountKnownAtRender = createContext(false);

/** The signed-in user (null for visitors); decides authentication, admin and Pro status everywhere. */
export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: readAccount,
    retry: false,
    // A failed read (a 5xx) is not asked again by every component that mounts: that loop once
    // unmounted the canvas over and over. The next page load asks again.
    retryOnMount: false,
  });
  // A signed-in person's public page is rendered on the server without their account (decision
  // 016b). While React hydrates a part of that page, even one whose code arrives after the account
  // has loaded, it must render what the server did: still loading. React reads the server snapshot
  // (false) while hydrating and the client one (true) from then on. A visitor's page was rendered
  // signed out, as the data says, so there is nothing to wait for.
  const knownAtRender = useContext(AccountKnownAtRender);
  const hydrated = useHydrated(knownAtRender);
  const user = hydrated ? (data ?? null) : null;
  return {
    user,
    isLoading: isLoading || !hydrated,
    isAuthenticated: Boolean(user),
    isAdmin: user?.isAdmin ?? false,
    isPro: user?.pro ?? false,
  };
}
