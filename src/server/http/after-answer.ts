import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Work that runs after the answer has gone (mail, mostly), so an answer's time and status never
 * tell whether an address has an account (OWASP Forgot Password, decision 005). Failures are
 * logged; closing the app waits for what is still running.
 */
export function createAfterAnswer(app: FastifyInstance) {
  const inFlight = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...inFlight]);
  });
  return (request: FastifyRequest, what: string, work: () => Promise<void>): void => {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} failed`))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  };
}

export type AfterAnswer = ReturnType<typeof createAfterAnswer>;
