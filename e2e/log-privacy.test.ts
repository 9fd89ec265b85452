import { describe, expect, it } from "vitest";
import { verificationLink, waitForMail } from "../src/server/test/mail";
import { startServer } from "./support/server-process";

// Logs keep no passwords, tokens, e-mail addresses or full query strings: a server at the info
// level goes through registration, verification, sign-in, a password reset request and pages
// with tokens in their addresses, and nothing of them reaches its output.

const json = { "content-type": "application/json" };
const EMAIL = "private.person@example.com";
const PASSWORD = "very secret horse";

describe("the server's log", () => {
  it("holds no password, token, session, e-mail address or query string of what people send", async () => {
    const server = await startServer({ LOG_LEVEL: "info" }, { prepared: true });
    try {
      const base = server.url;
      expect(
        (
          await fetch(`${base}/api/auth/register`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
          })
        ).status,
      ).toBe(201);
      const link = new URL(verificationLink((await waitForMail(server.dataDir, EMAIL)).at(-1)!)!);
      const token = link.searchParams.get("token")!;
      expect((await fetch(`${base}/verify-email${link.search}`)).status).toBe(200);
      // Opened away from the registering browser: the page asks for the password.
      expect((await fetch(`${base}/api/auth/verify-email${link.search}`)).status).toBe(403);
      expect(
        (
          await fetch(`${base}/api/auth/verify-email`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ token, password: PASSWORD }),
          })
        ).status,
      ).toBe(200);
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const session = /dg_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")![1]!;
      expect(
        (
          await fetch(`${base}/api/auth/login`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ email: EMAIL, password: "wrong guess" }),
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await fetch(`${base}/api/auth/forgot-password`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ email: EMAIL }),
          })
        ).status,
      ).toBeLessThan(300);
      expect((await fetch(`${base}/reset-password?token=secret-reset-token`)).status).toBe(200);
      expect((await fetch(`${base}/api/auth/user`, { headers: { cookie: `dg_session=${session}` } })).status).toBe(200);
      // The reset e-mail goes out after the answer; its log line is the last these steps write.
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("Reset your Dragon Grid password");

      const output = server.output();
      expect(output).toContain("Mail written"); // The log is on: it says what happened...
      for (const secret of [EMAIL, PASSWORD, "wrong guess", token, session, "secret-reset-token"]) {
        expect(output, secret).not.toContain(secret); // ...and keeps nothing of what was sent.
      }
    } finally {
      await server.stop();
    }
  }, 180_000);
});
