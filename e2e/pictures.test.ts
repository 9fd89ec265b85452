import fs from "node:fs";
import { PDFDocument } from "@cantoo/pdf-lib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationLink, waitForMail } from "../src/server/test/mail";
import { startImagesApi } from "../src/server/test/images-api";
import { illustrationPng, phonePhotoJpeg } from "../src/server/test/images";
import type { Dragon } from "../src/shared/dragons/responses";
import { PHONE, expectToast, launchBrowser, newContext, screenshot, seriousA11yViolations } from "./support/browser";
import { preparedDataDir, startServer, type ServerProcess } from "./support/server-process";

// Issue 30: a Pro member's own pictures (decision 031). A server of its own with PRO=granted: an
// admin gives a member Pro, the member uploads a photo through the widget, finds it in 'My
// pictures', draws on it, prints it, renames and downloads it; nobody else can see it, its page or
// its files. The same data with PRO=off: the member meets the spec's waitlist again, keeps their
// picture and can still delete it. Then PRO=everyone: another verified member has Pro without a grant.

// The offline part needs Playwright's offline switch to reach the service worker's own fetches.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

const WIDE = { width: 1440, height: 900 };
const PASSWORD = "correct horse battery";
const ADMIN = "pictures-admin@example.com";
const MEMBER = "pictures-pro@example.com";
const OTHER = "pictures-other@example.com";
const NAME = "Tom on the sofa";
const RENAMED = "Tom asleep";

let browser: Browser;
let server: ServerProcess;
let imagesApi: Awaited<ReturnType<typeof startImagesApi>>;
const dataDir = preparedDataDir();
let member: BrowserContext;
let pictureId = "";

const settings = (pro: "granted" | "off" | "everyone") => ({
  DATA_DIR: dataDir,
  PRO: pro,
  PRO_AI_PER_DAY: "1",
  ADMIN_EMAILS: ADMIN,
  IMAGE_API_URL: imagesApi.baseUrl,
  IMAGE_API_KEY: "e2e",
  TRUST_PROXY: "127.0.0.1",
});

/** A browser context on our server, signed in as `email` (registered and verified the first time). */
async function signedIn(email: string, options: { serviceWorkers?: "allow" } = {}): Promise<BrowserContext> {
  const context = await newContext(browser, { baseURL: server.url, viewport: WIDE, ...options });
  const headers = { "x-forwarded-for": `198.51.100.${email.length}` };
  const login = () => context.request.post("/api/auth/login", { data: { email, password: PASSWORD }, headers });
  if ((await login()).status() !== 200) {
    expect(
      (
        await context.request.post("/api/auth/register", {
          data: { email, password: PASSWORD, firstName: email.split("@")[0] },
          headers,
        })
      ).status(),
    ).toBe(201);
    const link = verificationLink((await waitForMail(dataDir, email)).at(-1)!)!;
    expect((await context.request.get(`/api/auth/verify-email${new URL(link).search}`, { headers })).status()).toBe(
      200,
    );
    expect((await login()).status()).toBe(200);
  }
  return context;
}

