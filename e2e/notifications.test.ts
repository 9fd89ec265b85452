import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, outboxFor } from "../src/server/test/mail";
import { launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";
import { createPost } from "./support/posts";
import { workerServer } from "./support/worker-server";

// The bell, the profile's e-mail switches, blocked people and reports, and the unsubscribe page.
// An author's approved drawing is liked and commented on by a fan (seeded through the API), so
// the author has notifications; the approval's e-mail carries the unsubscribe link.

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const author = `notif-author-${stamp}@example.com`;
const fan = `notif-fan-${stamp}@example.com`;
const suspended = `notif-suspended-${stamp}@example.com`;
const fanName = fan.split("@")[0]!;

let browser: Browser;
let postId: string;
let fanId: string;
let approvalLink: string;

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const unreadOf = async (context: BrowserContext) =>
  ((await (await context.request.get("/api/auth/user")).json()) as { unreadNotifications: number }).unreadNotifications;

async function signedIn(email: string, viewport = WIDE): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser, viewport);
  await signIn(session.context, email);
  return session;
}

/** A screenshot of what is on screen (an open list over the page), beside the full-page ones. */
async function screenshotOfView(page: Page, name: string): Promise<void> {
  const dir = path.resolve("test-results/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The unsubscribe page's address in the newest message to `email` with this subject. */
async function unsubscribeLink(email: string, subject: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    for (const raw of outboxFor(workerServer().dataDir, email).reverse()) {
      if (!raw.includes(`Subject: ${subject}`)) continue;
      const link = /https?:\/\/[^\s"<>/]+\/unsubscribe\?token=[^\s"<>]+/.exec(decodeQuotedPrintable(raw))?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no unsubscribe link for ${email} in the outbox`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [authorSession, fanSession, adminSession] = await Promise.all([
    signedIn(author),
    signedIn(fan),
    signedIn(ADMIN_EMAIL),
  ]);
  postId = await createPost(authorSession.context.request, `Notifications journey ${stamp}`);
  expect((await adminSession.context.request.put(`/api/posts/${postId}/approve`)).status()).toBe(200);
  expect((await fanSession.context.request.post(`/api/posts/${postId}/like`)).status()).toBe(200);
  expect(
    (
      await fanSession.context.request.post(`/api/posts/${postId}/comment`, { data: { text: "Those wings are great" } })
    ).status(),
  ).toBe(201);
  fanId = ((await (await fanSession.context.request.get("/api/auth/user")).json()) as { id: string }).id;
  await Promise.all([authorSession.context.close(), fanSession.context.close(), adminSession.context.close()]);
  // The approval's e-mail goes out at once, in the background: it must be in the outbox before the
  // bell's test marks everything read (only unread notifications are mailed).
  approvalLink = await unsubscribeLink(author, "Your drawing was approved");
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("the bell", () => {
  it("shows the unread count; the list says who liked the dragon, opens it and is marked read", async () => {
    const { context, page } = await signedIn(author);
    await page.goto("/home");
    const unread = await unreadOf(context);
    expect(unread).toBeGreaterThanOrEqual(3); // approved, liked, commented
    await expect.poll(() => bell(page).getAttribute("aria-label")).toBe(`Notifications, ${unread} unread`);

    await bell(page).click();
    await panel(page).waitFor();
    const liked = panel(page).getByRole("link", { name: new RegExp(`${fanName} liked your dragon`) });
    await liked.waitFor();
    await panel(page)
      .getByRole("link", { name: /commented on your dragon/ })
      .waitFor();
    await screenshotOfView(page, "notifications-bell-1440");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Escape closes it and gives focus back to the bell.
    await page.keyboard.press("Escape");
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await bell(page).evaluate((element) => element === document.activeElement)).toBe(true);

    // Opening one reads it and goes to the post.
    await bell(page).click();
    await liked.click();
    await page.waitForURL((url) => url.pathname === "/feed" && url.searchParams.get("post") === postId);
    await expect.poll(() => unreadOf(context)).toBe(unread - 1);
    await expect.poll(() => bell(page).getAttribute("aria-label")).toBe(`Notifications, ${unread - 1} unread`);

    // Mark all read clears the count.
    await bell(page).click();
    const markAll = panel(page).getByRole("button", { name: "Mark all read" });
    await markAll.click();
    // Nothing left unread: the button goes, every item stays, read.
    await expect.poll(() => markAll.count()).toBe(0);
    expect(await panel(page).getByText("Unread:").count()).toBe(0);
    await panel(page)
      .getByRole("link", { name: new RegExp(`${fanName} liked your dragon`) })
      .waitFor();
    expect(await unreadOf(context)).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => bell(page).getAttribute("aria-label")).toBe("Notifications");
    await context.close();
  });

  it("on a phone: the bell in the header, the list over the page, 20 at a time; an empty list says so", async () => {
    // Twenty more comments: more than the first page of the list.
    const fanSession = await signedIn(fan);
    for (let n = 1; n <= 20; n += 1) {
      expect(
        (
          await fanSession.context.request.post(`/api/posts/${postId}/comment`, {
            data: { text: `Comment number ${n}` },
          })
        ).status(),
      ).toBe(201);
    }
    await fanSession.context.close();

    const { context, page } = await signedIn(author, PHONE);
    await page.goto("/home");
    const box = await bell(page).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await bell(page).click();
    await panel(page)
      .getByRole("link", { name: new RegExp(`${fanName} commented on your dragon`) })
      .first()
      .waitFor();
    await screenshotOfView(page, "notifications-bell-390");
    expect(await seriousA11yViolations(page)).toEqual([]);
    const items = panel(page).getByRole("list", { name: "Your notifications" }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(20);
    await panel(page).getByRole("button", { name: "Load more" }).click();
    // The approval, the like and the first comment were older than the newest twenty.
    await expect.poll(() => items.count()).toBe(23);
    await panel(page)
      .getByRole("link", { name: /Your drawing was approved/ })
      .waitFor();
    await panel(page)
      .getByRole("link", { name: new RegExp(`${fanName} liked your dragon`) })
      .waitFor();
    await expect.poll(() => panel(page).getByRole("button", { name: "Load more" }).count()).toBe(0);
    await context.close();

    const fresh = await signedIn(suspended, PHONE);
    await fresh.page.goto("/home");
    await bell(fresh.page).click();
    await panel(fresh.page).getByText("No notifications yet").waitFor();
    await screenshotOfView(fresh.page, "notifications-empty-390");
    await fresh.context.close();
  });
});

describe("a notification's link on a phone", () => {
  /** These lie wholly between the header and the bottom navigation. */
  async function expectInView(page: Page, targets: Locator[]) {
    const header = (await page.locator("header").first().boundingBox())!;
    const nav = (await page.getByRole("navigation", { name: "Sections" }).boundingBox())!;
    // Every scroll into view (this one, a focused field's) keeps clear of the navigation's height.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe(
      `${nav.height}px`,
    );
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.y, "below the header").toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y + box.height, "above the bottom navigation").toBeLessThanOrEqual(nav.y);
    }
  }

  it("scrolls the comment it leads to, and the box to answer in, above the bottom navigation", async () => {
    const { context, page } = await newPage(browser, PHONE, { hasTouch: true, isMobile: true });
    await signIn(context, author);
    const post = (await (await context.request.get(`/api/posts/${postId}`)).json()) as {
      comments: { id: string; text: string }[];
    };
    const highlighted = page.locator('[aria-current="true"]');
    // The newest comment, from the bell: the last of the list, right above the box.
    await page.goto("/home");
    await bell(page).click();
    await panel(page)
      .getByRole("link", { name: new RegExp(`${fanName} commented on your dragon`) })
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.get("comment") === post.comments.at(-1)!.id);
    await highlighted.getByText(post.comments.at(-1)!.text).waitFor();
    await expectInView(page, [highlighted, page.getByPlaceholder("Add a comment...")]);
    await screenshotOfView(page, "notification-deep-link-390");

    // From an e-mailed link, with the rest of the feed arriving after the scroll, and empty: the
    // comment stays where it was scrolled to (the page below it never shrinks).
    let answerFeed = () => {};
    const feedHeld = new Promise<void>((resolve) => (answerFeed = resolve));
    await page.route(
      (url) => url.pathname === "/api/posts",
      async (route) => {
        await feedHeld;
        await route.fulfill({ json: [] });
      },
    );
    await page.goto(`/feed?post=${postId}&comment=${post.comments.at(-1)!.id}`);
    await highlighted.getByText(post.comments.at(-1)!.text).waitFor();
    const scrolledTo = (await highlighted.boundingBox())!.y;
    const feedAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/posts");
    answerFeed();
    await feedAnswered;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect((await highlighted.boundingBox())!.y).toBe(scrolledTo);
    await expectInView(page, [highlighted, page.getByPlaceholder("Add a comment...")]);
    await page.unrouteAll();

    // The oldest, from an e-mailed link: the page loads with it.
    await page.goto(`/feed?post=${postId}&comment=${post.comments[0]!.id}`);
    await highlighted.getByText("Those wings are great").waitFor();
    await expectInView(page, [highlighted]);
    await context.close();

    const wide = await signedIn(author, WIDE);
    await wide.page.goto(`/feed?post=${postId}&comment=${post.comments.at(-1)!.id}`);
    await wide.page.locator('[aria-current="true"]').waitFor();
    await screenshotOfView(wide.page, "notification-deep-link-1440");
    await wide.context.close();
  });
});

describe("e-mail notifications", () => {
  it("the profile's switches keep their state across a reload", async () => {
    const { context, page } = await signedIn(fan);
    await page.goto("/profile");
    const comments = page.getByRole("switch", {
      name: "When someone comments on my drawing or replies under my comment",
    });
    await expect.poll(() => comments.getAttribute("aria-checked")).toBe("true");
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/notifications/email-settings") && response.request().method() === "PUT",
    );
    await comments.click();
    expect((await saved).status()).toBe(200);
    expect(await comments.getAttribute("aria-checked")).toBe("false");
    await page.reload();
    await expect.poll(() => comments.getAttribute("aria-checked")).toBe("false");
    await expect
      .poll(() => page.getByRole("switch", { name: "When my drawing is approved" }).getAttribute("aria-checked"))
      .toBe("true");
    const settings = (await (await context.request.get("/api/notifications/email-settings")).json()) as Record<
      string,
      boolean
    >;
    expect(settings).toEqual({ approved: true, rejected: true, comment: false });
    await context.close();
  });

  it("the unsubscribe link turns a kind off without signing in; the profile shows it off", async () => {
    const link = new URL(approvalLink);
    expect(link.pathname).toBe("/unsubscribe");
    for (const viewport of [PHONE, WIDE]) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByText("When my drawing is approved").waitFor();
      await screenshot(page, `unsubscribe-${viewport.width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    }
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("button", { name: "Turn off these e-mails" }).click();
    await page
      .getByText("Done — you won't get these e-mails any more. You can switch them back on in your profile.")
      .waitFor();
    await screenshot(page, "unsubscribe-done-390");
    await context.close();

    const signedInAuthor = await signedIn(author);
    await signedInAuthor.page.goto("/profile");
    await expect
      .poll(() =>
        signedInAuthor.page.getByRole("switch", { name: "When my drawing is approved" }).getAttribute("aria-checked"),
      )
      .toBe("false");
    await signedInAuthor.context.close();
  });

  it("an unsubscribe link that is not valid says so", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto("/unsubscribe?token=not-a-real-token-at-all");
    await page.getByText("This unsubscribe link is invalid.").waitFor();
    expect(await page.getByRole("button", { name: "Turn off these e-mails" }).count()).toBe(0);
    await context.close();
  });
});

