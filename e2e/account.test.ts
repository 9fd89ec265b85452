import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, verificationLink } from "../src/server/test/mail";
import { PHONE, expectToast, launchBrowser, newContext, screenshot, seriousA11yViolations } from "./support/browser";
import { startServer, type ServerProcess } from "./support/server-process";
import { startInbox, type Inbox } from "./support/smtp-inbox";

// Account self-service end to end (decision 015): the built server as its own process, mail through a
// real SMTP server on loopback.
const WIDE = { width: 1440, height: 900 };
let browser: Browser;
let inbox: Inbox;
let server: ServerProcess;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({ SMTP_URL: inbox.url }, { prepared: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

const context = (viewport = WIDE) => newContext(browser, { baseURL: server.url, viewport });

/** A verified account with a password, made through the API and the e-mailed link. */
async function registerVerified(ctx: BrowserContext, email: string, password: string, firstName = "Robin") {
  expect(
    (await ctx.request.post("/api/auth/register", { data: { email, password, firstName, lastName: "Hood" } })).status(),
  ).toBe(201);
  const link = verificationLink(await inbox.next(email))!;
  expect((await ctx.request.get(`/api/auth/verify-email${new URL(link).search}`)).status()).toBe(200);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

const resetLink = (raw: string) =>
  /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(raw))?.[0] ?? null;

describe("account self-service", () => {
  it("forgot password: mail, reset, the new password works, the old one and a second browser's session do not", async () => {
    const email = "forgetful@example.com";
    const first = await context();
    await registerVerified(first, email, "old secret words");
    // A second browser, signed in before the reset.
    const second = await context(PHONE);
    const other = await second.newPage();
    await logIn(other, email, "old secret words");
    await other.waitForURL(`${server.url}/home`);

    const page = await first.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await screenshot(page, "account-forgot-wide");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await page.getByText("a link to reset it is on its way", { exact: false }).waitFor();
    await screenshot(page, "account-forgot-sent-wide");

    const mail = await inbox.next(email);
    expect(mail).toContain("Subject: Reset your Dragon Grid password");
    const link = resetLink(mail)!;
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a New Password" }).waitFor();
    expect(await page.title()).toBe("Reset Password · Dragon Grid");
    await page.getByLabel("New password", { exact: true }).fill("brand new secret");
    await page.getByLabel("Repeat new password").fill("brand new typo");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByText("The two passwords are not the same.").waitFor();
    await screenshot(page, "account-reset-wide");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel("Repeat new password").fill("brand new secret");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByRole("heading", { name: "Password Changed" }).waitFor();
    await page.getByRole("link", { name: "Go to Login" }).click();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("old secret words");
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Login Failed", "Invalid email or password");
    await page.getByLabel("Password", { exact: true }).fill("brand new secret");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${server.url}/home`);

    // The second browser's session ended with the reset.
    await other.goto("/profile");
    await other.getByRole("heading", { name: "Your Profile" }).waitFor();
    await other.getByRole("link", { name: "Sign Up Free - No Risk!" }).waitFor();
    expect((await second.request.get("/api/auth/user")).status()).toBe(401);

    // The link worked once; a second visit says so and offers a new one.
    const phone = await (await context(PHONE)).newPage();
    await phone.goto(link);
    await phone.getByLabel("New password", { exact: true }).fill("yet another secret");
    await phone.getByLabel("Repeat new password").fill("yet another secret");
    await phone.getByRole("button", { name: "Set New Password" }).click();
    await phone.getByRole("heading", { name: "Reset Link Not Valid" }).waitFor();
    await phone.getByText("This password reset link has already been used.").waitFor();
    await screenshot(phone, "account-reset-used-phone");
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.getByRole("link", { name: "Ask for a New Link" }).click();
    await phone.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await screenshot(phone, "account-forgot-phone");
    await Promise.all([first.close(), second.close(), phone.context().close()]);
  });

  it("edits the name and sees it in the header; deletes the account and can no longer log in", async () => {
    const email = "leaving@example.com";
    for (const viewport of [WIDE, PHONE]) {
      const ctx = await context(viewport);
      const page = await ctx.newPage();
      if (viewport === WIDE) await registerVerified(ctx, email, "leaving secret", "Robin");
      await logIn(page, email, "leaving secret");
      await page.waitForURL(`${server.url}/home`);
      await page.goto("/profile");
      await page.getByRole("heading", { name: "Your details" }).waitFor();
      for (const heading of ["Password and sign-in", "Your data"])
        await page.getByRole("heading", { name: heading }).waitFor();
      const name = viewport === WIDE ? "Marian" : "Maid Marian";
      await page.getByLabel("First name").fill(name);
      await page.getByRole("button", { name: "Save Name" }).click();
      await expectToast(page, "Profile Updated", "Your name has been saved.");
      await page.getByRole("heading", { name: `${name} Hood` }).waitFor();
      if (viewport === WIDE) {
        await page.getByRole("banner").getByText(name, { exact: true }).waitFor();
        // A picture through the upload widget: square, on the profile and in the header.
        const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#2f855a" } })
          .jpeg()
          .toBuffer();
        await page.getByRole("button", { name: "Add a picture" }).click();
        const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
        await dashboard.waitFor();
        await page
          .locator(".uppy-Dashboard-input")
          .first()
          .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
        await dashboard.getByRole("button", { name: /^Upload 1 file/ }).click();
        await expectToast(page, "Picture Updated");
        const headerPicture = page.getByRole("banner").locator('img[src^="/objects/avatars/"]');
        await headerPicture.waitFor();
        // Shown is not loaded: the element has its size before its picture arrives.
        await expect
          .poll(() =>
            headerPicture.evaluate((img: HTMLImageElement) =>
              img.complete ? [img.naturalWidth, img.naturalHeight] : null,
            ),
          )
          .toEqual([256, 256]);
        await page.getByRole("button", { name: "Change picture" }).waitFor();
      }
      await screenshot(page, `account-profile-${viewport === WIDE ? "wide" : "phone"}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (viewport === PHONE) {
        // Deleting: the e-mail typed again and the password.
        await page.getByRole("button", { name: "Delete my account" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete your account?" });
        await dialog.waitFor();
        const confirm = dialog.getByRole("button", { name: "Delete my account" });
        expect(await confirm.isDisabled()).toBe(true);
        await dialog.getByLabel(/Type your email/).fill(email);
        await dialog.getByLabel("Your password").fill("leaving secret");
        await screenshot(page, "account-delete-phone");
        expect(await seriousA11yViolations(page)).toEqual([]);
        await confirm.click();
        await page.waitForURL(`${server.url}/`);
        await expectToast(page, "Account Deleted");
        await page.getByRole("button", { name: "Sign In" }).waitFor();
        await logIn(page, email, "leaving secret");
        await expectToast(page, "Login Failed", "Invalid email or password");
      }
      await ctx.close();
    }
  });

  it("signs out everywhere from the profile", async () => {
    const email = "everywhere@example.com";
    const ctx = await context();
    await registerVerified(ctx, email, "everywhere secret");
    const otherCtx = await context(PHONE);
    const other = await otherCtx.newPage();
    await logIn(other, email, "everywhere secret");
    await other.waitForURL(`${server.url}/home`);
    const page = await ctx.newPage();
    await logIn(page, email, "everywhere secret");
    await page.waitForURL(`${server.url}/home`);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL(`${server.url}/`);
    await expectToast(page, "Signed Out Everywhere");
    expect((await ctx.request.get("/api/auth/user")).status()).toBe(401);
    expect((await otherCtx.request.get("/api/auth/user")).status()).toBe(401);
    await Promise.all([ctx.close(), otherCtx.close()]);
  });
});
