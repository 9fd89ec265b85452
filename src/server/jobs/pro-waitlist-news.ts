import type { FastifyBaseLogger } from "fastify";
import { FIRST_SWEEP_DELAY_MS, SWEEP_INTERVAL_MS } from "./sweeps";
import { repeatCountingJob, type RepeatPace, type SweepRunner } from "./repeat-job";

/**
 * Tells the Pro waitlist that Pro is theirs (decision 031), at the sweeps' pace: shortly after
 * start, then every interval, so an address that joins while PRO=everyone hears within one
 * interval, and a send that failed is tried again. Every server process with background jobs runs
 * it; that is safe, as each address is claimed by one statement before its e-mail goes
 * (features/waitlist/pro-news.ts), so exactly one process sends it. Not started with PRO=off.
 */
export function startProWaitlistNews(
  deps: { news: { tellWaiting(): Promise<number> }; log: FastifyBaseLogger },
  pace: RepeatPace = { firstDelayMs: FIRST_SWEEP_DELAY_MS, intervalMs: SWEEP_INTERVAL_MS },
): SweepRunner {
  return repeatCountingJob(
    () => deps.news.tellWaiting(),
    deps.log,
    {
      field: "told",
      done: "told the Pro waitlist that Pro is ready",
      failed: "telling the Pro waitlist failed; trying again at the next run",
    },
    pace,
  );
}
