import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { securityHeaders } from "./security";

/** The header policy itself, per configuration (app.test.ts checks that every answer carries it). */
describe("securityHeaders", () => {
  const directives = (csp: string) =>
    Object.fromEntries(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it("allows no inline or evaluated script and no framing, over http and https, with analytics and S3 configured", () => {
    for (const env of [
      {},
      {
        PUBLIC_URL: "https://dragons.example",
        GA_MEASUREMENT_ID: "G-TEST123",
        S3_BUCKET: "b",
        S3_ENDPOINT: "https://s3.example",
      },
    ]) {
      const csp = directives(securityHeaders(loadConfig(env))["content-security-policy"]!);
      for (const name of ["script-src", "script-src-attr", "default-src"]) {
        expect(csp[name], name).toBeDefined();
        expect(csp[name], name).not.toContain("'unsafe-inline'");
        expect(csp[name], name).not.toContain("'unsafe-eval'");
      }
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
    }
  });

  it("sends HSTS only when PUBLIC_URL is https", () => {
    expect(securityHeaders(loadConfig({}))["strict-transport-security"]).toBeUndefined();
    expect(securityHeaders(loadConfig({ PUBLIC_URL: "https://dragons.example" }))["strict-transport-security"]).toMatch(
      /^max-age=\d{7,}/,
    );
  });

  it("sends nosniff, a Referrer-Policy and a camera for our own origin only", () => {
    const headers = securityHeaders(loadConfig({}));
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["permissions-policy"]).toContain("camera=(self)");
  });
});
