import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** Work still running after its answer, across every feature (installAfterAnswer). */
    afterAnswerJobs: Set<Promise<void>>;
  }
}

/**
 * Gives the app one set of work still running after its answers, shared by every feature's
 * encapsulated plugin (a decorator of the root is seen by them all); closing the app waits for it.
 */
export function installAfterAnswer(app: FastifyInstance): void {
  const jobs = new Set<Promise<void>>();
  app.decorate("afterAnswerJobs", jobs);
  app.addHook("onClose", async () => {
    await Promise.allSettled([...jobs]);
  });
}

/**
 * Work that runs after the answer has gone (mail, mostly), so an answer's time and status never
 * tell whether an address has an account (OWASP Forgot Password, decision 005). Failures are
 * logged; closing the app waits for what is still running.
 */
export function createAfterAnswer(app: FastifyInstance) {
  const jobs = app.afterAnswerJobs;
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
  await Promise.allSettled([...app.afterAnswerJobs]);
}
