import type { FastifyInstance } from "fastify";
import { KeyedRateLimiter } from "../../http/rate-limiter";
import type { AccountDeps } from "./account-deps";
import { createAccountRepository } from "./account-repository";
import { registerPasswordRoutes } from "./password-routes";
import { registerProfileRoutes } from "./profile-routes";
import { createResetTokens } from "./reset-tokens";

/** Account self-service (decision 015). */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountDeps) {
  // Guessing the current password from a stolen session (to change it or delete the account)
  // counts against one allowance per user, whichever form it comes through.
  const passwordChecks = new KeyedRateLimiter(app.rateCounters, "password checks per member", 10, 15 * 60_000);
  registerPasswordRoutes(app, { ...deps, resetTokens: createResetTokens(deps.db), passwordChecks });
  registerProfileRoutes(app, { ...deps, account: createAccountRepository(deps.db), passwordChecks });
}
