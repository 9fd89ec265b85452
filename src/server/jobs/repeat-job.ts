import type { FastifyBaseLogger } from "fastify";

export interface SweepRunner {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** When a periodic job first runs after start, and how long it waits after each run. */
export interface RepeatPace {
  firstDelayMs: number;
  intervalMs: number;
}

/**
 * Runs `run` after the first delay, then again an interval after each run ends (never two at once
 * in this process). `run` handles its own errors. A pending run never keeps the process alive.
 */
export function repeatJob(run: () => Promise<void>, pace: RepeatPace): SweepRunner {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = run().then(() => {
        if (!stopped) schedule(pace.intervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(pace.firstDelayMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A periodic job that answers how many things it did (e-mails sent): logged when there were any; a
 * failure is logged and the job tries again at its next run.
 */
export function repeatCountingJob(
  run: () => Promise<number>,
  log: FastifyBaseLogger,
  report: { field: string; done: string; failed: string },
  pace: RepeatPace,
): SweepRunner {
  return repeatJob(async () => {
    try {
      const count = await run();
      if (count > 0) log.info({ [report.field]: count }, report.done);
    } catch (error) {
      log.warn({ err: error }, report.failed);
    }
  }, pace);
}
