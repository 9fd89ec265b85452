import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminStats } from "../src/shared/stats";
import { LAST_ADMIN_REMOVAL_MESSAGE } from "../src/shared/users";
import { PHONE, expectToast, launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";

// Issue 30 (its first part): the admin list of people at /admin/users: search, pages, and giving
// and taking back the admin role, refused for the last admin.

const WIDE = { width: 1440, height: 900 };
const stamp = Date.now();
const tag = `Quill${stamp}`;
const memberEmail = `people-member-${stamp}@example.com`;
const memberName = memberEmail.split("@")[0]!;
/** People registered for the pages: one more than a page. */
const PAGED = 26;

let browser: Browser;
let admin: BrowserContext;
let member: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: admin } = await newPage(browser, WIDE));
  ({ context: member } = await newPage(browser, WIDE));
  await Promise.all([signIn(admin, ADMIN_EMAIL), signIn(member, memberEmail)]);
  // Registered through the API, each from an address of its own (the e2e server trusts 127.0.0.1 as a proxy).
  for (let i = 0; i < PAGED; i++) {
    const address = `198.19.${(stamp + i) % 250}.${i + 1}`;
    const res = await admin.request.post("/api/auth/register", {
      data: { email: `quill-${stamp}-${i}@example.com`, password: "correct horse battery", firstName: tag, lastName: `Number ${i}` },
      headers: { "x-forwarded-for": address },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
});
afterAll(async () => {
  await browser.close();
});

/** The people listed: the list's own items (not the badges' inner lists). */
const rows = (page: Page): Locator => page.getByRole("list", { name: "People" }).locator(":scope > li");
const rowOf = (page: Page, text: string): Locator => rows(page).filter({ hasText: text });
const status = (page: Page) => page.locator("form[role=search] [role=status]");

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel("Search people").fill(text);
}

async function openPeople(page: Page): Promise<void> {
  await page.goto("/admin/users");
  await page.getByRole("heading", { name: "People", exact: true }).waitFor();
  await rows(page).first().waitFor();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the admin list of people", () => {
  it("a member who is not an admin is told the page is for admins", async () => {
    const page = await member.newPage();
    await page.goto("/admin/users");
    await page.getByRole("heading", { name: "Admin Access Required" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it("the admin opens it from the profile's Admin Tools, searches and pages", async () => {
    const page = await admin.newPage();
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Admin Tools" }).waitFor();
    await page.getByRole("link", { name: "Manage People" }).click();
    await page.waitForURL("**/admin/users");
    await page.getByRole("heading", { name: "People", exact: true }).waitFor();
    await rows(page).first().waitFor();

    // Typing waits for a pause, then searches; any case, part of a name.
    await search(page, tag.toLowerCase());
    await status(page).filter({ hasText: `${PAGED} people found for “${tag.toLowerCase()}”` }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(25);
    // Newest first: the last one registered leads.
    expect(await rows(page).first().textContent()).toContain(`${tag} Number ${PAGED - 1}`);
    await page.getByText(`1–25 of ${PAGED}`).waitFor();
    await screenshot(page, "people-1440");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`26–26 of ${PAGED}`).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(`${tag} Number 0`);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText(`1–25 of ${PAGED}`).waitFor();

    // An e-mail's part finds its one person; the wildcards a person types are only characters.
    await search(page, `quill-${stamp}-7@`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await search(page, `quill-${stamp}-%`);
    await page.getByRole("heading", { name: "No people match your search" }).waitFor();
    await screenshot(page, "people-empty-1440");
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(async () => (await page.getByLabel("Search people").inputValue()) === "" && (await rows(page).count()) === 25).toBe(true);
    await page.close();
  });

  it("fits a phone: one column, nothing sideways, 44 px targets", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(context, ADMIN_EMAIL);
    await openPeople(page);
    await search(page, tag);
    await page.getByText(`1–25 of ${PAGED}`).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    const button = rows(page).first().getByRole("button", { name: "Make admin" });
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "people-390");
    // What a phone shows at once, 390 × 844.
    await page.screenshot({ path: "test-results/screenshots/people-390-screen.png" });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it("makes a member an admin, who then sees the admin tools; and takes it back", async () => {
    const page = await admin.newPage();
    await openPeople(page);
    await search(page, memberEmail);
    const row = rowOf(page, memberEmail);
    await expect.poll(() => rows(page).count()).toBe(1);
    await row.getByRole("button", { name: "Make admin" }).click();
    const dialog = page.getByRole("dialog", { name: `Make ${memberName} an admin?` });
    await dialog.waitFor();
    await screenshot(page, "people-make-admin-dialog-1440");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Make admin" }).click();
    await expectToast(page, "Success", `${memberName} is now an admin.`);
    await expect.poll(() => dialog.count()).toBe(0);
    await row.getByRole("listitem").filter({ hasText: "Admin" }).waitFor();
    await row.getByRole("button", { name: "Remove admin" }).waitFor();

    // The member's very next page shows the admin tools (no sign-out, no waiting).
    const memberPage = await member.newPage();
    await memberPage.goto("/profile");
    await memberPage.getByRole("heading", { name: "Admin Tools" }).waitFor();
    await memberPage.getByRole("link", { name: "Manage People" }).click();
    await memberPage.getByRole("heading", { name: "People", exact: true }).waitFor();

    await row.getByRole("button", { name: "Remove admin" }).click();
    const remove = page.getByRole("dialog", { name: `Remove admin access from ${memberName}?` });
    await remove.getByRole("button", { name: "Remove admin" }).click();
    await expectToast(page, "Success", `${memberName} is no longer an admin.`);
    await row.getByRole("button", { name: "Make admin" }).waitFor();
    await memberPage.goto("/admin/users");
    await memberPage.getByRole("heading", { name: "Admin Access Required" }).waitFor();
    await memberPage.close();
    await page.close();
  });

  it("refuses to remove the last admin, in the server's words", async () => {
    const page = await admin.newPage();
    // Only this journey's admin on the shared server: otherwise the refusal would not be the last admin's.
    const stats = (await (await page.request.get("/api/admin/stats")).json()) as AdminStats;
    expect(stats.overview.adminUsers).toBe(1);
    await openPeople(page);
    await search(page, ADMIN_EMAIL);
    const row = rowOf(page, ADMIN_EMAIL);
    await row.getByText("(you)").waitFor();
    await row.getByRole("button", { name: "Remove admin" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove admin access from yourself?" });
    await dialog.getByRole("button", { name: "Remove admin" }).click();
    await dialog.getByRole("alert").filter({ hasText: LAST_ADMIN_REMOVAL_MESSAGE }).waitFor();
    await screenshot(page, "people-last-admin-refused-1440");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Still an admin.
    expect((await page.request.get("/api/admin/users")).status()).toBe(200);
    await page.close();
  });
});
