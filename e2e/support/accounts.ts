import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { outboxFor, verificationLink, waitForMail } from "../../src/server/test/mail";
import { workerServer } from "./worker-server";

/** Listed in the shared e2e server's ADMIN_EMAILS. */
export const ADMIN_EMAIL = "admin@dragongrid.test";

const SESSION_COOKIE = "dg_session";

// Journeys sign the same people in again and again; the server's sign-in limits (per address and
// per e-mail) are real, so each account's session is kept in a file for every journey to reuse,
// and each account signs up from an address of its own (the e2e server trusts 127.0.0.1 as a
// proxy, like a server behind nginx).
const sessionsFile = () => path.join(workerServer().dataDir, "e2e-sessions.json");
const readSessions = (): Record<string, string> => {
  try {
    return JSON.parse(fs.readFileSync(sessionsFile(), "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
};
const clientAddress = (email: string) => {
  const [a, b] = crypto.createHash("sha256").update(email).digest();
  return `198.18.${a}.${b}`;
};

/**
 * Sign a browser context in on the shared server: reuse the account's kept session when it is
 * still live; else log in if the account exists; otherwise register through the API, follow the
 * link from the server's outbox and log in (the cookie lands in the context).
 */
export async function signIn(
  context: BrowserContext,
  email: string,
  password = "correct horse battery",
): Promise<void> {
  const request = context.request;
  const kept = readSessions()[email];
  const origin = workerServer().baseUrl;
  if (kept) {
    await context.addCookies([{ name: SESSION_COOKIE, value: kept, url: origin, httpOnly: true, sameSite: "Lax" }]);
    if ((await request.get("/api/auth/user")).status() === 200) return;
    await context.clearCookies();
  }
  const headers = { "x-forwarded-for": clientAddress(email) };
  if ((await request.post("/api/auth/login", { data: { email, password }, headers })).status() !== 200) {
    const sent = outboxFor(workerServer().dataDir, email.toLowerCase()).length;
    const registered = await request.post("/api/auth/register", {
      data: { email, password, firstName: email.split("@")[0] },
      headers,
    });
    expect(registered.status()).toBe(201);
    const link = verificationLink(
      (await waitForMail(workerServer().dataDir, email.toLowerCase(), sent + 1)).at(-1) ?? "",
    );
    expect(link).not.toBeNull();
    expect((await request.get(`/api/auth/verify-email${new URL(link!).search}`, { headers })).status()).toBe(200);
    expect((await request.post("/api/auth/login", { data: { email, password }, headers })).status()).toBe(200);
  }
  const cookie = (await context.cookies(origin)).find((c) => c.name === SESSION_COOKIE);
  if (cookie) fs.writeFileSync(sessionsFile(), JSON.stringify({ ...readSessions(), [email]: cookie.value }));
}

/**
 * A new member signed in on a server of the journey's own (`context`'s baseURL is its url):
 * registered through the API, verified by the link in that server's outbox, logged in.
 */
export async function signUpOn(
  context: BrowserContext,
  dataDir: string,
  email: string,
  firstName: string,
  password = "correct horse battery",
): Promise<void> {
  expect((await context.request.post("/api/auth/register", { data: { email, password, firstName } })).status()).toBe(
    201,
  );
  const link = verificationLink((await waitForMail(dataDir, email)).at(-1)!)!;
  expect((await context.request.get(`/api/auth/verify-email${new URL(link).search}`)).status()).toBe(200);
  expect((await context.request.post("/api/auth/login", { data: { email, password } })).status()).toBe(200);
}
