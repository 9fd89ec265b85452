import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, expectToast, launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";
import { createPost } from "./support/posts";

// Issue 29: reports, the moderation queue and its audit log, blocks, the notification's link to a
// post, and what a suspended member is told.

const WIDE = { width: 1440, height: 900 };
const stamp = Date.now();
// The author's name is one long word (their address's first part): the queue must still fit a phone.
const authorEmail = `mod-author-whose-name-is-one-long-word-${stamp}@example.com`;
const reporterEmail = `mod-reporter-${stamp}@example.com`;
const authorName = authorEmail.split("@")[0]!;
const reported = `A dragon someone will report ${stamp}`;
const pending = `A dragon waiting for approval ${stamp}`;
const kept = `A dragon that stays ${stamp}`;
const HIDE_REASON = "Not a drawing: a photo of a cat";
const REJECT_REASON = "Please share a photo of the drawing itself";

let browser: Browser;
let admin: BrowserContext;
let author: BrowserContext;
let reportedId: string;
let keptId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: admin } = await newPage(browser, WIDE));
  ({ context: author } = await newPage(browser, WIDE));
  await Promise.all([signIn(admin, ADMIN_EMAIL), signIn(author, authorEmail)]);
  reportedId = await createPost(author.request, reported);
  await createPost(author.request, pending);
  keptId = await createPost(author.request, kept);
  for (const id of [reportedId, keptId])
    expect((await admin.request.put(`/api/posts/${id}/approve`)).status()).toBe(200);
  expect(
    (await author.request.post(`/api/posts/${keptId}/comment`, { data: { text: `First! ${stamp}` } })).status(),
  ).toBe(201);
});
afterAll(async () => {
  await browser.close();
});

async function signedInPage(email: string, viewport = WIDE): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser, viewport);
  await signIn(session.context, email);
  return session;
}

const postCard = (page: Page, text: string): Locator => page.getByRole("article").filter({ hasText: text });

