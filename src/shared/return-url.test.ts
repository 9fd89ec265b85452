import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "./return-url";

const ORIGIN = "https://dragongrid.example";

describe("safeReturnUrl", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnUrl("/draw/abc?version=pencil")).toBe("/draw/abc?version=pencil");
    expect(safeReturnUrl("/")).toBe("/");
  });

  it.each([
    null,
    undefined,
    "",
    "home",
    "//evil.com",
    "https://evil.com",
    "/\\evil.com",
    "/\t/evil.com",
    "\\\\evil.com",
    " /home",
    "javascript:alert(1)",
  ])("sends %j to /home", (value) => {
    expect(safeReturnUrl(value)).toBe("/home");
  });

  it("never yields a URL that leaves the site, whatever the input", () => {
    const tricky = fc.oneof(
      fc.string(),
      fc.string({
        unit: fc.constantFrom("/", "\\", ".", ":", "@", "\t", "\n", " ", "e", "v", "%", "2", "F", "h", "t", "p", "s"),
      }),
      fc.webUrl(),
      fc.string().map((s) => `/${s}`),
    );
    fc.assert(
      fc.property(tricky, (value) => {
        const result = safeReturnUrl(value);
        const resolved = new URL(result, ORIGIN);
        return resolved.origin === ORIGIN && (result === "/home" || result === value);
      }),
      { numRuns: 5000 },
    );
  });
});
