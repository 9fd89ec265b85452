import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { startProWaitlistNews } from "./pro-waitlist-news";

describe("the Pro waitlist news job", () => {
  it("runs again after each run, goes on after a failure, and stops", async () => {
    let runs = 0;
    const news = {
      async tellWaiting() {
        runs += 1;
        if (runs === 2) throw new Error("database gone for a moment");
        return runs === 1 ? 3 : 0;
      },
    };
    const job = startProWaitlistNews({ news, log: Fastify().log }, { firstDelayMs: 1, intervalMs: 5 });
    for (let waited = 0; runs < 4 && waited < 2_000; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await job.stop();
    expect(runs).toBeGreaterThanOrEqual(4);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(after);
  });
});
