import fs from "node:fs";
import type { APIRequestContext, Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../src/server/test/images";
import type { AdminStats, SiteAnalytics } from "../src/shared/stats/responses";
import { PHONE, launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";

const WIDE = { width: 1440, height: 900 };

// The shared server also holds what other journeys made, so figures are checked against what
// GET /api/admin/stats answers, and against what this file's own data must at least add.
const stamp = Date.now();
const poster = `stats-poster-${stamp}@example.com`;
const lurker = `stats-lurker-${stamp}@example.com`;
const user = `stats-user-${stamp}@example.com`;
const waiting = [`stats-wait-a-${stamp}@example.com`, `stats-wait-b-${stamp}@example.com`];
const visitedPath = `/stats-journey-${stamp}`;
// A canvas whose dragon is gone: its address stays as it was counted.
const gonePath = "/draw/0f0e0d0c-0b0a-4909-8807-060504030201";
let canvasPath: string;
let dragonName: string;

let browser: Browser;

/** Post a photo through the real upload protocol and the posts API; answers the post id. */
async function postDrawing(request: APIRequestContext, dragonId: string): Promise<string> {
  const grant = await request.post("/api/objects/upload", {
    data: { filename: "drawing.png", contentType: "image/png" },
  });
  expect(grant.status()).toBe(200);
  const { signedUrl, objectPath } = (await grant.json()) as { signedUrl: string; objectPath: string };
  expect(
    (
      await request.put(signedUrl, { headers: { "content-type": "image/png" }, data: await illustrationPng(400, 300) })
    ).status(),
  ).toBe(200);
  expect((await request.post("/api/objects/set-acl", { data: { objectPath, visibility: "private" } })).status()).toBe(
    200,
  );
  const created = await request.post("/api/posts", {
    data: { dragonId, description: `Stats journey ${stamp}`, images: [objectPath] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function adminPage(viewport = WIDE): Promise<Page> {
  const { context, page } = await newPage(browser, viewport);
  await signIn(context, ADMIN_EMAIL);
  return page;
}

const currentStats = async (page: Page) => (await (await page.request.get("/api/admin/stats")).json()) as AdminStats;
const n = (value: number) => value.toLocaleString("en-US");

beforeAll(async () => {
  browser = await launchBrowser();
  // A user with two posts (one approved, liked and commented on), one without any, a waitlist
  // and page views from two browsers.
  const { context: posterContext } = await newPage(browser);
  await signIn(posterContext, poster);
  const dragons = (await (await posterContext.request.get("/api/dragons")).json()) as { id: string; name: string }[];
  canvasPath = `/draw/${dragons[0]!.id}`;
  dragonName = dragons[0]!.name;
  const first = await postDrawing(posterContext.request, dragons[0]!.id);
  await postDrawing(posterContext.request, dragons[0]!.id);

  const { context: lurkerContext } = await newPage(browser);
  await signIn(lurkerContext, lurker);
  const admin = await adminPage();
  expect((await admin.request.put(`/api/posts/${first}/approve`)).status()).toBe(200);
  expect((await lurkerContext.request.post(`/api/posts/${first}/like`)).status()).toBe(200);
  expect(
    (await lurkerContext.request.post(`/api/posts/${first}/comment`, { data: { text: "Lovely scales" } })).status(),
  ).toBe(201);
  for (const email of waiting)
    expect((await lurkerContext.request.post("/api/waitlist", { data: { email } })).status()).toBe(200);
  // Two people: one address here, so two browsers tell them apart.
  for (const [context, referrer, agent] of [
    [posterContext, "https://friends.example/list?ref=stats", "Chrome/150.0"],
    [lurkerContext, null, "Firefox/140.0"],
  ] as const) {
    const view = await context.request.post("/api/analytics/pageview", {
      data: { path: visitedPath, referrer },
      headers: { "user-agent": `Mozilla/5.0 (X11; Linux x86_64) ${agent}` },
    });
    expect(view.status()).toBe(204);
  }
  // Enough views to be among the top pages whatever other journeys on this server counted.
  for (let i = 0; i < 25; i += 1)
    for (const path of [canvasPath, gonePath]) {
      const view = await posterContext.request.post("/api/analytics/pageview", {
        data: { path, referrer: null },
        headers: { "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/150.${i}` },
      });
      expect(view.status()).toBe(204);
    }
  await Promise.all([posterContext.close(), lurkerContext.close(), admin.context().close()]);
});
afterAll(async () => {
  await browser.close();
});

describe("admin statistics", () => {
  it("a visitor at /admin/stats gets the not-found page", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto("/admin/stats");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await context.close();
  });

  it("a signed-in user who is not an admin sees Access Denied", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(context, user);
    expect((await page.request.get("/api/admin/stats")).status()).toBe(403);
    await page.goto("/admin/stats");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByText("You need admin privileges to view this page.").waitFor();
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL("**/home");
    await context.close();
  });

  it("an admin sees every card with the figures, the chart and the three tables", async () => {
    const page = await adminPage();
    await page.goto("/admin/stats");
    await page.getByRole("heading", { name: "Statistics Dashboard" }).waitFor();
    await page.getByRole("group", { name: "Total Users" }).waitFor();
    const stats = await currentStats(page);
    const { overview } = stats;

    // What this file's own data must at least have added.
    expect(overview.totalUsers).toBeGreaterThanOrEqual(4);
    expect(overview.adminUsers).toBeGreaterThanOrEqual(1);
    expect(overview.totalPosts).toBeGreaterThanOrEqual(2);
    expect(overview.approvedPosts).toBeGreaterThanOrEqual(1);
    expect(overview.pendingPosts).toBeGreaterThanOrEqual(1);
    expect(overview.totalDragons).toBeGreaterThanOrEqual(1);
    expect(overview.totalLikes).toBeGreaterThanOrEqual(1);
    expect(overview.totalComments).toBeGreaterThanOrEqual(1);
    expect(overview.totalWaitlist).toBeGreaterThanOrEqual(2);
    // Rejected posts (other journeys moderate on this server) count in the total, neither approved nor pending.
    expect(overview.totalPosts).toBe(overview.approvedPosts + overview.pendingPosts + overview.rejectedPosts);

    const card = (name: string) => page.getByRole("group", { name, exact: true });
    const expectCard = async (name: string, value: number, detail: string) => {
      expect(await card(name).textContent()).toBe(`${name}${n(value)}${detail}`);
    };
    await expectCard(
      "Total Users",
      overview.totalUsers,
      `${n(overview.verifiedUsers)} verified · ${n(overview.adminUsers)} admin${overview.adminUsers === 1 ? "" : "s"}`,
    );
    const notApproved = overview.rejectedPosts ? ` · ${n(overview.rejectedPosts)} not approved` : "";
    await expectCard(
      "Posts",
      overview.totalPosts,
      `${n(overview.approvedPosts)} approved · ${n(overview.pendingPosts)} pending${notApproved}`,
    );
    await expectCard("Dragon Templates", overview.totalDragons, "In the library");
    await expectCard("Total Likes", overview.totalLikes, "On feed posts");
    await expectCard("Total Comments", overview.totalComments, "On feed posts");
    await expectCard("Pro Waitlist", overview.totalWaitlist, "Waiting for Pro");

    // The timeline: this month has our sign-ups; the chart is drawn and the numbers are in a table.
    const thisMonth = stats.registrationTimeline.at(-1)!;
    expect(stats.registrationTimeline).toHaveLength(12);
    expect(thisMonth.month).toBe(new Date().toISOString().slice(0, 7));
    expect(thisMonth.count).toBeGreaterThanOrEqual(4);
    const chart = page.getByRole("img", { name: "Bar chart of sign-ups per month for the last 12 months" });
    await chart.waitFor();
    expect((await chart.boundingBox())!.height).toBeGreaterThan(150);
    const monthName = new Date(`${thisMonth.month}-01T00:00:00Z`).toLocaleString("en-US", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const monthRow = page
      .getByRole("table", { name: "Sign-ups per month, last 12 months" })
      .getByRole("row", { name: monthName });
    expect(await monthRow.getByRole("cell").textContent()).toBe(String(thisMonth.count));

    // Recent registrations: our users, newest first, with their badges.
    const recent = page.getByRole("table", { name: "Recent user registrations" });
    expect(await recent.getByRole("row").count()).toBe(Math.min(stats.recentUsers.length, 50) + 1);
    const posterRow = recent.getByRole("row").filter({ hasText: poster });
    expect(await posterRow.getByText("Verified", { exact: true }).filter({ visible: true }).count()).toBe(1);
    expect(await posterRow.getByText("Admin", { exact: true }).count()).toBe(0);
    const adminRow = recent.getByRole("row").filter({ hasText: ADMIN_EMAIL });
    if (stats.recentUsers.some((u) => u.email === ADMIN_EMAIL))
      await adminRow.getByText("Admin", { exact: true }).filter({ visible: true }).waitFor();

    // Most active: the poster with their two posts; the user without posts is not there.
    const active = page.getByRole("table", { name: "Most active users" });
    const posterActive = stats.activeUsers.find((u) => u.email === poster);
    expect(stats.activeUsers.some((u) => u.email === lurker)).toBe(false);
    expect(await active.getByText(lurker).count()).toBe(0);
    if (posterActive) {
      expect(posterActive.post_count).toBe(2);
      expect(await active.getByRole("row").filter({ hasText: poster }).getByRole("cell").last().textContent()).toBe(
        "2",
      );
    }

    // The waitlist, with its download.
    const waitlist = page.getByRole("table", { name: "Pro feature waitlist" });
    for (const email of waiting) await waitlist.getByRole("cell", { name: email }).waitFor();
    // PRO is off on the shared server: nobody has been told Pro is ready (decision 031).
    await waitlist.getByRole("columnheader", { name: "Told" }).waitFor();
    for (const email of waiting)
      expect(await waitlist.getByRole("row").filter({ hasText: email }).getByRole("cell").last().textContent()).toBe(
        "Not yet",
      );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pro-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv.startsWith("email,joined,told\r\n")).toBe(true);
    for (const email of waiting)
      expect(csv).toMatch(new RegExp(`^${email.replace(/\./g, "\\.")},\\d{4}-\\d{2}-\\d{2}T[^,]*,\r$`, "m"));

    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "stats-desktop");
    await page.context().close();
  });

  it("an admin sees today's views and visitors, the top pages and referrers, and switches the period", async () => {
    const page = await adminPage();
    await page.goto("/admin/stats");
    const section = page.getByRole("region", { name: "Site Analytics" });
    await section.getByRole("img", { name: /^Line chart of page views and visitors per day/ }).waitFor();
    const analytics = (await (await page.request.get("/api/admin/analytics?days=30")).json()) as SiteAnalytics;
    const ours = analytics.topPages.find((entry) => entry.name === visitedPath);
    if (ours) expect(ours).toEqual({ name: visitedPath, views: 2, visitors: 2, title: null });
    // A canvas by its dragon's name, linked; the gone dragon's canvas by its address. (Other
    // journeys on this worker's server may open the same sample dragon's canvas too.)
    const canvasEntry = analytics.topPages.find((entry) => entry.name === canvasPath);
    expect(canvasEntry).toMatchObject({ title: dragonName });
    expect(canvasEntry!.views).toBeGreaterThanOrEqual(25);
    expect(analytics.topPages).toContainEqual({ name: gonePath, views: 25, visitors: 25, title: null });
    const topPages = section.getByRole("table", { name: "Top pages" });
    // The canvas's row is the one linking to it (the dragon's own page may be listed by its name too).
    const canvasRow = topPages.getByRole("row").filter({ has: page.locator(`a[href="${canvasPath}"]`) });
    expect(await canvasRow.getByRole("link").textContent()).toBe(dragonName);
    await canvasRow.getByText("Canvas").waitFor();
    await topPages.getByRole("cell", { name: gonePath }).waitFor();
    const today = analytics.daily.at(-1)!;
    expect(today.views).toBeGreaterThanOrEqual(2);
    expect(today.visitors).toBeGreaterThanOrEqual(1);
    expect(analytics.topReferrers).toContainEqual(expect.objectContaining({ name: "friends.example" }));
    await section
      .getByRole("table", { name: "Top referrers" })
      .getByRole("cell", { name: "friends.example" })
      .waitFor();
    const dayTable = section.getByRole("table", { name: /^Page views and visitors per day/ });
    expect(await dayTable.getByRole("row").count()).toBe(31);

    await section.getByRole("button", { name: "7 days" }).click();
    await expect.poll(() => dayTable.getByRole("row").count()).toBe(8);
    expect(await section.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(await section.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("false");
    await section
      .getByRole("img", { name: "Line chart of page views and visitors per day for the last 7 days" })
      .waitFor();
    await section.getByRole("button", { name: "90 days" }).click();
    await expect.poll(() => dayTable.getByRole("row").count()).toBe(91);
    await page.context().close();
  });

  it("an admin sees 'Loading statistics...' while they load, and the error when they cannot be fetched", async () => {
    const page = await adminPage(PHONE);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/admin/stats", async (route) => {
      await answered;
      await route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" });
    });
    await page.goto("/admin/stats");
    await page.getByText("Loading statistics...").waitFor();
    answer();
    await page.getByRole("heading", { name: "Error Loading Stats" }).waitFor();
    await page.getByText("Failed to fetch statistics. Please try again later.").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("works at 390 px: badges and counts in view, a cue on tables that scroll, pages by name", async () => {
    const page = await adminPage(PHONE);
    await page.goto("/admin/stats");
    await page.getByRole("img", { name: "Bar chart of sign-ups per month for the last 12 months" }).waitFor();
    await page.getByRole("img", { name: /^Line chart of page views/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    /** Wholly inside the screen's width: not cut at a card's edge. */
    const expectUncut = async (element: Locator) => {
      const box = (await element.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - 16);
    };

    // Recent registrations: the badges under the e-mail, the date beside it, nothing to scroll.
    const recent = page.getByRole("table", { name: "Recent user registrations" });
    const posterRow = recent.getByRole("row").filter({ hasText: poster });
    await expectUncut(posterRow.getByText("Verified", { exact: true }).filter({ visible: true }));
    await expectUncut(posterRow.getByRole("cell").last());
    // Most active: the posts column in view.
    const active = page.getByRole("table", { name: "Most active users" });
    await expectUncut(active.getByRole("columnheader", { name: "Posts" }));
    await expectUncut(active.getByRole("row").nth(1).getByRole("cell").last());

    // The waitlist is wider than a phone: it scrolls inside its card, and says so with a chevron
    // on the side that has more, which moves to the other side at the end.
    const waitlist = page.getByRole("region", { name: "Pro feature waitlist", exact: true });
    const cue = page.locator("[data-more]").filter({ has: waitlist });
    const widths = await waitlist.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await expect.poll(() => cue.getAttribute("data-more")).toBe("after");
    await waitlist.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => cue.getAttribute("data-more")).toBe("before");
    await waitlist.evaluate((element) => element.scrollTo({ left: 0 }));
    await expect.poll(() => cue.getAttribute("data-more")).toBe("after");
    expect(
      await page
        .locator("[data-more]")
        .filter({ has: page.getByRole("region", { name: "Most active users" }) })
        .count(),
    ).toBe(0);

    // Top pages by name, linked to the page.
    const topPages = page.getByRole("table", { name: "Top pages" });
    await topPages.getByRole("link", { name: dragonName }).first().waitFor();
    await expectUncut(topPages.getByRole("link", { name: dragonName }).first());
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "stats-phone");
    await page.context().close();
  });
});
