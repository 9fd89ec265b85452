import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import type { ObjectStorage } from "../../storage/object-storage";
import { KeyedRateLimiter } from "../../http/rate-limiter";
import type { Sessions } from "../../auth/sessions";
import type { UsersRepository } from "../../auth/users-repository";
import { createAccountRepository } from "./account-repository";
import { registerPasswordRoutes } from "./password-routes";
import { registerProfileRoutes } from "./profile-routes";
import { createResetTokens } from "./reset-tokens";

export interface AccountDeps {
  config: Config;
  db: Database;
  users: UsersRepository;
  sessions: Sessions;
  mailer: Mailer;
  storage: ObjectStorage;
  /** Called when what others see of a person changes (name, picture, the account gone): the feed's cache. */
  onPublicProfileChange: () => void;
  /** The clock for reset-link expiry; tests move it instead of waiting an hour. */
  now: () => number;
  /** The bell's count, which the account answer carries (features/notifications). */
  unreadCount: (userId: string) => Promise<number>;
}

/** Account self-service (decision 015). */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountDeps) {
  // Guessing the current password from a stolen session (to change it or delete the account)
  // counts against one allowance per user, whichever form it comes through.
  const passwordChecks = new KeyedRateLimiter(app.rateCounters, "password checks per member", 10, 15 * 60_000);
  registerPasswordRoutes(app, { ...deps, resetTokens: createResetTokens(deps.db), passwordChecks });
  registerProfileRoutes(app, { ...deps, account: createAccountRepository(deps.db), passwordChecks });
}
