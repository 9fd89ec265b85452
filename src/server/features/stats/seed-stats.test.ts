import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createTestDatabase } from "../../test/test-database";
import { createStatsRepository } from "./repository";
import { seedStatsData } from "./seed-stats";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("the statistics benchmark's data", () => {
  it("makes exactly the rows asked for, with users without posts and sign-ups over many months", async () => {
    await seedStatsData(handle.db, { users: 300, posts: 120, likes: 900, comments: 200, pageViews: 1_000, dragons: 3 });
    const repository = createStatsRepository(handle.db);
    const stats = await repository.getStats();
    expect(stats.overview).toMatchObject({
      totalUsers: 300,
      verifiedUsers: 200,
      totalPosts: 120,
      approvedPosts: 96,
      pendingPosts: 24,
      totalDragons: 3,
      totalLikes: 900,
      totalComments: 200,
    });
    expect(stats.activeUsers).toHaveLength(10);
    expect(stats.registrationTimeline.filter((month) => month.count > 0).length).toBeGreaterThanOrEqual(11);
    const analytics = await repository.getAnalytics(90, "localhost");
    expect(analytics.totals.views).toBe(1_000);
    expect(analytics.topReferrers.length).toBeGreaterThan(0);
  });
});
