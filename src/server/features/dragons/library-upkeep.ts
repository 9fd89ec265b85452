import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { Library } from "../../templates/library";
import type { SweepRunner } from "../../jobs/repeat-job";
import { seedSamples } from "./seed-samples";
import { imageWorkProcess } from "../../images/image-work-process";

/** Once the server answers: a new installation's library fills up in its first minute. */
const FIRST_RUN_DELAY_MS = 2_000;
/** Templates measured per call, so a stop never waits long for the run under way. */
const LEVELS_PER_RUN = 4;
const OUTLINES_PER_RUN = 4;

/**
 * The library's catching up, in the serving process's background, its image work in a child
 * process (decision 072): the bundled samples a first start leaves for later (it loads the first
 * batch only, to answer sooner) or that were added since this installation first started, and the
 * level of templates added before levels were measured and the outline of those added before
 * outlines were drawn (decision 073). Each is claimed or written in the database, so any number of
 * processes may run it. A failure is logged, and left for the next start.
 */
export function startLibraryUpkeep(options: {
  db: Database;
  library: Library;
  samplesDir: string | null;
  log: FastifyBaseLogger;
}): SweepRunner {
  const { db, library, samplesDir, log } = options;
  let stopping = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    // Its pictures are decoded in a child process, which ends with the run (decision 072).
    const work = imageWorkProcess();
    try {
      if (samplesDir)
        await seedSamples(db, library, samplesDir, log, {
          shouldStop: () => stopping,
          make: (file, options) => work.makeTemplate(file, options),
        });
      let measured = 0;
      while (!stopping) {
        const count = await library.measureMissingLevels(LEVELS_PER_RUN, (file) => work.measureLevel(file));
        if (count === 0) break;
        measured += count;
      }
      if (measured > 0) log.info({ templates: measured }, "Measured the level of older templates");
      let after = null;
      let outlined = 0;
      let failed = 0;
      while (!stopping) {
        const done = await library.makeMissingOutlines(OUTLINES_PER_RUN, after, (file) => work.renderOutline(file));
        if (done.rows === 0) break;
        outlined += done.rows - done.failed;
        failed += done.failed;
        after = done.last;
      }
      if (outlined > 0) log.info({ templates: outlined }, "Drew the outline of older templates");
      if (failed > 0)
        log.warn({ templates: failed }, "Could not draw the outline of some templates; tried again at the next start");
    } catch (error) {
      log.warn({ err: error }, "The library's upkeep failed; it runs again at the next start");
    } finally {
      await work.close();
    }
  };
  const timer = setTimeout(() => {
    running = run();
  }, FIRST_RUN_DELAY_MS);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