/** Wait until the photos in this part of the page have loaded (for screenshots). */
async function photosLoaded(part: Locator): Promise<void> {
  // As long as the library's journeys wait: on a cold server (this journey may run first) a second was too short.
  await expect
    .poll(
      () =>
        part
          .locator("img")
          .evaluateAll((images: HTMLImageElement[]) => images.every((img) => img.complete && img.naturalWidth > 0)),
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function openMenu(page: Page, card: Locator, label: string): Promise<Locator> {
  await card.getByRole("button", { name: label }).click();
  const menu = page.getByRole("menu", { name: label });
  await menu.waitFor();
  return menu;
}

describe("moderation", () => {
  it("a member reports a post from its ⋯ menu, once", async () => {
    const { context, page } = await signedInPage(reporterEmail, PHONE);
    await page.goto("/feed");
    const card = postCard(page, reported);
    await card.waitFor();
    // Keyboard: the menu opens on its first item; arrows move; Escape closes it.
    await card.getByRole("button", { name: `More actions for ${authorName}'s post` }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: `More actions for ${authorName}'s post` });
    await menu.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Report");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`Block ${authorName}`);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    await page.keyboard.press("Enter");
    await menu.waitFor();
    await photosLoaded(card);
    // What is on screen (a full-page capture resizes the window, which closes the menu).
    await page.screenshot({ path: "test-results/screenshots/moderation-menu-phone.png" });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Report post" });
    await dialog.waitFor();
    const submit = dialog.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);
    for (const reason of ["Spam", "Offensive", "Not a drawing", "Something else"])
      await dialog.getByRole("radio", { name: reason }).waitFor();
    await dialog.getByRole("radio", { name: "Something else" }).check();
    // 'Something else' needs a note.
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Note (required)").fill("This is a photo of a cat, not a drawing");
    await dialog.getByText("39/500").waitFor();
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(page, "moderation-report-dialog-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submit.click();
    await dialog.getByText("Thanks — an admin will review your report.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);

    // A second report of the same post is refused, in the server's words.
    await (
      await openMenu(page, card, `More actions for ${authorName}'s post`)
    )
      .getByRole("menuitem", { name: "Report" })
      .click();
    await dialog.getByRole("radio", { name: "Spam" }).check();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByRole("alert").filter({ hasText: "You have already reported this" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus goes back to the ⋯ button that opened the dialog, not to the page's body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`More actions for ${authorName}'s post`);

    // A comment has its own menu.
    const other = postCard(page, kept);
    await other.getByRole("button", { name: /^Comments/ }).click();
    await (
      await openMenu(page, other, `More actions for ${authorName}'s comment`)
    )
      .getByRole("menuitem", { name: "Report" })
      .click();
    const commentDialog = page.getByRole("dialog", { name: "Report comment" });
    await commentDialog.getByRole("radio", { name: "Offensive" }).check();
    await commentDialog.getByRole("button", { name: "Submit" }).click();
    await commentDialog.getByText("Thanks — an admin will review your report.").waitFor();
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });

  it("a member who is not an admin is told the moderation page is for admins", async () => {
    const { context, page } = await signedInPage(reporterEmail);
    await page.goto("/admin/moderation");
    await page.getByRole("heading", { name: "Admin Access Required" }).waitFor();
    await context.close();
  });

  it("the admin finds the report under Reported and hides the post with the h shortcut", async () => {
    const page = await admin.newPage();
    await page.goto("/admin/moderation");
    await page.getByRole("heading", { name: "Moderation" }).waitFor();
    await page.getByText("a approve").waitFor();
    const reportedTab = page.getByRole("tab", { name: /^Reported/ });
    await expect.poll(async () => Number((await reportedTab.textContent())!.replace(/\D/g, ""))).toBeGreaterThan(0);
    await reportedTab.click();
    const item = postCard(page, reported);
    await item.waitFor();
    await item.getByText("Something else × 1").waitFor();
    await item.getByText("This is a photo of a cat, not a drawing").waitFor();
    await photosLoaded(item);
    await screenshot(page, "moderation-reported-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // j and k move the selection until it is our post; h opens the hide dialog.
    const current = page.locator("article[aria-current=true]");
    await page.keyboard.press("k");
    for (let i = 0; i < 20 && !(await current.textContent())?.includes(reported); i++) await page.keyboard.press("j");
    expect(await current.textContent()).toContain(reported);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-current"))).toBe("true");
    await page.keyboard.press("h");
    const dialog = page.getByRole("dialog", { name: "Hide post" });
    await dialog.waitFor();
    const hide = dialog.getByRole("button", { name: "Hide" });
    expect(await hide.isDisabled()).toBe(true);
    // Typing in the reason sets off no shortcut.
    await dialog.getByLabel("Reason (they will see it)").fill(HIDE_REASON);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(1);
    await hide.click();
    await expectToast(page, "Success", "Post hidden.");
    await expect.poll(() => item.count()).toBe(0);

    // The reported comment: its reasons, and Dismiss keeps it as it is.
    const comment = page
      .getByRole("article", { name: `Comment by ${authorName}` })
      .filter({ hasText: `First! ${stamp}` });
    await comment.getByText("Offensive × 1").waitFor();
    await comment.getByRole("button", { name: "Dismiss reports" }).click();
    await expectToast(page, "Success", "Reports dismissed.");
    await expect.poll(() => comment.count()).toBe(0);

    // The audit log says who did what to whom, when and why.
    await page.getByRole("tab", { name: "Audit log" }).click();
    const entry = page.getByRole("listitem").filter({ hasText: HIDE_REASON }).first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`hid a post by ${authorName}`);
    await entry.locator("time").waitFor();
    await entry.getByRole("link", { name: "View post" }).waitFor();
    await screenshot(page, "moderation-log-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it("the hidden post is gone from the member's feed, and its author sees why", async () => {
    const { context, page } = await signedInPage(reporterEmail);
    await page.goto("/feed");
    await postCard(page, kept).waitFor();
    expect(await postCard(page, reported).count()).toBe(0);
    await context.close();

    const mine = await author.newPage();
    await mine.goto("/profile");
    const drawing = mine.getByRole("listitem").filter({ hasText: "Hidden by a moderator" });
    await drawing.getByText(HIDE_REASON).waitFor();
    await mine.close();
  });

  it("the admin rejects a pending post with the r shortcut; its author sees the reason", async () => {
    const { context, page } = await signedInPage(ADMIN_EMAIL, PHONE);
    await page.goto("/admin/moderation");
    const tab = page.getByRole("tab", { name: /^Waiting for approval/ });
    await tab.waitFor();
    expect(await tab.getAttribute("aria-selected")).toBe("true");
    const item = postCard(page, pending);
    await item.waitFor();
    await item.getByText("Waiting for approval").first().waitFor();
    await photosLoaded(item);
    await screenshot(page, "moderation-pending-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A click selects it (and focuses it); r opens the reject dialog.
    await item.getByText(pending).click();
    await expect.poll(() => item.getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("r");
    const dialog = page.getByRole("dialog", { name: "Reject post" });
    await dialog.getByLabel("Reason (they will see it)").fill(REJECT_REASON);
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expectToast(page, "Success", "Post rejected.");
    await expect.poll(() => item.count()).toBe(0);
    await context.close();

    const mine = await author.newPage();
    await mine.goto("/profile");
    await mine.getByRole("listitem").filter({ hasText: "Not approved" }).getByText(REJECT_REASON).waitFor();
    await mine.close();
  });

  it("a notification's link shows the post first, its comment highlighted; a gone post is said", async () => {
    const page = await admin.newPage();
    const comments = (await (await admin.request.get(`/api/posts/${keptId}`)).json()) as { comments: { id: string }[] };
    await page.goto(`/feed?post=${keptId}&comment=${comments.comments[0]!.id}`);
    const first = page.getByRole("article").first();
    await first.getByText(kept).waitFor();
    const highlighted = first.locator(`#comment-${comments.comments[0]!.id} [aria-current=true]`);
    await highlighted.getByText(`First! ${stamp}`).waitFor();
    await photosLoaded(first);
    await screenshot(page, "moderation-linked-comment-desktop");

    // The admin's own tools in the feed: hide the comment (with a reason), then restore it.
    const commentMenu = `More actions for ${authorName}'s comment`;
    await (await openMenu(page, first, commentMenu)).getByRole("menuitem", { name: "Hide..." }).click();
    const dialog = page.getByRole("dialog", { name: "Hide comment" });
    await dialog.getByLabel("Reason (they will see it)").fill("Too short to be kind");
    await dialog.getByRole("button", { name: "Hide" }).click();
    await expectToast(page, "Success", "Comment hidden.");
    await first.getByText("Hidden by a moderator: Too short to be kind").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await (await openMenu(page, first, commentMenu)).getByRole("menuitem", { name: "Restore" }).click();
    await expectToast(page, "Success", "Comment restored.");
    await expect.poll(() => first.getByText("Hidden by a moderator").count()).toBe(0);
    await page.goto(`/feed?post=00000000-0000-4000-8000-000000000000`);
    await page.getByText("This post is no longer available").waitFor();
    await page.close();
  });

  it("a member blocks the author: their posts vanish from the feed", async () => {
    const { context, page } = await signedInPage(reporterEmail);
    await page.goto("/feed");
    const card = postCard(page, kept);
    await card.waitFor();
    await (
      await openMenu(page, card, `More actions for ${authorName}'s post`)
    )
      .getByRole("menuitem", { name: `Block ${authorName}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Block ${authorName}?` });
    await dialog
      .getByText(
        "You won't see each other's posts, comments or likes, and neither of you can comment on the other's posts. They won't be told.",
      )
      .waitFor();
    await screenshot(page, "moderation-block-desktop");
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { name: "Community Feed" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await postCard(page, kept).count()).toBe(0);
    expect(
      (
        await context.request.delete(`/api/blocks/${(await (await author.request.get("/api/auth/user")).json()).id}`)
      ).status(),
    ).toBe(200);
    await context.close();
  });

  it("the audit log shows 20 entries, and older ones with Load more", async () => {
    const me = (await (await author.request.get("/api/auth/user")).json()) as { id: string };
    for (let n = 1; n <= 21; n++) {
      const warned = await admin.request.post("/api/admin/moderation/actions", {
        data: { action: "warn", userId: me.id, reason: `Warning ${n} of 21 ${stamp}` },
      });
      expect(warned.status(), await warned.text()).toBe(200);
    }
    const { context, page } = await signedInPage(ADMIN_EMAIL, PHONE);
    await page.goto("/admin/moderation?tab=log");
    const entries = page.getByRole("list", { name: "Audit log entries" }).getByRole("listitem");
    await entries.first().getByText(`Warning 21 of 21 ${stamp}`).waitFor();
    expect(await entries.first().textContent()).toContain(`warned ${authorName}`);
    await expect.poll(() => entries.count()).toBe(20);
    expect(await page.getByText(`Warning 1 of 21 ${stamp}`).count()).toBe(0);
    await screenshot(page, "moderation-log-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("button", { name: "Load more" }).click();
    await page.getByText(`Warning 1 of 21 ${stamp}`).waitFor();
    expect(await entries.count()).toBeGreaterThan(20);
    await context.close();
  });

  it("a suspended member is told until when and why when they like a post", async () => {
    const me = (await (await author.request.get("/api/auth/user")).json()) as { id: string };
    const suspended = await admin.request.post("/api/admin/moderation/actions", {
      data: { action: "suspend", userId: me.id, days: 1, reason: "Spamming the comments" },
    });
    expect(suspended.status(), await suspended.text()).toBe(200);
    const page = await author.newPage();
    await page.goto("/feed");
    const card = postCard(page, kept);
    await card.waitFor();
    await card.getByRole("button", { name: /^Like/ }).click();
    await expectToast(page, "You cannot like this");
    await page
      .locator("li[data-state=open]")
      .getByText(/Your account is suspended until .*Spamming the comments/)
      .waitFor();
    await card.getByRole("button", { name: /^Comments/ }).click();
    await card.getByPlaceholder("Add a comment...").fill("Still here");
    await card.getByRole("button", { name: "Post", exact: true }).click();
    await card.getByRole("alert").filter({ hasText: "Your account is suspended until" }).waitFor();
    await page.close();
    expect(
      (await admin.request.post("/api/admin/moderation/actions", { data: { action: "lift", userId: me.id } })).status(),
    ).toBe(200);
  });
});
