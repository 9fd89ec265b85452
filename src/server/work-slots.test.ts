import { describe, expect, it } from "vitest";
import { createSlots } from "./work-slots";

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
    expect(results.map((r) => r.status)).toEqual([
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
  });
});

describe("decode slots with a capacity", () => {
  it("run together only what fits, a piece heavier than the capacity alone, in the order they came", async () => {
    const inSlot = createSlots(2, 40);
    const running = new Set<number>();
    const together: number[][] = [];
    const started: number[] = [];
    const work = (weight: number, id: number) =>
      inSlot(async () => {
        started.push(id);
        running.add(weight);
        together.push([...running]);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running.delete(weight);
      }, weight);
    // Two 12s fit; 40 runs alone; 100 (over the capacity) alone; 25 and 20 do not fit together.
    await Promise.all([work(12, 1), work(12.5, 2), work(40, 3), work(100, 4), work(25, 5), work(20, 6), work(15, 7)]);
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const weights of together) expect(weights.length === 1 || weights.reduce((a, b) => a + b, 0) <= 40).toBe(true);
    expect(together).toContainEqual([12, 12.5]);
    expect(together).toContainEqual([20, 15]);
    expect(
      together
        .filter((weights) => weights.includes(40) || weights.includes(100))
        .every((weights) => weights.length === 1),
    ).toBe(true);
  });
});
