import { describe, expect, it } from "vitest";
import { isUnauthorizedError } from "./unauthorized";

describe("isUnauthorizedError", () => {
  it("recognises the spec's '401: ...Unauthorized' errors only", () => {
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error("401: Session Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error("403: Admin access required"))).toBe(false);
    expect(isUnauthorizedError(new Error("401: Invalid email or password"))).toBe(false);
    expect(isUnauthorizedError(new Error("500: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
  });
});
