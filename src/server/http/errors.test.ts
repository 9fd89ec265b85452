import { describe, expect, it } from "vitest";
import { loggableError } from "./errors";

describe("loggableError", () => {
  it("keeps what failed and where, and none of the values a failed query carried", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: "23505",
      detail: "Key (email)=(someone@example.com) already exists.",
    });
    const failed = new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: someone@example.com,scrypt$secret-hash', { cause });
    failed.name = "DrizzleQueryError";
    const logged = loggableError(failed);
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { type: "Error", code: "23505", message: 'duplicate key value violates unique constraint "users_email_unique"' },
    });
    expect(logged.stack).toMatch(/^\s+at /);
    const text = JSON.stringify(logged);
    expect(text).not.toContain("someone@example.com");
    expect(text).not.toContain("secret-hash");
  });

  it("takes the first line of anything thrown that is not an Error", () => {
    expect(loggableError("broken\nparams: secret")).toEqual({ message: "broken" });
  });
});
