import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * True once React has hydrated a server-rendered page; before (and on the server) false, or
 * `whileHydrating` when the server rendered that part as if hydrated: a part that shows what only
 * the browser knows (its storage, the address's choices, the account) first renders what the
 * server did, so hydration finds the same markup.
 */
export function useHydrated(whileHydrating = false): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => whileHydrating,
  );
}