const myPictures = (page: Page) => page.getByRole("region", { name: "My pictures" });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Every image in `selector` has loaded a real picture. */
async function imagesLoaded(page: Page, selector: string) {
  await expect
    .poll(
      () =>
        page.$$eval(selector, (imgs) =>
          (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function openHome(page: Page) {
  await page.goto("/home");
  await page.getByRole("heading", { name: "Dragon Library" }).waitFor();
}

/** Mark the cell at the paper's top-left corner done, through the cell viewer's D key. */
async function markFirstCellDone(page: Page) {
  const paper = page.getByTestId("paper");
  await paper.click({ position: { x: 5, y: 5 } });
  const viewer = page.getByRole("dialog");
  await viewer.getByRole("heading", { name: "Cell A1" }).waitFor();
  await page.keyboard.press("d");
  await viewer.getByText("Done ✓").waitFor();
  await viewer.getByRole("button", { name: "Undo" }).waitFor();
  await page.keyboard.press("Escape");
  await viewer.waitFor({ state: "detached" });
}

beforeAll(async () => {
  imagesApi = await startImagesApi(await illustrationPng(320, 240));
  server = await startServer(settings("granted"));
  browser = await launchBrowser();
  member = await signedIn(MEMBER);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await imagesApi?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a Pro member's own pictures (PRO=granted)", () => {
  it("before Pro, the member's buttons open the waitlist; an admin gives them Pro on /admin/users", async () => {
    const page = await member.newPage();
    await openHome(page);
    await page.getByRole("button", { name: "Upload my own image" }).click();
    await page.getByRole("dialog", { name: "Unlock Dragon Grid Pro — Coming Soon!" }).waitFor();
    expect(await myPictures(page).count()).toBe(0);
    await page.close();

    // The admin finds the member on /admin/users and gives them Pro.
    const admin = await signedIn(ADMIN);
    const people = await admin.newPage();
    await people.goto("/admin/users");
    await people.getByLabel("Search people").fill(MEMBER);
    const row = people.getByRole("list", { name: "People" }).locator(":scope > li").filter({ hasText: MEMBER });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole("button", { name: "Grant Pro" }).click();
    await people
      .getByRole("dialog", { name: /^Give .+ Pro\?$/ })
      .getByRole("button", { name: "Grant Pro" })
      .click();
    await row.getByRole("button", { name: "Remove Pro" }).waitFor();
    await admin.close();
    expect(((await (await member.request.get("/api/auth/user")).json()) as { pro: boolean }).pro).toBe(true);
  });

  it("uploads a photo through the widget, names it with a pencil version, and finds it in 'My pictures'", async () => {
    const page = await member.newPage();
    await openHome(page);
    // Pro, with no pictures yet: the row says where they will be.
    await myPictures(page).getByText("Your own pictures will appear here").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "pictures-empty-desktop");

    await page.getByRole("button", { name: "Upload my own image" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([{ name: "tom.jpg", mimeType: "image/jpeg", buffer: await phonePhotoJpeg(900, 700) }]);
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    const naming = page.getByRole("dialog", { name: "Name your picture" });
    await naming.waitFor({ timeout: 30_000 });
    // The dialog shows the picture being named; its name starts as the file's.
    await naming.getByRole("img", { name: "The picture you uploaded" }).waitFor();
    expect(await naming.getByLabel("Picture name").inputValue()).toBe("tom");
    await naming.getByLabel("Picture name").fill("");
    expect(await naming.getByRole("button", { name: "Save picture" }).isDisabled()).toBe(true);
    await naming.getByLabel("Picture name").fill(NAME);
    await naming.getByLabel("Generate pencil version (adds 1-2 seconds)").check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await naming.getByRole("button", { name: "Save picture" }).click();
    await expectToast(
      page,
      "Success",
      "Your picture and its pencil version are ready in My pictures. Only you can see them.",
    );
    await naming.waitFor({ state: "detached" });

    const card = myPictures(page).getByRole("link", { name: NAME });
    await card.waitFor();
    pictureId = (await card.getAttribute("href"))!.split("/").at(-1)!;
    // Not in the public library, for anyone.
    const library = (await (await member.request.get("/api/dragons")).json()) as Dragon[];
    expect(library.some((d) => d.id === pictureId)).toBe(false);
    await imagesLoaded(page, "main section img");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "pictures-home-desktop");
    await page.setViewportSize(PHONE);
    await myPictures(page).getByRole("link", { name: NAME }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, "pictures-home-phone");
    await page.close();
  });

  it("its page says only the owner sees it; Download gives the hi-res under its name", async () => {
    const page = await member.newPage();
    await openHome(page);
    await myPictures(page).getByRole("link", { name: NAME }).click();
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await page.getByText("Only you can see this picture").waitFor();
    for (const name of ["Rename", "Delete"]) await page.getByRole("button", { name }).waitFor();
    await page.getByRole("button", { name: "Pencil" }).waitFor();
    await imagesLoaded(page, "main img:not([loading=lazy])");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "picture-page-desktop");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${NAME}.png`);
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(1, 4).toString()).toBe("PNG");

    await page.setViewportSize(PHONE);
    await page.getByText("Only you can see this picture").waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    for (const name of ["Rename", "Delete"])
      expect((await page.getByRole("button", { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "picture-page-phone");

    // The page's HTML (kept by shared caches: it is public) names nothing of the picture.
    const html = await (await member.request.get(`/dragon/${pictureId}`)).text();
    expect(html).not.toContain(NAME);
    await page.close();
  });

  it("draws on it like a library template: grid, a done cell kept across a reload, a PDF", async () => {
    const page = await member.newPage();
    await page.goto(`/dragon/${pictureId}`);
    await page.getByRole("link", { name: "Grid my dragon!" }).click();
    await page.waitForURL(`**/draw/${pictureId}?version=color`);
    await page.locator("[data-testid=paper][data-image=hires]").waitFor({ timeout: 30_000 });
    await page.getByLabel("Width").fill("12");
    await page.getByText("12 x 9 cells", { exact: true }).waitFor();
    await markFirstCellDone(page);
    await page.getByText("1 of 108 cells done", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Progress saved");

    await page.reload();
    await page.locator("[data-testid=paper][data-image=hires]").waitFor({ timeout: 30_000 });
    await page.getByText("12 x 9 cells", { exact: true }).waitFor();
    await page.getByText("1 of 108 cells done", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Print / PDF" }).click();
    const dialog = page.getByRole("dialog", { name: "Print / PDF" });
    await dialog.waitFor();
    const [pdfDownload] = await Promise.all([
      page.waitForEvent("download", { timeout: 30_000 }),
      dialog.getByRole("button", { name: "Make PDF" }).click(),
    ]);
    const pdf = await PDFDocument.load(fs.readFileSync((await pdfDownload.path())!));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    await page.close();
  });

  it("another member and a visitor get 404 for its page, its answer and its files", async () => {
    const picture = (await (await member.request.get(`/api/dragons/${pictureId}`)).json()) as Dragon;
    expect(picture.isPrivate).toBe(true);
    const files = [
      picture.previewUrl,
      picture.hiresUrl,
      picture.previewSmallUrl,
      picture.pencilPreviewUrl,
      picture.pencilHiresUrl,
    ].filter((url): url is string => Boolean(url));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const url of files) {
      const own = await member.request.get(url);
      expect(own.status(), url).toBe(200);
      expect(own.headers()["cache-control"], url).toMatch(/private/);
    }

    const other = await signedIn(OTHER);
    const visitor = await newContext(browser, { baseURL: server.url, viewport: WIDE });
    for (const [who, context] of [
      ["another member", other],
      ["a visitor", visitor],
    ] as const) {
      expect((await context.request.get(`/api/dragons/${pictureId}`)).status(), who).toBe(404);
      for (const url of files) expect((await context.request.get(url)).status(), `${who}: ${url}`).toBe(404);
      const page = await context.newPage();
      for (const address of [`/dragon/${pictureId}`, `/draw/${pictureId}`]) {
        const response = await page.goto(address);
        expect(response!.status(), `${who}: ${address}`).toBe(404);
        await page.getByRole("heading", { name: "Dragon Not Found" }).waitFor();
        expect(await page.content()).not.toContain(NAME);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await openHome(page);
      expect(await page.getByRole("img", { name: NAME }).count()).toBe(0);
      await context.close();
    }
  });

  it("reopens offline for its owner, and signing out leaves nothing of it on the device", async () => {
    const context = await signedIn(MEMBER, { serviceWorkers: "allow" });
    const page = await context.newPage();
    await page.goto(`/draw/${pictureId}?version=color`);
    await page.locator("[data-testid=paper][data-image=hires]").waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // The worker controls the page now: one more visit goes through it and keeps the picture.
    await page.reload();
    await page.locator("[data-testid=paper][data-image=hires]").waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      async () => (await (await caches.open("dragon-grid-own")).keys()).some((r) => r.url.includes("hires")),
      undefined,
      { timeout: 30_000 },
    );
    // Nothing of it in the caches for everyone: not its answer, not its files; a page kept there
    // (the page's HTML is public) names nothing of it.
    const shared = await page.evaluate(async () => {
      const kept: { url: string; body: string }[] = [];
      for (const name of (await caches.keys()).filter((n) => n !== "dragon-grid-own")) {
        const cache = await caches.open(name);
        for (const r of await cache.keys())
          kept.push({
            url: r.url,
            body: /\/(assets|objects)\//.test(r.url) ? "" : ((await (await cache.match(r))?.text()) ?? ""),
          });
      }
      return kept;
    });
    expect(
      shared
        .filter(
          ({ url }) => /\/(api|objects)\//.test(url) && (url.includes(pictureId) || url.includes("/objects/pictures/")),
        )
        .map(({ url }) => url),
    ).toEqual([]);
    expect(shared.filter(({ body }) => body.includes(NAME)).map(({ url }) => url)).toEqual([]);

    await context.setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch(`/api/health?probe=1`).then(
          () => "reached",
          () => "failed",
        ),
      ),
    ).toBe("failed");
    await page.reload();
    await page.locator("[data-testid=paper][data-image=hires]").waitFor({ timeout: 30_000 });
    await page.getByText("12 x 9 cells", { exact: true }).waitFor();
    await page.getByText("1 of 108 cells done", { exact: true }).waitFor();
    await context.setOffline(false);
    await page.waitForFunction(
      () =>
        fetch(`/api/health?probe=${Math.random()}`).then(
          () => true,
          () => false,
        ),
      undefined,
      { polling: 200 },
    );

    await page.goto("/profile");
    await page.getByRole("main").getByRole("button", { name: "Sign Out", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("dragon-grid-own")).keys()).length))
      .toBe(0);
    await context.close();
  });

  it("renames it: the page and 'My pictures' show the new name", async () => {
    const page = await member.newPage();
    await page.goto(`/dragon/${pictureId}`);
    await page.getByRole("button", { name: "Rename" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename picture" });
    await dialog.getByLabel("Picture name").fill(RENAMED);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: RENAMED }).waitFor();
    await page.getByRole("link", { name: "Back to Library" }).click();
    await myPictures(page).getByRole("link", { name: RENAMED }).waitFor();
    await page.close();
  });

  it("shares a drawing of it to the feed from its page; once approved, the feed names no picture", async () => {
    const page = await member.newPage();
    await page.goto(`/dragon/${pictureId}`);
    const share = page.getByRole("link", { name: "Share your drawing" });
    await expect.poll(() => share.getAttribute("href")).toBe(`/upload?dragon=${pictureId}`);
    await share.click();
    await page.getByRole("heading", { name: "Upload Your Drawing" }).waitFor();
    const select = page.getByLabel("Which dragon did you draw?");
    await expect.poll(() => select.inputValue()).toBe(pictureId);
    expect(await select.locator(`optgroup[label="My pictures"] > option[value="${pictureId}"]`).count()).toBe(1);
    await page.getByRole("button", { name: "Add Photos (0/5)" }).click();
    const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
    await dashboard.waitFor();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([{ name: "my-drawing.jpg", mimeType: "image/jpeg", buffer: await phonePhotoJpeg(800, 600) }]);
    // The upload page starts uploading on pick.
    await page.getByRole("button", { name: "Add Photos (1/5)" }).waitFor({ timeout: 20_000 });
    await page.getByLabel("Description (optional)").fill("Tom, drawn square by square");
    await page.getByRole("button", { name: "Submit for Review" }).click();
    await expectToast(page, "Success", "Your drawing has been submitted for review!");
    await page.close();

    const admin = await signedIn(ADMIN);
    const pending = (
      (await (await admin.request.get("/api/posts")).json()) as { id: string; description: string }[]
    ).find((post) => post.description === "Tom, drawn square by square")!;
    expect((await admin.request.put(`/api/posts/${pending.id}/approve`)).status()).toBe(200);
    await admin.close();
    const other = await signedIn(OTHER);
    const feed = await (await other.request.get("/api/posts")).text();
    expect(feed).toContain("Tom, drawn square by square");
    expect(feed).not.toContain(pictureId);
    expect(feed).not.toContain(RENAMED);
    await other.close();
  });

  it("'Create my own image' makes an AI picture into 'My pictures'; the day's limit is said plainly", async () => {
    const page = await member.newPage();
    await openHome(page);
    const create = async () => {
      await page.getByRole("button", { name: "Create my own image" }).click();
      const describe = page.getByRole("dialog", { name: "Create Custom Image with AI" });
      await describe.getByLabel("Description").fill("A sleepy cat curled up on a sofa, bold outlines");
      await describe.getByRole("button", { name: "Generate Image" }).click();
    };
    await create();
    const choice = page.getByRole("dialog", { name: "Image Generated Successfully" });
    await choice.waitFor({ timeout: 60_000 });
    await choice.getByRole("button", { name: "No, just color version" }).click();
    const naming = page.getByRole("dialog", { name: "Name your picture" });
    await naming.getByLabel("Picture name").fill("Dream cat");
    expect(await naming.getByLabel("Generate pencil version (adds 1-2 seconds)").isChecked()).toBe(false);
    await naming.getByRole("button", { name: "Save picture" }).click();
    await expectToast(page, "Success", "Your picture is ready in My pictures. Only you can see it.");
    await myPictures(page).getByRole("link", { name: "Dream cat" }).waitFor();

    // PRO_AI_PER_DAY=1: the second of the day is refused with the server's words.
    await create();
    await page
      .getByText(/^You have created 1 AI picture today, the most for one day\./)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.close();
  });
});

describe("the same member with PRO=off", () => {
  it("sees the spec's waitlist again, keeps their pictures and can still delete one", async () => {
    await server.stop();
    server = await startServer(settings("off"));
    // The same account, on the restarted server (a new address, so a new browser context).
    member = await signedIn(MEMBER);
    const page = await member.newPage();
    await openHome(page);
    await page.getByRole("button", { name: "Upload my own image" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlock Dragon Grid Pro — Coming Soon!" });
    await dialog.waitFor();
    expect(await dialog.getByRole("listitem").count()).toBe(3);
    expect(await dialog.textContent()).not.toMatch(/\$|€|£|price/i);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Create my own image" }).click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");

    // What they made while they had Pro stays theirs.
    await myPictures(page).getByRole("link", { name: RENAMED }).click();
    await page.getByRole("heading", { level: 1, name: RENAMED }).waitFor();
    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete picture?" });
    await confirm.getByText(/progress you saved on it will be deleted/).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Deleted", "Your picture was deleted.");
    await page.waitForURL((url) => url.pathname === "/home");
    await myPictures(page).getByRole("link", { name: "Dream cat" }).waitFor();
    expect(await myPictures(page).getByRole("link", { name: RENAMED }).count()).toBe(0);
    expect((await member.request.get(`/api/dragons/${pictureId}`)).status()).toBe(404);
    await page.close();
  });
});

describe("another member with PRO=everyone", () => {
  it("has Pro without a grant: 'My pictures', the upload widget and the AI dialog instead of the waitlist", async () => {
    await server.stop();
    server = await startServer(settings("everyone"));
    const other = await signedIn(OTHER);
    expect(((await (await other.request.get("/api/auth/user")).json()) as { pro: boolean }).pro).toBe(true);
    const waitlist = (page: Page) => page.getByRole("dialog", { name: "Unlock Dragon Grid Pro — Coming Soon!" });

    const page = await other.newPage();
    await openHome(page);
    await myPictures(page).getByText("Your own pictures will appear here").waitFor();
    await page.getByRole("button", { name: "Upload my own image" }).click();
    await page.locator(".uppy-Dashboard-input").first().waitFor({ state: "attached" });
    expect(await waitlist(page).count()).toBe(0);

    await openHome(page);
    await page.getByRole("button", { name: "Create my own image" }).click();
    await page.getByRole("dialog", { name: "Create Custom Image with AI" }).waitFor();
    expect(await waitlist(page).count()).toBe(0);
    await other.close();
  });
});
