import { contractPlugin, pickEndpoints } from "../../http/contract-plugin";
import { KeyedRateLimiter } from "../../http/rate-limiter";
import { accountEndpoints } from "../../../shared/account/endpoints";
import { authEndpoints } from "../../../shared/auth/endpoints";
import type { AccountDeps } from "./account-deps";
import { createAccountRepository } from "./account-repository";
import { passwordRoutes } from "./password-routes";
import { profileRoutes } from "./profile-routes";
import { createResetTokens } from "./reset-tokens";

/**
 * Account self-service (decision 015), and the auth domain's password-reset links: a reset and a
 * password change share the reset tokens (a change makes earlier links stop working).
 */
export const accountPlugin = contractPlugin(
  {
    ...accountEndpoints,
    ...pickEndpoints(authEndpoints, "POST /api/auth/forgot-password", "POST /api/auth/reset-password"),
  },
  (app, deps: AccountDeps) => {
    // Guessing the current password from a stolen session (to change it or delete the account)
    // counts against one allowance per user, whichever form it comes through.
    const passwordChecks = new KeyedRateLimiter(app.rateCounters, "password checks per member", 10, 15 * 60_000);
    return {
      ...passwordRoutes(app, { ...deps, resetTokens: createResetTokens(deps.db), passwordChecks }),
      ...profileRoutes(app, { ...deps, account: createAccountRepository(deps.db), passwordChecks }),
    };
  },
);
