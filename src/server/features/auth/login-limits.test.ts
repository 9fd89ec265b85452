import { describe, expect, it } from "vitest";
import { createLoginLimits } from "./login-limits";

const attempts = (limits: ReturnType<typeof createLoginLimits>, email: string, address: string, count: number, now = 0) => {
  let refused = 0;
  for (let i = 0; i < count; i++) {
    try {
      limits.hit(email, address, now);
    } catch {
      refused += 1;
    }
  }
  return refused;
};

describe("sign-in limits", () => {
  it("stop one address after 10 attempts on an e-mail, and leave the owner's address alone", () => {
    const limits = createLoginLimits();
    expect(attempts(limits, "owner@example.com", "203.0.113.9", 11)).toBe(1);
    expect(attempts(limits, "owner@example.com", "198.51.100.7", 1)).toBe(0);
    expect(attempts(limits, "other@example.com", "203.0.113.9", 1)).toBe(0);
    // The window ends after 15 minutes.
    expect(attempts(limits, "owner@example.com", "203.0.113.9", 1, 15 * 60_000)).toBe(0);
  });

  it("stop an e-mail after 100 attempts from many addresses together", () => {
    const limits = createLoginLimits();
    for (let i = 0; i < 100; i++) expect(attempts(limits, "owner@example.com", `10.0.0.${i}`, 1)).toBe(0);
    expect(attempts(limits, "owner@example.com", "198.51.100.7", 1)).toBe(1);
  });
});
