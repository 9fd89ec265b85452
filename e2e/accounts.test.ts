import { OAuth2Server } from "oauth2-mock-server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationLink } from "../src/server/test/mail";
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newContext,
  newPage,
  screenshot,
  seriousA11yViolations,
  expectToast,
} from "./support/browser";
import { startServer, type ServerProcess } from "./support/server-process";
import { startInbox, type Inbox } from "./support/smtp-inbox";

// Accounts end to end: the built server as its own process, mail through a real SMTP server and
// Google sign-in through a real OpenID provider, both started here on loopback.
let browser: Browser;
let inbox: Inbox;
let provider: OAuth2Server;
let server: ServerProcess;
let googleClaims: Record<string, unknown> = {};

beforeAll(async () => {
  inbox = await startInbox();
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, googleClaims));
  server = await startServer(
    {
      SMTP_URL: inbox.url,
      GOOGLE_CLIENT_ID: "dragon-grid-e2e",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_ISSUER: provider.issuer.url!,
      ADMIN_EMAILS: "admin.ada@example.com",
    },
    { prepared: true },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
  await inbox?.close();
});

async function openPage(viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, { baseURL: server.url, viewport });
  return context.newPage();
}

async function registerThroughTheForm(page: Page, email: string, password = "dragons are fun") {
  await page.goto("/login");
  await page.getByRole("tab", { name: "Register" }).click();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

describe("accounts", () => {
  it("registers, receives the e-mail over SMTP, verifies, logs in, sees the profile and signs out", async () => {
    const page = await openPage();
    await page.goto("/login");
    await page.getByRole("tab", { name: "Login" }).waitFor();
    for (const name of ["Log In", "Continue with Google"]) await page.getByRole("button", { name }).waitFor();
    await screenshot(page, "login-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByRole("button", { name: "Sign up with Google" }).waitFor();
    await registerThroughTheForm(page, "admin.ada@example.com");

    await expectToast(page, "Registration Successful", "Please check your email to verify your account.");
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await page.getByText("admin.ada@example.com").waitFor();
    await page.getByText("The link expires in 24 hours", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Resend Verification Email" }).waitFor();
    await screenshot(page, "check-email-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    const mail = await inbox.next("admin.ada@example.com");
    expect(mail).toContain("Subject: Verify your Dragon Grid email");
    const link = verificationLink(mail)!;
    expect(link.startsWith(`${server.url}/verify-email?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await screenshot(page, "verify-email-success-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The server's message says it already: the page says it once.
    const said = await page.getByRole("main").textContent();
    expect(said!.split("You can now log in.").length - 1).toBe(1);
    for (const [viewport, name] of [
      [{ width: 1440, height: 900 }, "1440"],
      [PHONE, "390"],
    ] as const) {
      await page.setViewportSize(viewport);
      await screenshot(page, `verify-email-success-${name}`);
    }
    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: "Go to Login" }).click();

    await page.getByLabel("Email").fill("Admin.Ada@example.com");
    await page.getByLabel("Password").fill("dragons are fun");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${server.url}/home`);

    // The header now shows the user, and the profile shows the admin tools.
    await page.getByRole("link", { name: /Ada/ }).first().waitFor();
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Ada Lovelace" }).waitFor();
    await page.getByText("Admin", { exact: true }).waitFor();
    await page.getByText("admin.ada@example.com").waitFor();
    expect(await page.getByRole("link", { name: "View Statistics Dashboard" }).getAttribute("href")).toBe(
      "/admin/stats",
    );
    expect(await page.getByRole("link", { name: "Manage Blog Posts" }).getAttribute("href")).toBe("/admin/blog/list");
    await screenshot(page, "profile-admin-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("main").getByRole("button", { name: "Sign Out", exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(401);
    await page.context().close();
  });

  it("a link opened on another device asks for the password; someone else's registration of your address cannot be verified by your click", async () => {
    // A stranger registers the owner's address from their own browser.
    const stranger = await openPage();
    await registerThroughTheForm(stranger, "owner.olga@example.com", "stranger's secret");
    await stranger.getByRole("heading", { name: "Check Your Email" }).waitFor();
    const link = verificationLink(await inbox.next("owner.olga@example.com"))!;

    // The owner opens the mail on their phone: the link alone verifies nothing.
    const phone = await openPage(PHONE);
    await phone.goto(link);
    await phone.getByRole("heading", { name: "Confirm It's You" }).waitFor();
    await phone.getByText("To finish verifying, please enter the password you chose for this account.").waitFor();
    await screenshot(phone, "verify-email-password-phone");
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.getByLabel("Password").fill("what the owner would guess");
    await phone.getByRole("button", { name: "Verify Email" }).click();
    await phone
      .getByRole("alert")
      .filter({ hasText: "That password does not match this account. Please try again." })
      .waitFor();
    // The stranger still cannot sign in.
    await stranger.goto("/login");
    await stranger.getByLabel("Email").fill("owner.olga@example.com");
    await stranger.getByLabel("Password").fill("stranger's secret");
    await stranger.getByRole("button", { name: "Log In" }).click();
    await stranger.getByRole("heading", { name: "Check Your Email" }).waitFor();

    // The owner registers for real, on the phone, and opens the new link on a laptop with the password.
    await registerThroughTheForm(phone, "owner.olga@example.com", "olga's own secret");
    await phone.getByRole("heading", { name: "Check Your Email" }).waitFor();
    const ownLink = verificationLink(await inbox.next("owner.olga@example.com"))!;
    const laptop = await openPage();
    await laptop.goto(ownLink);
    await laptop.getByLabel("Password").fill("olga's own secret");
    await laptop.getByRole("button", { name: "Verify Email" }).click();
    await laptop.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await screenshot(laptop, "verify-email-with-password-desktop");

    // The stranger's password no longer opens anything.
    const refused = await stranger.request.post("/api/auth/login", {
      data: { email: "owner.olga@example.com", password: "stranger's secret" },
    });
    expect(refused.status()).toBe(401);
    for (const page of [stranger, phone, laptop]) await page.context().close();
  });

  it("sends an unverified login to the check-your-email view, where the link can be resent", async () => {
    const page = await openPage(PHONE);
    await registerThroughTheForm(page, "late.learner@example.com");
    await inbox.next("late.learner@example.com");
    await page.getByRole("button", { name: "Back to Login" }).click();
    await page.getByLabel("Email").fill("late.learner@example.com");
    await page.getByLabel("Password").fill("dragons are fun");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await screenshot(page, "check-email-phone");
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expectToast(page, "Email Sent", "Please check your email for the verification link.");
    const second = await inbox.next("late.learner@example.com");
    expect(verificationLink(second)).not.toBeNull();
    await page.context().close();
  });

  it("shows 'Login Failed' with the server's message for a wrong password", async () => {
    const page = await openPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Login Failed", "Invalid email or password");
    await page.context().close();
  });

  it("shows 'Verification Failed' for a bad or missing token", async () => {
    const page = await openPage(PHONE);
    await page.goto("/verify-email?token=not-a-real-token");
    await page.getByRole("heading", { name: "Verification Failed" }).waitFor();
    await page.getByText("This verification link is invalid", { exact: false }).waitFor();
    await screenshot(page, "verify-email-failed-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/verify-email");
    await page.getByText("No verification token provided").waitFor();
    await page.getByRole("link", { name: "Back to Login" }).waitFor();
    await page.context().close();
  });

  it("signs in with Google and returns to the page that asked, by the return-URL rule", async () => {
    googleClaims = {
      sub: "google-e2e-1",
      email: "gwen@example.com",
      email_verified: true,
      given_name: "Gwen",
      family_name: "Griffin",
    };
    const page = await openPage(PHONE);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Your Profile" }).waitFor();
    await screenshot(page, "profile-teaser-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Sign Up Free - No Risk!" }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByRole("heading", { name: "Gwen Griffin" }).waitFor();
    await screenshot(page, "profile-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An off-site return URL planted in storage is ignored: Google sign-in lands on /home.
    await page.getByRole("main").getByRole("button", { name: "Sign Out", exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.evaluate(() => sessionStorage.setItem("returnUrl", "//evil.example/phish"));
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(`${server.url}/home`);
    await page.context().close();
  });

  it("the header's Sign In forgets a stored return URL; a password login then lands on /home", async () => {
    const page = await openPage();
    await page.goto("/feed");
    await page.getByRole("heading", { name: "Community Feed" }).waitFor();
    await page.getByText("The community feed is for registered users only", { exact: false }).waitFor();
    await screenshot(page, "feed-teaser-desktop");
    await page.evaluate(() => sessionStorage.setItem("returnUrl", "/feed"));
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.url}/login`);
    expect(await page.evaluate(() => sessionStorage.getItem("returnUrl"))).toBeNull();
    await page.context().close();
  });
});

describe("Google sign-in without configuration", () => {
  it("comes back to /login with the toast 'Google sign-in is not configured'", async () => {
    // The shared e2e server has no GOOGLE_* settings.
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(/\/login\?error=google-not-configured$/);
    await expectToast(page, "Google Sign-In Unavailable", "Google sign-in is not configured");
    await context.close();
  });
});
