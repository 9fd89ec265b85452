import { describe, expect, it } from "vitest";
import { createSlots } from "./decode-slots";

describe("decode slots", () => {
  it("runs at most two at once, the rest in the order they came, and frees a slot when work fails", async () => {
    const inSlot = createSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number) =>
      inSlot(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        if (n === 1) throw new Error("a damaged photo");
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(work));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
  });
});
