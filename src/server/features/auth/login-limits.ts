import { clientKey, KeyedRateLimiter, type RateCounters } from "../../http/rate-limiter";

const MINUTE = 60_000;

/**
 * How many sign-in attempts an e-mail address gets, counted two ways:
 * - from one client (an IPv4 address, an IPv6 /64): 10 in 15 minutes. Someone guessing from their
 *   own machine is stopped, and the account's owner, elsewhere, still signs in (a limit on the
 *   e-mail alone let anyone lock anyone out with 11 wrong passwords).
 * - from all addresses together: 100 in 15 minutes, so that guessing spread over many machines is
 *   slowed too; only such an attack locks the owner out, for the rest of the window.
 * The per-address limit on every sign-in (any e-mail) sits on the route. Both count in the shared
 * counters, so they hold across server processes and restarts.
 */
export function createLoginLimits(counters: RateCounters) {
  const fromOneAddress = new KeyedRateLimiter(counters, "sign-ins per e-mail and client", 10, 15 * MINUTE);
  const fromAnywhere = new KeyedRateLimiter(counters, "sign-ins per e-mail", 100, 15 * MINUTE);
  return {
    /** Count one attempt; throws the 429 once either allowance is spent. */
    async hit(email: string, address: string, now = Date.now()): Promise<void> {
      const account = email.toLowerCase();
      await fromOneAddress.hit(`${account}\n${clientKey(address)}`, now);
      await fromAnywhere.hit(account, now);
    },
  };
}
