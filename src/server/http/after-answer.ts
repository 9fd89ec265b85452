import type { FastifyInstance, FastifyRequest } from "fastify";

// Each app's work still running after its answers, across the features that started it.
const running = new WeakMap<FastifyInstance, Set<Promise<void>>>();

/**
 * Work that runs after the answer has gone (mail, mostly), so an answer's time and status never
 * tell whether an address has an account (OWASP Forgot Password, decision 005). Failures are
 * logged; closing the app waits for what is still running.
 */
export function createAfterAnswer(app: FastifyInstance) {
  let inFlight = running.get(app);
  if (!inFlight) {
    const jobs = new Set<Promise<void>>();
    running.set(app, jobs);
    app.addHook("onClose", async () => {
      await Promise.allSettled([...jobs]);
    });
    inFlight = jobs;
  }
  const jobs = inFlight;
  return (request: FastifyRequest, what: string, work: () => Promise<void>): void => {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} failed`))
      .finally(() => jobs.delete(job));
    jobs.add(job);
  };
}

/** Resolves once the work that answers left behind has finished (tests count rows after it). */
export async function afterAnswerSettled(app: FastifyInstance): Promise<void> {
  await Promise.allSettled([...(running.get(app) ?? [])]);
}

