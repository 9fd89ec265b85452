import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "../test/test-database";
import { createTestApp } from "../test/test-app";
import { illustrationPng } from "../test/images";
import { createImageJobs } from "../jobs/image-jobs";
import type { ObjectStorage } from "../storage/object-storage";
import { aiPictureJob } from "./generated-picture";

const logged: unknown[] = [];
const log = { error: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
const MEMBER = "a0000000-0000-4000-8000-000000000001";

// An AI picture is paid for when the service answers: a failure after that must not ask it again.
describe("an AI picture as an image job", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("asks the images service once when storing the picture fails, and answers a plain 500", async () => {
    const jobs = createImageJobs(database, { perProcess: 1, perMember: 10, retryLimit: 2, retryDelaySeconds: 1 }, log);
    let asked = 0;
    const picture = await illustrationPng(64, 64);
    const generator = { generate: async () => (asked++, picture) };
    const storage = {
      put: async () => Promise.reject(new Error("disk full at /var/lib/dragon-grid")),
    } as unknown as ObjectStorage;
    const aiPicture = aiPictureJob(jobs, generator, storage)!;
    await jobs.start();
    try {
      await expect(aiPicture(MEMBER, { prompt: "a red dragon" })).rejects.toMatchObject({
        statusCode: 500,
        message: "Internal Server Error",
      });
      expect(asked).toBe(1);
      // What failed reaches the log, not the person.
      expect(logged).toContainEqual(
        expect.objectContaining({
          err: expect.objectContaining({
            cause: expect.objectContaining({ message: "disk full at /var/lib/dragon-grid" }),
          }),
        }),
      );
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it("lets a job run longer than IMAGE_TIMEOUT_MS before it is taken as lost and tried again (asking the service again)", async () => {
    const t = await createTestApp({ IMAGE_TIMEOUT_MS: "400000" }, { database });
    try {
      const { rows } = (await database.db.execute(
        sql`SELECT expire_seconds FROM image_jobs.queue WHERE name = 'images'`,
      )) as unknown as { rows: { expire_seconds: number }[] };
      expect(rows[0]!.expire_seconds).toBeGreaterThan(400);
    } finally {
      await t.close();
    }
  }, 30_000);
});
