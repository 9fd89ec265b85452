import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { HttpError } from "../http/errors";
import { createTestDatabase } from "../test/test-database";
import { createTestApp, type TestApp } from "../test/test-app";
import { createSignedInUser, storedUpload } from "../test/users";
import { illustrationPng } from "../test/images";
import { createImageJobs, type ImageJobSettings } from "./image-jobs";
import { IMAGE_JOB_INTERRUPTED, TOO_MANY_IMAGE_JOBS } from "../../shared/image-jobs";
import { testClient } from "../test/api-client";

// The image job queue (decision 034), on the run's database (PGlite, or PostgreSQL with DATABASE_URL).

const quiet = { error: () => {} } as unknown as FastifyBaseLogger;
const MEMBER_A = "a0000000-0000-4000-8000-000000000001";
const MEMBER_B = "b0000000-0000-4000-8000-000000000002";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `check` holds, asking every 100 ms for up to `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(100);
  }
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("the image job queue", () => {
  let database: DatabaseHandle;
  const queues: { stop(): Promise<void> }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });
  afterAll(() => database.close());

  const queue = (settings: Partial<ImageJobSettings> = {}) => {
    const jobs = createImageJobs(database, { perProcess: 1, perMember: 10, retryDelaySeconds: 1, ...settings }, quiet);
    queues.push(jobs);
    return jobs;
  };

  it("runs at most IMAGE_JOBS_PER_PROCESS jobs at once in a process, and every job finishes", async () => {
    const jobs = queue({ perProcess: 2 });
    let running = 0;
    let most = 0;
    const work = jobs.define("concurrency", async (input: { n: number }) => {
      running++;
      most = Math.max(most, running);
      await sleep(150);
      running--;
      return input.n * 2;
    });
    await jobs.start();
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => work(MEMBER_A, { n })));
    expect(results).toEqual([2, 4, 6, 8, 10, 12]);
    expect(most).toBe(2);
  });

  it("gives each member a fair share: another member's first job goes before a member's second", async () => {
    const jobs = queue();
    const order: string[] = [];
    const first = gate();
    const started = gate();
    const work = jobs.define("fairness", async (input: { name: string }) => {
      order.push(input.name);
      if (input.name === "A1") {
        started.open();
        await first.opened;
      }
      return input.name;
    });
    await jobs.start();
    const a1 = work(MEMBER_A, { name: "A1" });
    await started.opened;
    // A1 runs (the only slot); A asks for three more, then B for one.
    const rest = [];
    for (const name of ["A2", "A3", "A4"]) {
      rest.push(work(MEMBER_A, { name }));
      await until(async () => (await jobs.stateOf(MEMBER_A)).length === Number(name[1]));
    }
    rest.push(work(MEMBER_B, { name: "B1" }));
    await until(async () => (await jobs.stateOf(MEMBER_B)).length === 1);
    expect((await jobs.stateOf(MEMBER_B))[0]).toMatchObject({ state: "waiting", ahead: 0 });
    expect((await jobs.stateOf(MEMBER_A)).map((job) => [job.state, job.ahead])).toEqual([
      ["running", 0],
      ["waiting", 1],
      ["waiting", 2],
      ["waiting", 3],
    ]);
    first.open();
    await Promise.all([a1, ...rest]);
    expect(order).toEqual(["A1", "B1", "A2", "A3", "A4"]);
  });

  it("tries a job that failed unexpectedly again, waiting longer each time; a refusal for the person is final", async () => {
    const jobs = queue({ retryLimit: 2, retryDelaySeconds: 1 });
    const tries: number[] = [];
    const flaky = jobs.define("flaky", async () => {
      tries.push(Date.now());
      if (tries.length < 3) throw new Error("storage hiccup");
      return "made";
    });
    let refusals = 0;
    const refused = jobs.define("refused", async () => {
      refusals++;
      throw new HttpError(400, "The image file is damaged or incomplete. Please try another file.");
    });
    await jobs.start();
    expect(await flaky(MEMBER_A, {})).toBe("made");
    expect(tries).toHaveLength(3);
    const [first, second, third] = tries as [number, number, number];
    // Back-off: the pause doubles (1 s, then 2 s, as pg-boss sets start_after), polling adds up to 2 s.
    expect(second - first).toBeGreaterThanOrEqual(1_000);
    expect(third - second).toBeGreaterThanOrEqual(2_000);
    await expect(refused(MEMBER_A, {})).rejects.toMatchObject({
      statusCode: 400,
      message: "The image file is damaged or incomplete. Please try another file.",
    });
    expect(refusals).toBe(1);
  }, 30_000);

  it("refuses a member's job past IMAGE_JOBS_PER_MEMBER with 429 and Retry-After, others' still queue", async () => {
    const jobs = queue({ perProcess: 0, perMember: 2 });
    const idle = jobs.define("idle", async () => "done");
    await jobs.start();
    const waiting = [idle(MEMBER_A, {}), idle(MEMBER_A, {})];
    waiting.forEach((job) => job.catch(() => {}));
    await until(async () => (await jobs.stateOf(MEMBER_A)).length === 2);
    const refusal = await idle(MEMBER_A, {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 429, message: TOO_MANY_IMAGE_JOBS, headers: { "retry-after": "10" } });
    const other = idle(MEMBER_B, {});
    other.catch(() => {});
    await until(async () => (await jobs.stateOf(MEMBER_B)).length === 1);
    // Stopping a process with requests waiting answers them 503; the jobs stay queued for another.
    await jobs.stop();
    await expect(waiting[0]).rejects.toMatchObject({ statusCode: 503, message: IMAGE_JOB_INTERRUPTED });
    const after = queue();
    after.define("idle", async () => "done");
    await after.start();
    await until(
      async () => (await after.stateOf(MEMBER_A)).length === 0 && (await after.stateOf(MEMBER_B)).length === 0,
    );
  });

  it("holds IMAGE_JOBS_PER_MEMBER against many requests at the same instant", async () => {
    const jobs = queue({ perProcess: 0, perMember: 2 });
    const idle = jobs.define("burst", async () => "done");
    await jobs.start();
    const burst = Array.from({ length: 8 }, () => idle(MEMBER_A, {}));
    burst.forEach((job) => job.catch(() => {}));
    const refusals = (
      await Promise.all(
        burst.map((job) =>
          Promise.race([
            job.then(
              () => null,
              (error: unknown) => error,
            ),
            sleep(3_000).then(() => null),
          ]),
        ),
      )
    ).filter((error) => error instanceof HttpError && error.statusCode === 429);
    expect(refusals).toHaveLength(6);
    expect(await jobs.stateOf(MEMBER_A)).toHaveLength(2);
  });
});

describe("image jobs through the app", () => {
  let database: DatabaseHandle;
  let first: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("templates asked of one server, which stops, are made by a second server on the same database", async () => {
    // The first server takes requests but runs no image jobs, so the jobs are still waiting when it stops.
    const files = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-jobs-")) };
    first = await createTestApp({ ...files, IMAGE_JOBS_PER_PROCESS: "0", IMAGE_JOBS_PER_MEMBER: "2" }, { database });
    const admin = await createSignedInUser(first, { isAdmin: true });
    const imageUrl = await storedUpload(first, admin.id, await illustrationPng());
    const created = testClient(first.app).call("POST /api/dragons", {
      cookies: admin.cookies,
      body: { name: "Ember", imageUrl },
    });
    const states = async () =>
      (await testClient(first.app).call("GET /api/image-jobs", { cookies: admin.cookies })).json();
    await until(async () => (await states()).length === 1);
    expect(await states()).toMatchObject([{ kind: "library-template", state: "waiting", ahead: 0 }]);
    // Two waiting is this member's most here: the next one is refused, with when to try again.
    const second = testClient(first.app).call("POST /api/dragons", {
      cookies: admin.cookies,
      body: { name: "Ember 2", imageUrl: await storedUpload(first, admin.id, await illustrationPng()) },
    });
    await until(async () => (await states()).length === 2);
    const refused = await testClient(first.app).call("POST /api/dragons", {
      cookies: admin.cookies,
      body: { name: "Ember 3", imageUrl: await storedUpload(first, admin.id, await illustrationPng()) },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("10");
    expect(refused.body).toBe(TOO_MANY_IMAGE_JOBS);

    // The first server stops: its waiting requests are told to look again later.
    const closing = first.close();
    expect((await created).statusCode).toBe(503);
    expect((await second).body).toBe(IMAGE_JOB_INTERRUPTED);
    await closing;

    // A second server (the same files, the same database) takes both jobs and makes the templates.
    const next = await createTestApp(files, { database });
    try {
      const listed = async () => (await testClient(next.app).call("GET /api/dragons")).json();
      await until(async () => (await listed()).length === 2);
      expect((await listed()).map((dragon) => dragon.name).sort()).toEqual(["Ember", "Ember 2"]);
      const [dragon] = await listed();
      expect((await next.app.inject({ method: "GET", url: dragon!.previewUrl })).statusCode).toBe(200);
    } finally {
      await next.close();
      fs.rmSync(files.DATA_DIR, { recursive: true, force: true });
    }
  }, 60_000);
});
