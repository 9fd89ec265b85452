import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminStats } from "../src/shared/stats/responses";
import { LAST_ADMIN_REMOVAL_MESSAGE } from "../src/shared/users";
import { parseEml } from "../src/server/test/eml";
import { outboxFor, verificationLink, waitForMail } from "../src/server/test/mail";
import {
  PHONE,
  expectToast,
  launchBrowser,
  newContext,
  newPage,
  screenshot,
  seriousA11yViolations,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";
import { startServer, type ServerProcess } from "./support/server-process";

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
      data: {
        email: `quill-${stamp}-${i}@example.com`,
        password: "correct horse battery",
        firstName: tag,
        lastName: `Number ${i}`,
      },
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

async function openUsers(page: Page): Promise<void> {
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
    await status(page)
      .filter({ hasText: `${PAGED} people found for “${tag.toLowerCase()}”` })
      .waitFor();
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
    await expect
      .poll(
        async () => (await page.getByLabel("Search people").inputValue()) === "" && (await rows(page).count()) === 25,
      )
      .toBe(true);
    await page.close();
  });

  it("fits a phone: one column, nothing sideways, 44 px targets", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(context, ADMIN_EMAIL);
    await openUsers(page);
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
    await openUsers(page);
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
    await openUsers(page);
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

// Pro given by an admin (decision 031), on a server of its own with PRO=granted: the badge, the
// buttons, the one e-mail to the member's waitlist address, and the statistics' "Told".
describe("Pro with PRO=granted", () => {
  const PASSWORD = "correct horse battery";
  const proAdmin = `pro-admin-${stamp}@example.com`;
  const proMember = `pro-member-${stamp}@example.com`;
  const proName = "Wren";
  let server: ServerProcess;

  /** A browser context on this server, signed in as `email` (registered and verified first). */
  async function signedIn(email: string, firstName: string, viewport = WIDE): Promise<BrowserContext> {
    const context = await newContext(browser, { baseURL: server.url, viewport });
    const headers = { "x-forwarded-for": `198.51.100.${email.length % 250}` };
    const login = () => context.request.post("/api/auth/login", { data: { email, password: PASSWORD }, headers });
    if ((await login()).status() !== 200) {
      expect(
        (
          await context.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName }, headers })
        ).status(),
      ).toBe(201);
      const link = verificationLink((await waitForMail(server.dataDir, email)).at(-1)!)!;
      expect((await context.request.get(`/api/auth/verify-email${new URL(link).search}`, { headers })).status()).toBe(
        200,
      );
      expect((await login()).status()).toBe(200);
    }
    return context;
  }

  /** 'Remove Pro' on the member's row, confirmed, and the toast that says it is done. */
  async function removePro(page: Page, row: Locator): Promise<void> {
    await row.getByRole("button", { name: "Remove Pro" }).click();
    await page
      .getByRole("dialog", { name: `Remove Pro from ${proName}?` })
      .getByRole("button", { name: "Remove Pro" })
      .click();
    await expectToast(page, "Success", `${proName} no longer has Pro.`);
  }

  beforeAll(async () => {
    server = await startServer({
      PRO: "granted",
      ADMIN_EMAILS: proAdmin,
      TRUST_PROXY: "127.0.0.1",
      SEED_SAMPLES: "false",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an admin grants Pro in /admin/users: the badge shows, the member has Pro at once and their waitlist address is told once", async () => {
    const memberContext = await signedIn(proMember, proName);
    expect((await memberContext.request.post("/api/waitlist", { data: { email: proMember } })).status()).toBe(200);
    expect(((await (await memberContext.request.get("/api/auth/user")).json()) as { pro: boolean }).pro).toBe(false);

    const adminContext = await signedIn(proAdmin, "Ada");
    const page = await adminContext.newPage();
    await openUsers(page);
    await search(page, proMember);
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rowOf(page, proMember);
    expect(await page.getByText("Admin access and Pro").count()).toBe(1);
    // The admin has Pro whenever it is on: a badge, and no button to grant it.
    await search(page, proAdmin);
    await rowOf(page, proAdmin).getByRole("listitem").filter({ hasText: /^Pro$/ }).waitFor();
    expect(await rowOf(page, proAdmin).getByRole("button", { name: /Pro$/ }).count()).toBe(0);
    await search(page, proMember);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await row.getByRole("listitem").filter({ hasText: /^Pro$/ }).count()).toBe(0);

    await row.getByRole("button", { name: "Grant Pro" }).click();
    const dialog = page.getByRole("dialog", { name: `Give ${proName} Pro?` });
    await dialog.waitFor();
    await screenshot(page, "people-grant-pro-dialog-1440");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Grant Pro" }).click();
    await expectToast(page, "Success", `${proName} now has Pro.`);
    await expect.poll(() => dialog.count()).toBe(0);
    await row.getByRole("listitem").filter({ hasText: /^Pro$/ }).waitFor();
    await row.getByRole("button", { name: "Remove Pro" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "people-pro-1440");
    // What the admin sees at once, 1440 × 900.
    await page.screenshot({ path: "test-results/screenshots/people-pro-1440-screen.png" });

    // The member's very next request has Pro; one e-mail went to their waitlist address.
    expect(((await (await memberContext.request.get("/api/auth/user")).json()) as { pro: boolean }).pro).toBe(true);
    const mails = (await waitForMail(server.dataDir, proMember, 2))
      .map(parseEml)
      .filter((mail) => mail.subject === "Dragon Grid Pro is ready for you");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${server.url}/home`);

    // Removed and granted again: still that one e-mail.
    await removePro(page, row);
    await row.getByRole("button", { name: "Grant Pro" }).click();
    await page
      .getByRole("dialog", { name: `Give ${proName} Pro?` })
      .getByRole("button", { name: "Grant Pro" })
      .click();
    await row.getByRole("button", { name: "Remove Pro" }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      outboxFor(server.dataDir, proMember)
        .map(parseEml)
        .filter((mail) => mail.subject === "Dragon Grid Pro is ready for you"),
    ).toHaveLength(1);

    // The statistics' waitlist says the member was told.
    await page.goto("/admin/stats");
    const waitlist = page.getByRole("table", { name: "Pro feature waitlist" });
    await waitlist.getByRole("columnheader", { name: "Told" }).waitFor();
    expect(
      await waitlist.getByRole("row").filter({ hasText: proMember }).getByRole("cell").last().textContent(),
    ).not.toBe("Not yet");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await adminContext.close();
    await memberContext.close();
  });

  it("fits a phone: the Pro badge and buttons, nothing sideways, 44 px targets", async () => {
    const context = await signedIn(proAdmin, "Ada", PHONE);
    const page = await context.newPage();
    await openUsers(page);
    await search(page, proMember);
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rowOf(page, proMember);
    await row.getByRole("listitem").filter({ hasText: /^Pro$/ }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    for (const name of ["Make admin", "Remove Pro"]) {
      const box = await row.getByRole("button", { name }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, "people-pro-390");
    await page.screenshot({ path: "test-results/screenshots/people-pro-390-screen.png" });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows a change made while a search was still loading: the search's answer, read before the change, is read again", async () => {
    const context = await signedIn(proAdmin, "Ada");
    const page = await context.newPage();
    await openUsers(page);
    // The search's first answer is read on the server at once and reaches the page only after the
    // change is made (as on a busy server); later answers pass untouched.
    let heldAnswer: (() => void) | null = null;
    const answerHeld = new Promise<void>((resolve) => (heldAnswer = resolve));
    let searchSent = false;
    let searchRead = false;
    await page.route(/\/api\/admin\/users\?.*q=pro-member/, async (route) => {
      if (searchSent) return route.continue();
      searchSent = true;
      const answer = await route.fetch();
      searchRead = true;
      await answerHeld;
      await route.fulfill({ response: answer });
    });
    await search(page, proMember);
    await expect.poll(() => searchRead).toBe(true);
    // The list before the search is still on screen, dimmed; the member is on it with Pro.
    const row = rowOf(page, proMember);
    await removePro(page, row);
    heldAnswer!();
    await expect.poll(() => rows(page).count()).toBe(1);
    await row.getByRole("button", { name: "Grant Pro" }).waitFor();
    await context.close();
  });
});
