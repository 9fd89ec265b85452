import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { repeatCountingJob } from "./repeat-job";

// The pace of the jobs built on it: the notification digests and the Pro waitlist news.
describe("a periodic counting job", () => {
  it("runs again after each run, goes on after a failure, and stops", async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
      if (runs === 2) throw new Error("mail server down");
      return 1;
    };
    const job = repeatCountingJob(
      run,
      Fastify().log,
      { field: "sent", done: "sent", failed: "failed" },
      { firstDelayMs: 1, intervalMs: 5 },
    );
    for (let waited = 0; runs < 4 && waited < 2_000; waited += 5)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await job.stop();
    expect(runs).toBeGreaterThanOrEqual(4);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(after);
  });
});
