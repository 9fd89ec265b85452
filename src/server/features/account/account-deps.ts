import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import type { ObjectStorage } from "../../storage/object-storage";
import type { Sessions } from "../../auth/sessions";
import type { UsersRepository } from "../../auth/users-repository";

/** What the account plugin is given by the app (plugin.ts), and hands on to the password and profile routes. */
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
