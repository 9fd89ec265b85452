import { describe, expect, it, vi } from "vitest";
import { ConfigError, configuredRemoteSources, loadConfig } from "./config";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.ADMIN_EMAILS).toEqual([]);
    expect(config.SEED_SAMPLES).toBe(true);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it("reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 172.16.0.0/12,::1, fc00::/7" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "172.16.0.0/12",
      "::1",
      "fc00::/7",
    ]);
  });

  it("derives PUBLIC_URL from PORT and trims a trailing slash", () => {
    expect(loadConfig({ PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    expect(loadConfig({ PUBLIC_URL: "https://dragons.example/" }).publicUrl).toBe("https://dragons.example");
  });

  it("offers a remote source only with both its key and secret; the test-only loopback setting is off and refused in production", () => {
    expect(configuredRemoteSources(loadConfig({}))).toEqual([]);
    expect(
      configuredRemoteSources(
        loadConfig({
          COMPANION_BOX_KEY: "k",
          COMPANION_BOX_SECRET: "s",
          COMPANION_GOOGLE_KEY: "g",
          COMPANION_GOOGLE_SECRET: "t",
        }),
      ),
    ).toEqual(["drive", "box"]);
    expect(() => loadConfig({ COMPANION_DROPBOX_KEY: "k" })).toThrow(
      "Invalid COMPANION_DROPBOX_KEY/COMPANION_DROPBOX_SECRET: set both or neither",
    );
    expect(loadConfig({}).COMPANION_TEST_ONLY_ALLOW_LOOPBACK).toBe(false);
    expect(() => loadConfig({ COMPANION_TEST_ONLY_ALLOW_LOOPBACK: "true", NODE_ENV: "production" })).toThrow(
      ConfigError,
    );
  });

  it("takes the test-only loopback setting only in a process the test runner started (vitest sets VITEST), whatever NODE_ENV says", () => {
    expect(loadConfig({ COMPANION_TEST_ONLY_ALLOW_LOOPBACK: "true" }).COMPANION_TEST_ONLY_ALLOW_LOOPBACK).toBe(true);
    // `npm start` sets no NODE_ENV: outside the test runner the setting stops start-up all the same.
    vi.stubEnv("VITEST", undefined);
    try {
      expect(() => loadConfig({ COMPANION_TEST_ONLY_ALLOW_LOOPBACK: "true" })).toThrow(
        "Invalid COMPANION_TEST_ONLY_ALLOW_LOOPBACK: a test-only setting, refused outside the test runner",
      );
      expect(() => loadConfig({ COMPANION_TEST_ONLY_ALLOW_LOOPBACK: "true", NODE_ENV: "development" })).toThrow(
        ConfigError,
      );
      // A server started without it is untouched.
      expect(loadConfig({}).COMPANION_TEST_ONLY_ALLOW_LOOPBACK).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("needs one SECRET_KEY_BASE of 32 characters or more with DATABASE_URL, where several servers share one database", () => {
    const url = "postgres://app@db.internal/dragongrid";
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow("SECRET_KEY_BASE is required with DATABASE_URL");
    expect(() => loadConfig({ DATABASE_URL: url, SECRET_KEY_BASE: "short" })).toThrow(
      'Invalid SECRET_KEY_BASE="short": must be at least 32 characters',
    );
    expect(loadConfig({ DATABASE_URL: url, SECRET_KEY_BASE: "k".repeat(32) }).DATABASE_URL).toBe(url);
    expect(loadConfig({}).SECRET_KEY_BASE).toBeUndefined();
  });

  it("normalises ADMIN_EMAILS", () => {
    expect(loadConfig({ ADMIN_EMAILS: " A@X.io, b@y.io ,," }).ADMIN_EMAILS).toEqual(["a@x.io", "b@y.io"]);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT="abc"/],
    [{ PORT: "70000" }, /^Invalid PORT="70000"/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL="mysql:\/\/x": must be a URL starting with postgres:\/\//],
    [{ DATABASE_URL: "not a url" }, /^Invalid DATABASE_URL/],
    [{ PUBLIC_URL: "dragons.example" }, /^Invalid PUBLIC_URL/],
    [{ S3_FORCE_PATH_STYLE: "maybe" }, /^Invalid S3_FORCE_PATH_STYLE/],
    [{ GA_MEASUREMENT_ID: "UA-1" }, /^Invalid GA_MEASUREMENT_ID="UA-1": must look like G-XXXXXXX/],
    [{ TRUST_PROXY: "true" }, /^Invalid TRUST_PROXY="true": must be a hop count/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^Invalid TRUST_PROXY/],
    [{ TRUST_PROXY: "proxy.local" }, /^Invalid TRUST_PROXY/],
    [{ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" }, /S3_ACCESS_KEY_ID\/S3_SECRET_ACCESS_KEY: set both or neither/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("treats empty optional values as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", SMTP_URL: " ", GA_MEASUREMENT_ID: "" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });
});
