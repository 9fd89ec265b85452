import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import { pgliteOf, type DatabaseHandle } from "../db/client";
import { HttpError } from "../http/errors";
import { IMAGE_JOB_INTERRUPTED, TOO_MANY_IMAGE_JOBS } from "../../shared/image-jobs";
import type { ImageJobState } from "../../shared/image-jobs/responses";
import type { Said } from "../i18n/said";

// Every piece of image work (a template's previews and hi-res, a pencil version, an AI picture and
// its 4× enlargement, a post photo) is a job in one pg-boss queue in the database (decision 034):
// any server process takes the next one when it has a free slot, a job outlives the process that
// was asked for it, and the request that asked waits for its outcome.
const QUEUE = "images";
const SCHEMA = "image_jobs";
// How often an idle worker looks for work made by another process (this process's own wake it at once).
const POLL_SECONDS = 2;
// How often a waiting request reads the state of a job another process is running.
const WAIT_POLL_MS = 1000;

export interface ImageJobSettings {
  /** Jobs this process runs at once (0: it only asks, other processes do the work). */
  perProcess: number;
  /** A member's jobs waiting or running, across all processes, before the next is refused with 429. */
  perMember: number;
  /** Tries after the first for a job that failed unexpectedly, and the first pause (doubled each time). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job running longer is taken as lost with its process, and tried again. */
  expireSeconds?: number;
}

/** What a job's handler answers: a result, or a refusal for the person (an HttpError), both final. */
// A refusal keeps its message untranslated (id and values): the person may read it in another language.
type Outcome<O> = { ok: O } | { refused: { status: number; said: Said } };
interface JobData {
  kind: string;
  memberId: string;
  input: unknown;
}
type Handler = (input: never, memberId: string) => Promise<unknown>;

/** The SQL connection pg-boss uses: PostgreSQL's own pool, or the app's PGlite (one statement list at a time). */
function bossDatabase(database: DatabaseHandle): { connectionString: string; max: number } | { db: PgBoss.Db } {
  const pglite = pgliteOf(database);
  if (!pglite) return { connectionString: database.url!, max: 3 };
  // pg-boss sends its schema and maintenance as several statements without parameters: PGlite's
  // exec runs those, query one statement with parameters.
  return {
    db: {
      executeSql: async (text, values) =>
        values?.length ? pglite.query(text, values) : (await pglite.exec(text)).at(-1)!,
    },
  };
}

/**
 * The image job queue of one server process. `define` a kind of job in every process (each can run
 * any job); calling what it returns queues a job for a member and answers its outcome. `start`
 * once every kind is defined.
 */
