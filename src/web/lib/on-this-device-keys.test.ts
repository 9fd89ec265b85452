import { describe, expect, it } from "vitest";
import { ACCOUNT_KEY, isPersonKey } from "./on-this-device-keys";
import { isCoveredBy, outboxKey, outboxesOf, progressKey } from "./progress-keys";
import { CANVAS_DEFAULTS } from "../features/canvas/canvas-state";

const ana = "8d1c1f7e-0000-4000-8000-000000000001";
const ben = "8d1c1f7e-0000-4000-8000-000000000002";
const dragon = "5b2e0c9a-0000-4000-8000-00000000000a";
const other = "5b2e0c9a-0000-4000-8000-00000000000b";

describe("what this browser keeps of a signed-in person", () => {
  it("keeps the account, progress and outbox under one prefix, and a visitor's canvas outside it", () => {
    for (const key of [ACCOUNT_KEY, progressKey(ana, dragon), outboxKey(ana, dragon)])
      expect(isPersonKey(key)).toBe(true);
    expect(isPersonKey(`dragon-grid:wip:${dragon}`)).toBe(false);
    expect(
      new Set([progressKey(ana, dragon), outboxKey(ana, dragon), outboxKey(ben, dragon), outboxKey(ana, other)]).size,
    ).toBe(4);
  });

  it("finds a person's own outbox entries only, with the dragon each is for", () => {
    const keys = [
      ACCOUNT_KEY,
      outboxKey(ana, dragon),
      progressKey(ana, other),
      outboxKey(ben, other),
      outboxKey(ana, other),
      `dragon-grid:wip:${dragon}`,
    ];
    expect(outboxesOf(keys, ana)).toEqual([
      { key: outboxKey(ana, dragon), dragonId: dragon },
      { key: outboxKey(ana, other), dragonId: other },
    ]);
    expect(outboxesOf(keys, ben)).toEqual([{ key: outboxKey(ben, other), dragonId: other }]);
  });

  it("empties an outbox entry only when the save that succeeded was sent after it was written", () => {
    const entry = { at: 1_000, settings: CANVAS_DEFAULTS };
    expect(isCoveredBy(entry, 1_000)).toBe(true);
    expect(isCoveredBy(entry, 1_500)).toBe(true);
    expect(isCoveredBy(entry, 999)).toBe(false);
  });
});
