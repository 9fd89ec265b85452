import { contractPlugin } from "../../http/contract-plugin";
import type { Database } from "../../db/client";
import { pageViews } from "../../db/schema";
import { isBotUserAgent } from "../../../shared/analytics";
import { analyticsEndpoints } from "../../../shared/analytics/endpoints";
import { createVisitorHasher } from "./visitor-hash";

/** Drop the query string and fragment: they can carry tokens (verify-email links) and search terms. */
const withoutQuery = (value: string) => value.split(/[?#]/, 1)[0]!;

/** The referrer worth keeping: another site's address without its query; null for our own pages. */
function externalReferrer(referrer: string | null | undefined, ownHostname: string): string | null {
  if (!referrer) return null;
  const kept = withoutQuery(referrer);
  try {
    // By host name: a browser leaves a default port out of one and perhaps not of the other.
    if (new URL(kept).hostname.toLowerCase() === ownHostname.toLowerCase()) return null;
  } catch {
    // Not a URL: kept as it is; the dashboard groups only what has a host.
  }
  return kept || null;
}

/**
 * POST /api/analytics/pageview: one row per page a person sees; robots are counted out, no cookie
 * is set, and nothing that says who the person is is stored (decision 012).
 */
export const analyticsPlugin = contractPlugin(analyticsEndpoints, (_app, { db }: { db: Database }) => {
  // Finished days' salts are deleted by the sweeps (jobs/sweeps.ts), once for all processes.
  const visitors = createVisitorHasher(db);
  return {
    "POST /api/analytics/pageview": {
      options: { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
      handler: async (request, reply) => {
        const userAgent = request.headers["user-agent"];
        if (!isBotUserAgent(userAgent)) {
          // The hash's day and the row's day are the same moment's.
          const now = new Date();
          await db.insert(pageViews).values({
            path: withoutQuery(request.body.path),
            referrer: externalReferrer(request.body.referrer, request.hostname),
            visitorHash: await visitors.hash(request.ip, userAgent!, now),
            createdAt: now,
          });
        }
        return reply.status(204).send();
      },
    },
  };
});
