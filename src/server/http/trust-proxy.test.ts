import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { testClient } from "../test/api-client";

// The waitlist allows 10 joins an hour per address; the 11th from one address is a 429.
async function joinTenTimesAndOnce(t: TestApp, forwardedFor: (i: number) => string, remoteAddress: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await testClient(t.app).call("POST /api/waitlist", {
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor(i) },
      body: { email: `join-${remoteAddress}-${i}@example.com` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("client addresses behind proxies", () => {
  describe("by default (TRUST_PROXY unset)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("ignores a forged X-Forwarded-For: the per-address limit still trips", async () => {
      const statuses = await joinTenTimesAndOnce(t, (i) => `203.0.113.${i + 1}`, "198.51.100.7");
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    });
  });

  describe("with TRUST_PROXY=1", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: "1" });
    });
    afterAll(() => t.close());

    it("uses the address the one proxy reports, so different clients behind it are counted apart", async () => {
      const statuses = await joinTenTimesAndOnce(t, (i) => `203.0.113.${i + 1}`, "10.0.0.2");
      expect(statuses).toEqual(Array(11).fill(200));
    });

    it("trusts only one hop: a client's own forged entry further left does not help it", async () => {
      const statuses = await joinTenTimesAndOnce(t, (i) => `192.0.2.${i + 1}, 203.0.113.99`, "10.0.0.2");
      expect(statuses[10]).toBe(429);
    });
  });

  describe("with TRUST_PROXY naming the proxy's address", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: "10.0.0.0/8" });
    });
    afterAll(() => t.close());

    it("believes the listed proxy and no one else", async () => {
      expect(await joinTenTimesAndOnce(t, (i) => `203.0.113.${i + 1}`, "10.1.2.3")).toEqual(Array(11).fill(200));
      const direct = await joinTenTimesAndOnce(t, (i) => `203.0.113.${i + 1}`, "198.51.100.8");
      expect(direct[10]).toBe(429);
    });
  });
});
