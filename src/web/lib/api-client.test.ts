import { describe, expect, it } from "vitest";
import { apiPath, apiQueryKey } from "./api-client";

describe("the API client's addresses", () => {
  it("fills path parameters, encoded, and adds only the query values given", () => {
    expect(apiPath("GET /api/auth/user")).toBe("/api/auth/user");
    expect(apiPath("GET /api/auth/verify-email", { query: { token: "a b/c?&" } })).toBe(
      "/api/auth/verify-email?token=a+b%2Fc%3F%26",
    );
    expect(apiPath("GET /api/auth/verify-email", { query: { token: undefined } })).toBe("/api/auth/verify-email");
    expect(apiPath("GET /api/auth/google", { query: { returnUrl: "/draw/1?x=2", confirm: "1" } })).toBe(
      "/api/auth/google?returnUrl=%2Fdraw%2F1%3Fx%3D2&confirm=1",
    );
  });

  it("names a read by its path up to the first parameter, then the parameters' values, then its query (the spec's default-read keys)", () => {
    expect(apiQueryKey("GET /api/auth/user")).toEqual(["/api/auth/user"]);
    expect(apiQueryKey("GET /api/auth/verify-email", { query: { token: "t" } })).toEqual([
      "/api/auth/verify-email",
      { token: "t" },
    ]);
  });
});