export function createImageJobs(database: DatabaseHandle, settings: ImageJobSettings, log: FastifyBaseLogger) {
  const boss = new PgBoss({
    ...bossDatabase(database),
    schema: SCHEMA,
    schedule: false,
    // Finished jobs (their prompt and their member) are kept an hour, then gone within a day.
    archiveCompletedAfterSeconds: 3600,
    archiveFailedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  boss.on("error", (error) => log.error({ err: error }, "image job queue"));
  const handlers = new Map<string, Handler>();
  const workers: string[] = [];
  // Requests of this process waiting for a job, by job id; told at once when this process ran it.
  const waiting = new Map<
    string,
    { settle: (outcome: Outcome<unknown> | null) => void; fail: (error: Error) => void }
  >();
  let started = false;
  let stopping = false;

  const sql = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    (await boss.getDb().executeSql(text, values)).rows as T[];
  const unfinished = (job: string) =>
    `${job}.name = '${QUEUE}' AND ${job}.state < 'completed' AND ${job}.data->>'memberId' = $1`;

  async function run(data: JobData): Promise<Outcome<unknown>> {
    const handler = handlers.get(data.kind);
    if (!handler) throw new Error(`No handler for image job ${data.kind}`);
    try {
      return { ok: await handler(data.input as never, data.memberId) };
    } catch (error) {
      if (error instanceof HttpError) {
        // Only the status and message travel to the request: what it says of the server's side (a
        // provider's words as its cause, decision 035) is logged here, where the error still has it.
        if (error.statusCode >= 500) log.error({ err: error, kind: data.kind }, "image job answered a server error");
        return { refused: { status: error.statusCode, said: error.said } };
      }
      // Unexpected: logged, and pg-boss tries again after a pause.
      log.error({ err: error, kind: data.kind }, "image job failed");
      throw error;
    }
  }

  // pg-boss's workers sleep out their polling interval after a short job; with work waiting, they need not.
  const wakeWorkers = () => {
    for (const worker of workers) boss.notifyWorker(worker);
  };

  async function work([job]: PgBoss.Job<JobData>[]): Promise<Outcome<unknown>> {
    try {
      const outcome = await run(job!.data);
      waiting.get(job!.id)?.settle(outcome);
      return outcome;
    } finally {
      wakeWorkers();
    }
  }

  /** The job's outcome, once it has one; null when it failed for good. */
  async function outcomeOf(id: string): Promise<Outcome<unknown> | null> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (outcome: Outcome<unknown> | null) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(outcome);
      };
      waiting.set(id, {
        settle,
        fail: (error) => {
          clearTimeout(timer);
          waiting.delete(id);
          reject(error);
        },
      });
      // A job another process runs is read from the database until it has finished.
      const poll = async () => {
        if (!waiting.has(id) || stopping) return;
        try {
          const job = await boss.getJobById<JobData>(QUEUE, id, { includeArchive: true });
          if (job?.state === "completed") return settle(job.output as Outcome<unknown>);
          if (!job || job.state === "failed" || job.state === "cancelled") return settle(null);
        } catch (error) {
          log.error({ err: error }, "image job state");
        }
        if (waiting.has(id)) timer = setTimeout(poll, WAIT_POLL_MS);
      };
      timer = setTimeout(poll, WAIT_POLL_MS);
    });
  }

  /** Queue a job for `memberId` and answer its result (or its refusal, thrown); 429 when they have too many waiting. */
  async function submit(kind: string, memberId: string, input: unknown): Promise<unknown> {
    const [mine] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${SCHEMA}.job j WHERE ${unfinished("j")}`,
      [memberId],
    );
    const count = mine?.count ?? 0;
    if (count >= settings.perMember)
      throw new HttpError(429, TOO_MANY_IMAGE_JOBS, { headers: { "retry-after": "10" } });
    // A fair share: a member's k-th unfinished job goes after everyone's (k-1)-th, whoever asked first.
    const id = await boss.send(QUEUE, { kind, memberId, input } satisfies JobData, { priority: -count });
    if (!id) throw new Error("The image job was not queued");
    // Requests at the same instant all counted before any of them queued: the job's place among the
    // member's unfinished ones, read once it is in the table, is what decides (first come, first kept).
    const [place] = await sql<{ rank: number }>(
      `SELECT count(*)::int AS rank FROM ${SCHEMA}.job j, ${SCHEMA}.job mine
       WHERE mine.name = '${QUEUE}' AND mine.id = $2 AND ${unfinished("j")} AND (j.created_on, j.id) <= (mine.created_on, mine.id)`,
      [memberId, id],
    );
    const rank = place?.rank ?? 1;
    if (rank > settings.perMember) {
      await boss.cancel(QUEUE, id);
      throw new HttpError(429, TOO_MANY_IMAGE_JOBS, { headers: { "retry-after": "10" } });
    }
    if (rank - 1 !== count)
      await sql(`UPDATE ${SCHEMA}.job SET priority = $2 WHERE name = '${QUEUE}' AND id = $1 AND state = 'created'`, [
        id,
        1 - rank,
      ]);
    wakeWorkers();
    const outcome = await outcomeOf(id);
    if (!outcome) throw new Error(`Image job ${kind} failed after its retries`);
    if ("refused" in outcome) {
      const { id, values } = outcome.refused.said;
      throw new HttpError(outcome.refused.status, id, values ? { values } : {});
    }
    return outcome.ok;
  }

  return {
    /**
     * A kind of job, run by `handler` (with the member it is for) wherever a slot is free; an
     * HttpError it throws is the person's answer, anything else is tried again. Input and result
     * are kept in the database as JSON.
     */
    define<I, O>(
      kind: string,
      handler: (input: I, memberId: string) => Promise<O>,
    ): (memberId: string, input: I) => Promise<O> {
      handlers.set(kind, handler as Handler);
      return (memberId, input) => submit(kind, memberId, input) as Promise<O>;
    },

    /** The member's unfinished jobs, each with how many will run before it (for the processing overlay). */
    async stateOf(memberId: string): Promise<ImageJobState[]> {
      const rows = await sql<{ id: string; kind: string; state: string; retry_count: number; ahead: number }>(
        `SELECT j.id, j.data->>'kind' AS kind, j.state, j.retry_count,
           (SELECT count(*)::int FROM ${SCHEMA}.job o WHERE o.name = j.name AND o.state IN ('created', 'retry')
              AND (o.priority > j.priority OR (o.priority = j.priority AND o.created_on < j.created_on))) AS ahead
         FROM ${SCHEMA}.job j WHERE ${unfinished("j")}
         ORDER BY j.created_on`,
        [memberId],
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        state: row.state === "active" ? "running" : row.retry_count > 0 ? "retrying" : "waiting",
        ahead: row.state === "active" ? 0 : row.ahead,
      }));
    },

    async start(): Promise<void> {
      await boss.start();
      const options = {
        name: QUEUE,
        retryLimit: settings.retryLimit ?? 2,
        retryDelay: settings.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: settings.expireSeconds ?? 300,
      };
      await boss.createQueue(QUEUE, options);
      await boss.updateQueue(QUEUE, options);
      for (let i = 0; i < settings.perProcess; i++)
        workers.push(await boss.work<JobData>(QUEUE, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, work));
      started = true;
    },

    /** Finish the jobs running here (or hand them back to be tried elsewhere), then stop; waiting requests answer 503. */
    async stop(): Promise<void> {
      stopping = true;
      if (started) await boss.stop({ graceful: true, timeout: 20_000 });
      // The job goes on (here until the stop, or in another process): the person looks again later.
      const restarting = new HttpError(503, IMAGE_JOB_INTERRUPTED);
      for (const waiter of [...waiting.values()]) waiter.fail(restarting);
    },
  };
}

export type ImageJobs = ReturnType<typeof createImageJobs>;
