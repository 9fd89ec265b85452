import type { FastifyBaseLogger } from "fastify";
import { FIRST_SWEEP_DELAY_MS, SWEEP_INTERVAL_MS } from "./sweeps";
import { repeatCountingJob, type RepeatPace, type SweepRunner } from "./repeat-job";

/**
 * The hourly notification digests, at the sweeps' pace: a digest goes out within one interval of
 * its hour being over. Every server process with background jobs runs it; that is safe, as each
 * digest is sent only by the process that claims its person's hour (features/notifications).
 * It runs apart from sweepOnce, which holds a transaction (and PGlite's one connection) throughout,
 * while a digest waits for the mail server.
 */
export function startNotificationDigests(
  deps: { notifier: { sendDueDigests(): Promise<number> }; log: FastifyBaseLogger },
  pace: RepeatPace = { firstDelayMs: FIRST_SWEEP_DELAY_MS, intervalMs: SWEEP_INTERVAL_MS },
): SweepRunner {
  return repeatCountingJob(
    () => deps.notifier.sendDueDigests(),
    deps.log,
    {
      field: "digests",
      done: "sent notification digests",
      failed: "notification digests failed; trying again at the next run",
    },
    pace,
  );
}
