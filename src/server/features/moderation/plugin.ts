import { contractPlugin } from "../../http/contract-plugin";
import type { Database } from "../../db/client";
import type { RateCounters } from "../../http/rate-limiter";
import type { BlockSets } from "../../auth/block-sets";
import { moderationEndpoints } from "../../../shared/moderation/endpoints";
import { createReports } from "./reports";
import { createModerationQueue } from "./queue";
import type { ModerationActions } from "./actions";
import type { ModeratedPosts } from "./moderated-posts";
import { requestTranslator } from "../../i18n/request-language";

export interface ModerationPluginDeps {
  db: Database;
  /** The feed (the posts feature's), as moderation reads and changes it. */
  feed: ModeratedPosts;
  blockSets: BlockSets;
  counters: RateCounters;
  /** Shared with the feed's Approve, which acts through them too. */
  actions: ModerationActions;
}

/** Reports by members and the moderation queue of admins (decision 029). */
export const moderationPlugin = contractPlugin(
  moderationEndpoints,
  (_app, { db, feed, blockSets, counters, actions }: ModerationPluginDeps) => {
    const reports = createReports(db, { feed, blockSets, counters });
    const queue = createModerationQueue(db, feed);
    return {
      "POST /api/reports": async (request, reply, caller) =>
        reply.status(201).send(await reports.create(caller, request.body)),

      "GET /api/reports/mine": async (_request, reply, caller) => {
        reply.header("cache-control", "no-store");
        return reports.mine(caller.id);
      },

      "GET /api/admin/moderation/queue": async (request, reply) => {
        reply.header("cache-control", "no-store");
        return queue.queue(request.query.tab, request.query.offset);
      },

      "GET /api/admin/moderation/counts": async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return queue.counts();
      },

      "GET /api/admin/moderation/log": async (request, reply) => {
        reply.header("cache-control", "no-store");
        return queue.log(request.query.before);
      },

      "POST /api/admin/moderation/actions": async (request, _reply, caller) => ({
        // The action's words are a message id (marked where act() says them), in the admin's language.
        message: requestTranslator(request)(await actions.act(caller, request.body)),
      }),
    };
  },
);

// What app.ts composes this plugin with (and other features are given).
export { createModerationActions } from "./actions";
