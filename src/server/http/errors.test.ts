import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { users } from "../db/schema";
import { createMailer } from "../mail/mailer";
import { createTestApp } from "../test/test-app";
import { loggableError } from "./errors";
import { testClient } from "../test/api-client";

const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe("loggableError", () => {
  it("keeps what failed and where, and none of the values a failed query carried", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: "23505",
      detail: "Key (email)=(someone@example.com) already exists.",
    });
    const failed = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: someone@example.com,scrypt$secret-hash',
      { cause },
    );
    failed.name = "DrizzleQueryError";
    const logged = loggableError(failed);
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: {
        type: "Error",
        code: "23505",
        message: 'duplicate key value violates unique constraint "users_email_unique"',
      },
    });
    expect(logged.stack).toMatch(/^\s+at /);
    const text = JSON.stringify(logged);
    expect(text).not.toContain("someone@example.com");
    expect(text).not.toContain("secret-hash");
  });

  it("takes the first line of anything thrown that is not an Error", () => {
    expect(loggableError("broken\nparams: secret")).toEqual({ type: "string", message: "broken", stack: "" });
  });
});

describe("loggableError on real failures", () => {
  it("keeps no address or token of a database's refusal", async () => {
    const t = await createTestApp();
    try {
      await t.database.db.insert(users).values({ email: "first.person@example.com" });
      const failure = await t.database.db
        .insert(users)
        .values({
          email: "FIRST.person@example.com",
          passwordHash: "scrypt$32768$8$3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA",
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      const text = JSON.stringify(loggableError(failure));
      expect(text).toContain("23505");
      expect(text.toLowerCase()).not.toContain("first.person@example.com");
      expect(text).not.toContain("aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA");
    } finally {
      await t.close();
    }
  });

  it("keeps no address of an SMTP server's refusal, in the app's own log too", async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(
          Object.assign(new Error(`<${address.address}>: Recipient address rejected: mailbox full`), {
            responseCode: 552,
          }),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const mailer = createMailer(
        loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: "/tmp/unused" }),
        silentLog,
      );
      const failure = await mailer
        .send({ to: "full.mailbox@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>" })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(String((failure as Error).message)).toContain("full.mailbox@example.com");
      const text = JSON.stringify(loggableError(failure));
      expect(text).toContain("Recipient address rejected");
      expect(text).not.toContain("full.mailbox@example.com");

      // A registration whose verification mail the server refuses: the failure is logged, the address is not.
      const lines: string[] = [];
      const t = await createTestApp(
        { LOG_LEVEL: "info", SMTP_URL: `smtp://127.0.0.1:${port}` },
        { logStream: { write: (line) => void lines.push(line) } },
      );
      try {
        const res = await testClient(t.app).call("POST /api/auth/register", {
          body: { email: "full.mailbox@example.com", password: "correct horse battery" },
        });
        expect(res.statusCode).toBe(201);
        await expect.poll(() => lines.join(""), { timeout: 10_000 }).toContain("verification mail failed");
        expect(lines.join("")).toContain("Recipient address rejected");
        expect(lines.join("")).not.toContain("full.mailbox@example.com");
        expect(lines.join("")).not.toContain("correct horse battery");
      } finally {
        await t.close();
      }
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
