import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../test/test-database";
import { clientKey, createRateCounters } from "./rate-limiter";

describe("client keys", () => {
  it("name an IPv4 client by its address and an IPv6 client by its /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});

describe("shared rate counters", () => {
  it("count in one window, start a new one after it ends, and store no key in the clear", async () => {
    const database = await createTestDatabase();
    try {
      const counters = createRateCounters(database.db);
      expect(await counters.hit("someone@example.com", 60_000, 1_000)).toEqual({ count: 1, resetAt: 61_000 });
      expect(await counters.hit("someone@example.com", 60_000, 30_000)).toEqual({ count: 2, resetAt: 61_000 });
      expect(await counters.hit("someone@example.com", 60_000, 61_000)).toEqual({ count: 1, resetAt: 121_000 });
      const rows = (await database.db.execute(sql`select key from rate_limit_counters`)) as unknown as {
        rows: { key: string }[];
      };
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]!.key).not.toContain("someone");
    } finally {
      await database.close();
    }
  });

  it("count every concurrent hit once", async () => {
    const database = await createTestDatabase();
    try {
      const counters = createRateCounters(database.db);
      const counts = await Promise.all(Array.from({ length: 20 }, () => counters.hit("busy", 60_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await database.close();
    }
  });
});
