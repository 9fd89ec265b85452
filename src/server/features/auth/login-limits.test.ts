import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createRateCounters } from "../../http/rate-limiter";
import { createTestDatabase } from "../../test/test-database";
import { createLoginLimits } from "./login-limits";

type Limits = ReturnType<typeof createLoginLimits>;

const attempts = async (limits: Limits, email: string, address: string, count: number, now = 0) => {
  let refused = 0;
  for (let i = 0; i < count; i++) await limits.hit(email, address, now).catch(() => (refused += 1));
  return refused;
};

describe("sign-in limits", () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.close());

  it("stop one address after 10 attempts on an e-mail, and leave the owner's address alone", async () => {
    const limits = createLoginLimits(createRateCounters(database.db));
    expect(await attempts(limits, "owner@example.com", "203.0.113.9", 11)).toBe(1);
    expect(await attempts(limits, "owner@example.com", "198.51.100.7", 1)).toBe(0);
    expect(await attempts(limits, "other@example.com", "203.0.113.9", 1)).toBe(0);
    // The same e-mail in other letters is the same account.
    expect(await attempts(limits, "Owner@Example.com", "203.0.113.9", 1)).toBe(1);
    // The window ends after 15 minutes.
    expect(await attempts(limits, "owner@example.com", "203.0.113.9", 1, 15 * 60_000)).toBe(0);
  });

  it("count an IPv6 client per /64, whichever address of it the tries come from", async () => {
    const limits = createLoginLimits(createRateCounters(database.db));
    for (let i = 0; i < 10; i++)
      expect(await attempts(limits, "owner@example.com", `2001:db8:1:2::${(i + 1).toString(16)}`, 1)).toBe(0);
    expect(await attempts(limits, "owner@example.com", "2001:db8:1:2:ffff:ffff:ffff:ffff", 1)).toBe(1);
    expect(await attempts(limits, "owner@example.com", "2001:db8:1:3::1", 1)).toBe(0);
  });

  it("stop an e-mail after 100 attempts from many addresses together", async () => {
    const limits = createLoginLimits(createRateCounters(database.db));
    for (let i = 0; i < 100; i++) expect(await attempts(limits, "owner@example.com", `10.0.0.${i}`, 1)).toBe(0);
    expect(await attempts(limits, "owner@example.com", "198.51.100.7", 1)).toBe(1);
  });

  it("hold for every limiter on the same database: a second process's counters are the same rows", async () => {
    const one = createLoginLimits(createRateCounters(database.db));
    const other = createLoginLimits(createRateCounters(database.db));
    for (let i = 0; i < 5; i++) {
      expect(await attempts(one, "owner@example.com", "203.0.113.9", 1)).toBe(0);
      expect(await attempts(other, "owner@example.com", "203.0.113.9", 1)).toBe(0);
    }
    expect(await attempts(one, "owner@example.com", "203.0.113.9", 1)).toBe(1);
    expect(await attempts(other, "owner@example.com", "203.0.113.9", 1)).toBe(1);
  });
});
