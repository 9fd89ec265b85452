import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** Work still running after its answer, across every feature (installAfterResponse). */
    afterResponseJobs: Set<Promise<void>>;
  }
}

/**
 * Gives the app one set of work still running after its answers, shared by every feature's
 * encapsulated plugin (a decorator of the root is seen by them all); closing the app waits for it.
 */
export function installAfterResponse(app: FastifyInstance): void {
  const jobs = new Set<Promise<void>>();
  app.decorate("afterResponseJobs", jobs);
  app.addHook("onClose", async () => {
    await Promise.allSettled([...jobs]);
  });
}

/**
 * Work that runs after the answer has gone (mail, mostly), so an answer's time and status never
 * tell whether an address has an account (OWASP Forgot Password, decision 005). Failures are
 * logged; closing the app waits for what is still running.
 */
export function createAfterResponse(app: FastifyInstance) {
  const jobs = app.afterResponseJobs;
  return (request: FastifyRequest, what: string, work: () => Promise<void>): void => {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} failed`))
      .finally(() => jobs.delete(job));
    jobs.add(job);
  };
}

/** Resolves once the work that answers left behind has finished (tests count rows after it). */
export async function afterResponseSettled(app: FastifyInstance): Promise<void> {
  await Promise.allSettled([...app.afterResponseJobs]);
}

/**
 * Waits until the request has taken `ms` in all. An answer whose work before it differs by what it
 * must not tell (a registration writes an account for a new address, nothing for a verified one:
 * ~3 ms apart) then takes the same time whichever way it went, unless the server is slower than
 * `ms` anyway, when its own variation hides the difference.
 */
export async function responseNoSoonerThan(reply: FastifyReply, ms: number): Promise<void> {
  const wait = ms - reply.elapsedTime;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