describe("the profile", () => {
  it("lists blocked people with Unblock, the member's reports, and a suspension's banner", async () => {
    // The fan reports the author's post: pending in the fan's reports.
    const fanSession = await signedIn(fan);
    expect((await fanSession.context.request.post("/api/reports", { data: { postId, reason: "spam" } })).status()).toBe(
      201,
    );
    await fanSession.page.goto("/profile");
    const reports = fanSession.page.getByRole("list", { name: "My reports" });
    await reports.getByText("A post: Spam").waitFor();
    await reports.getByText("Pending").waitFor();
    await fanSession.context.close();

    // Then the author blocks the fan.
    const authorSession = await signedIn(author);
    expect((await authorSession.context.request.put(`/api/blocks/${fanId}`)).status()).toBe(200);
    await authorSession.context.close();

    for (const viewport of [PHONE, WIDE]) {
      const { context, page } = await signedIn(author, viewport);
      await page.goto("/profile");
      const blocked = page.getByRole("list", { name: "Blocked people" });
      await blocked.getByText(fanName).waitFor();
      await page.getByRole("heading", { name: "E-mail notifications" }).waitFor();
      await screenshot(page, `profile-notifications-${viewport.width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    }

    const { context, page } = await signedIn(author);
    await page.goto("/profile");
    await page.getByRole("button", { name: `Unblock ${fanName}` }).click();
    await page.getByText("You haven't blocked anyone").waitFor();
    expect(await (await context.request.get("/api/blocks")).json()).toEqual([]);
    await context.close();

    // Suspended by an admin: the profile says until when and why, and that the data card still works.
    const suspendedSession = await signedIn(suspended);
    const suspendedId = (
      (await (await suspendedSession.context.request.get("/api/auth/user")).json()) as { id: string }
    ).id;
    const admin = await signedIn(ADMIN_EMAIL, PHONE);
    const action = await admin.context.request.post("/api/admin/moderation/actions", {
      data: { action: "suspend", userId: suspendedId, days: 7, reason: "Spam links in comments" },
    });
    expect(action.status(), await action.text()).toBe(200);
    await admin.page.goto("/profile");
    await admin.page.getByRole("link", { name: /Moderation Queue\s*\d+ waiting/ }).waitFor();
    await admin.context.close();
    await suspendedSession.page.goto("/profile");
    const banner = suspendedSession.page.getByRole("alert").filter({ hasText: "Your account is suspended until" });
    await banner.getByText(/: Spam links in comments$/).waitFor();
    await screenshotOfView(suspendedSession.page, "profile-suspended-1440");
    expect(await seriousA11yViolations(suspendedSession.page)).toEqual([]);
    await banner.getByRole("link", { name: "download or delete your data" }).click();
    await expect.poll(() => suspendedSession.page.getByRole("heading", { name: "Your data" }).isVisible()).toBe(true);
    expect(new URL(suspendedSession.page.url()).hash).toBe("#your-data");
    await suspendedSession.context.close();
  });
});
