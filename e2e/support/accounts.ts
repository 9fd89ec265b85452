import type { BrowserContext } from "playwright-core";
import { expect, inject } from "vitest";
import { outboxFor, verificationLink } from "../../src/server/test/mail";

/** Listed in the shared e2e server's ADMIN_EMAILS. */
export const ADMIN_EMAIL = "admin@dragongrid.test";

/**
 * Sign a browser context in on the shared server: log in if the account exists; otherwise register
 * through the API, follow the link from the server's outbox and log in (the cookie lands in the context).
 */
export async function signIn(context: BrowserContext, email: string, password = "correct horse battery"): Promise<void> {
  const request = context.request;
  // An account another journey already made (the shared admin) just logs in.
  if ((await request.post("/api/auth/login", { data: { email, password } })).status() === 200) return;
  const registered = await request.post("/api/auth/register", { data: { email, password, firstName: email.split("@")[0] } });
  expect(registered.status()).toBe(201);
  const link = verificationLink(outboxFor(inject("dataDir"), email.toLowerCase()).at(-1) ?? "");
  expect(link).not.toBeNull();
  expect((await request.get(`/api/auth/verify-email${new URL(link!).search}`)).status()).toBe(200);
  expect((await request.post("/api/auth/login", { data: { email, password } })).status()).toBe(200);
}
