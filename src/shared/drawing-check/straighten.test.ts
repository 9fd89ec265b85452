import { describe, expect, it } from "vitest";
import { isPlausibleQuad, type Corners } from "./straighten";

const quad = (...points: [number, number][]) => points.map(([x, y]) => ({ x, y })) as Corners;

describe("corners placed by hand", () => {
  it("take a sheet however the photo is turned, but not handles swapped, crossed or on top of each other", () => {
    expect(isPlausibleQuad(quad([100, 100], [900, 120], [880, 700], [120, 680]))).toBe(true);
    // The same paper photographed upside down: A1's corner is now at the bottom right of the photo.
    expect(isPlausibleQuad(quad([880, 700], [120, 680], [100, 100], [900, 120]))).toBe(true);
    expect(isPlausibleQuad(quad([900, 120], [100, 100], [120, 680], [880, 700]))).toBe(false); // mirrored
    expect(isPlausibleQuad(quad([100, 100], [880, 700], [900, 120], [120, 680]))).toBe(false); // crossed
    expect(isPlausibleQuad(quad([100, 100], [101, 100], [101, 101], [100, 101]))).toBe(false); // a sliver
  });
});
