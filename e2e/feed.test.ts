import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../src/server/test/images";
import {
  DESKTOP,
  PHONE,
  baseUrl,
  expectToast,
  gotoHydrated,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";

const WIDE = { width: 1440, height: 900 };
const PHONE_TALL = { width: 390, height: 844 };

let browser: Browser;
let photoDir: string;
let photos: string[];
const description = `Ember in pencil, copied square by square ${Date.now()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-photos-"));
  // Two phone-like photos: JPEGs with a camera's orientation tag.
  photos = [];
  for (const [name, size] of [
    ["drawing-front.jpg", [1200, 900]],
    ["drawing-detail.jpg", [900, 1200]],
  ] as const) {
    const file = path.join(photoDir, name);
    fs.writeFileSync(
      file,
      await sharp(await illustrationPng(size[0], size[1]))
        .jpeg({ quality: 85 })
        .withMetadata({ exif: { IFD0: { Make: "PhoneCam" } } })
        .toBuffer(),
    );
    photos.push(file);
  }
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(photoDir, { recursive: true, force: true });
});

async function signedInPage(email: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser, viewport);
  await signIn(session.context, email);
  return session;
}

/** The post card with our description, as a signed-in person sees it on /feed. */
const ourPost = (page: Page) => page.getByRole("article").filter({ hasText: description });

describe("community feed", () => {
  const author = `author-${Date.now()}@example.com`;
  const reader = `reader-${Date.now()}@example.com`;

  it("a visitor gets the teaser on /feed and the not-found page on /upload", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto("/feed");
    await page.getByRole("heading", { name: "Community Feed" }).waitFor();
    await page.getByText("registered users only", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Sign Up Free - No Risk!" }).waitFor();
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
    await page.goto("/upload");
    await page.getByText("404 Page Not Found").waitFor();
    await context.close();
  });

  it("a user uploads two photos through the widget and submits them for review", async () => {
    const { context, page } = await signedInPage(author, WIDE);
    const dragons = (await (await context.request.get("/api/dragons")).json()) as { id: string; name: string }[];
    const dragon = dragons[0]!;
    // The dragon page's 'Share your drawing' leads here with the dragon chosen.
    await gotoHydrated(page, `/dragon/${dragon.id}`);
    // The page was rendered for a visitor (to sign in first); the link leads to the upload page
    // once the browser knows who is looking.
    const share = page.getByRole("link", { name: "Share your drawing" });
    await expect.poll(() => share.getAttribute("href")).toBe(`/upload?dragon=${dragon.id}`);
    await share.click();
    await page.getByRole("heading", { name: "Upload Your Drawing" }).waitFor();
    await expect.poll(() => page.getByLabel("Which dragon did you draw?").inputValue()).toBe(dragon.id);
    const submit = page.getByRole("button", { name: "Submit for Review" });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole("link", { name: "Back to Feed" }).waitFor();

    // The originals, as the page has them checked: never anyone's but the author's to see.
    const originals: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/objects/set-acl")
        originals.push((request.postDataJSON() as { objectPath: string }).objectPath);
    });
    // The photos' bytes are held back until the page has been looked at mid-upload.
    let releaseUploads = () => {};
    const uploadsHeld = new Promise<void>((resolve) => (releaseUploads = resolve));
    let uploadsSent = 0;
    await page.route("**/*", async (route) => {
      if (route.request().method() !== "PUT") return route.fallback();
      uploadsSent += 1;
      await uploadsHeld;
      await route.fallback();
    });
    await page.getByRole("button", { name: "Add Photos (0/5)" }).click();
    const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
    await dashboard.waitFor();
    await page.locator(".uppy-Dashboard-input").first().setInputFiles(photos);
    // Picking starts the upload: no 'Upload 2 files' to press.
    await expect.poll(() => uploadsSent, { timeout: 20_000 }).toBe(2);
    expect(await dashboard.getByRole("button", { name: /^Upload/ }).count()).toBe(0);
    await dashboard
      .getByText(/^Uploading/)
      .first()
      .waitFor();
    // Closed mid-upload, the dialog only hides: Submit waits and says why.
    await page.keyboard.press("Escape");
    await page.getByRole("status").filter({ hasText: "Submit for Review opens when they are done" }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Add Photos (0/5)" }).isDisabled()).toBe(true);
    await screenshot(page, "upload-in-progress-1440");
    releaseUploads();
    const thumbnails = page.getByRole("list", { name: "Photos to submit" }).getByRole("img");
    await expect.poll(() => thumbnails.count(), { timeout: 20_000 }).toBe(2);
    await page.unroute("**/*");
    await page.getByRole("button", { name: "Add Photos (2/5)" }).waitFor();
    expect(await submit.isDisabled()).toBe(false);
    expect(originals).toHaveLength(2);
    for (const original of originals) {
      expect((await context.request.get(original)).status()).toBe(200);
      expect((await fetch(`${baseUrl()}${original}`)).status, "a visitor").toBe(404);
    }

    await page.getByLabel("Description (optional)").fill(description);
    await page.getByText(`${description.length}/500`).waitFor();
    await screenshot(page, "upload-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await submit.click();
    await expectToast(page, "Success", "Your drawing has been submitted for review!");
    await page.waitForURL("**/feed");
    // Pending posts are for the admin's eyes: not in the author's feed yet. The author is told
    // that theirs waits, instead of 'No Posts Yet', and led to it.
    await page.getByRole("heading", { name: "Community Feed" }).waitFor();
    const waiting = page.getByRole("region", { name: "Your drawing is waiting for review" });
    await waiting.waitFor();
    expect(await page.getByText("No Posts Yet").count()).toBe(0);
    expect(await ourPost(page).count()).toBe(0);
    await screenshot(page, "feed-waiting-for-review-1440");
    expect(await seriousA11yViolations(page)).toEqual([]);
    const phone = await signedInPage(author, PHONE_TALL);
    await phone.page.goto("/feed");
    await phone.page.getByRole("region", { name: "Your drawing is waiting for review" }).waitFor();
    await screenshot(phone.page, "feed-waiting-for-review-390");
    await phone.context.close();
    await waiting.getByRole("link", { name: "See your drawing" }).click();
    await page.waitForURL((url) => url.pathname === "/feed" && url.searchParams.has("post"));
    await ourPost(page).getByText("Pending review").waitFor();
    expect(await waiting.count()).toBe(0);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Your drawings" }).waitFor();
    await page.getByText("Waiting for approval").first().waitFor();
    await context.close();
  });

  it("keeps the photos that uploaded when another of the batch fails, and the open dialog passes axe", async () => {
    const { context, page } = await signedInPage(author, WIDE);
    await page.goto("/upload");
    await page.getByRole("button", { name: "Add Photos (0/5)" }).click();
    const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
    await dashboard.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Not an image, whatever its name says: the server refuses its bytes.
    const fake = path.join(photoDir, "not-a-photo.jpg");
    fs.writeFileSync(fake, "just text, not a JPEG");
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([...photos, fake]);
    // Picking starts the upload, and the failure stays on screen with its reason beside the photo;
    // the two photos are on the form behind it.
    await dashboard
      .getByText(/Upload failed/i)
      .first()
      .waitFor({ timeout: 20_000 });
    const failed = dashboard.locator(".uppy-Dashboard-Item.is-error");
    expect(await failed.count()).toBe(1);
    expect(await failed.innerText()).toContain("not-a-photo.jpg");
    expect(await failed.locator(".uppy-Dashboard-Item-errorDetails").getAttribute("aria-label")).toMatch(/image/i);
    await screenshot(page, "upload-failed-photo-1440");
    await page.getByRole("button", { name: "Add Photos (2/5)" }).waitFor({ state: "attached" });
    await page.keyboard.press("Escape");
    await dashboard.waitFor({ state: "detached" });
    const thumbnails = page.getByRole("list", { name: "Photos to submit" }).getByRole("img");
    expect(await thumbnails.count()).toBe(2);
    await context.close();
  });

  it("on a phone the uploader offers to choose or take a photo, in the app's look", async () => {
    const { context, page } = await newPage(browser, PHONE_TALL, { isMobile: true, hasTouch: true });
    await signIn(context, author);
    await page.goto("/upload");
    await page.getByRole("button", { name: "Add Photos (0/5)" }).tap();
    const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
    await dashboard.waitFor();
    await dashboard.getByText("Choose a photo or take one").waitFor();
    expect(await dashboard.getByText(/drop files/i).count()).toBe(0);
    const sources = dashboard.getByRole("tab");
    await sources.getByText("Take a photo").waitFor();
    // The phone's own camera app, not a webcam view in the page.
    expect(await dashboard.locator('input[capture="environment"]').count()).toBe(1);
    for (const source of await sources.all()) expect((await source.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await dashboard.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 252, 247)");
    await screenshot(page, "uploader-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it("another user does not see the pending post", async () => {
    const { context, page } = await signedInPage(reader);
    await page.goto("/feed");
    await page.getByRole("heading", { name: "Community Feed" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await ourPost(page).count()).toBe(0);
    expect(await page.getByRole("region", { name: /waiting for review/ }).count()).toBe(0);
    await context.close();
  });

  it("the admin sees it pending and approves it", async () => {
    const { context, page } = await signedInPage(ADMIN_EMAIL);
    await page.goto("/feed");
    const post = ourPost(page);
    await post.waitFor();
    await post.getByText("Pending review").waitFor();
    await post.getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Success", "Post approved successfully!");
    await expect.poll(() => post.getByText("Pending review").count()).toBe(0);
    await context.close();
  });

  it("the other user pages through the photos, likes, unlikes and comments", async () => {
    const { context, page } = await signedInPage(reader, WIDE);
    await page.goto("/feed");
    const post = ourPost(page);
    await post.waitFor();
    // The photos are the server's display versions, loaded in full.
    const photo = post.getByRole("region").getByRole("img");
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await photo.getAttribute("alt")).toMatch(/photo 1 of 2/);
    expect(await post.getByRole("button", { name: "Previous photo" }).count()).toBe(0);
    await post.getByRole("button", { name: "Next photo" }).click();
    await expect.poll(() => photo.getAttribute("alt")).toMatch(/photo 2 of 2/);
    expect(await post.getByRole("button", { name: "Next photo" }).count()).toBe(0);
    // Arrow keys on the focused carousel, and the dots.
    await post.getByRole("region").focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => photo.getAttribute("alt")).toMatch(/photo 1 of 2/);
    await post.getByRole("button", { name: "Show photo 2 of 2" }).click();
    await expect.poll(() => photo.getAttribute("alt")).toMatch(/photo 2 of 2/);

    const like = post.getByRole("button", { name: /^Like/ });
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    await like.click();
    await expect.poll(() => like.getAttribute("aria-label")).toBe("Like, 1 like");
    expect(await like.getAttribute("aria-pressed")).toBe("true");
    await like.click();
    await expect.poll(() => like.getAttribute("aria-label")).toBe("Like, 0 likes");
    expect(await like.getAttribute("aria-pressed")).toBe("false");

    const commentsButton = post.getByRole("button", { name: /^Comments/ });
    await commentsButton.click();
    const box = post.getByPlaceholder("Add a comment...");
    const postButton = post.getByRole("button", { name: "Post", exact: true });
    expect(await postButton.isDisabled()).toBe(true);
    await box.fill("   ");
    expect(await postButton.isDisabled()).toBe(true);
    await box.fill("Lovely scales! <b>not bold</b>");
    await postButton.click();
    await post.getByText("Lovely scales! <b>not bold</b>").waitFor();
    await expect.poll(() => commentsButton.getAttribute("aria-label")).toBe("Comments, 1");
    await screenshot(page, "feed-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();

    // The server agrees after a reload.
    const again = await signedInPage(reader, PHONE_TALL);
    await again.page.goto("/feed");
    const reloaded = ourPost(again.page);
    await reloaded.waitFor();
    expect(await reloaded.getByRole("button", { name: /^Like/ }).getAttribute("aria-label")).toBe("Like, 0 likes");
    expect(await reloaded.getByRole("button", { name: /^Comments/ }).getAttribute("aria-label")).toBe("Comments, 1");
    await screenshot(again.page, "feed-phone");
    expect(await again.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await again.context.close();
  });

  it("the author deletes their own comment after confirming; the reader's has no delete button for them", async () => {
    const { context, page } = await signedInPage(author, PHONE_TALL);
    await page.goto("/feed");
    const post = ourPost(page);
    await post.waitFor();
    await post.getByRole("button", { name: /^Comments/ }).click();
    await post.getByText("Lovely scales! <b>not bold</b>").waitFor();
    const deleteButtons = post.getByRole("button", { name: /^Delete comment by/ });
    // Comment deletion is for the comment's author and admins: the post's author sees no button.
    expect(await deleteButtons.count()).toBe(0);
    await post.getByPlaceholder("Add a comment...").fill("Thank you!");
    await post.getByRole("button", { name: "Post", exact: true }).click();
    await post.getByText("Thank you!").waitFor();
    await expect.poll(() => deleteButtons.count()).toBe(1);
    await deleteButtons.click();
    const dialog = page.getByRole("dialog", { name: "Delete comment?" });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => post.getByText("Thank you!").count()).toBe(0);
    await expect
      .poll(() => post.getByRole("button", { name: /^Comments/ }).getAttribute("aria-label"))
      .toBe("Comments, 1");
    await page.getByRole("link", { name: "Upload" }).waitFor();
    await screenshot(page, "feed-author-phone");
    await page.goto("/upload");
    await page.getByRole("heading", { name: "Upload Your Drawing" }).waitFor();
    await screenshot(page, "upload-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.goto("/profile");
    await page.getByText("Published").first().waitFor();
    await context.close();
  });

  it("a reader whose session ended is told so on a like, and sent to sign in", async () => {
    const { context, page } = await signedInPage(`late-reader-${Date.now()}@example.com`, WIDE);
    await page.goto("/feed");
    const post = ourPost(page);
    await post.waitFor();
    // Signed out elsewhere (another tab or device).
    expect((await context.request.post("/api/auth/logout")).status()).toBe(200);
    // The first toast this page shows: the toast region loads with it, and the page waits for it.
    await post.getByRole("button", { name: /^Like/ }).click();
    await expectToast(page, "Unauthorized", "You are logged out. Logging in again...");
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it("a visitor's 'Share your drawing' asks to sign in, then opens the upload page with the dragon chosen", async () => {
    const { context, page } = await newPage(browser, PHONE);
    const dragon = ((await (await context.request.get("/api/dragons")).json()) as { id: string }[])[0]!;
    await gotoHydrated(page, `/dragon/${dragon.id}`);
    await page.getByRole("link", { name: "Share your drawing" }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel("Email").fill(author);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL((url) => url.pathname === "/upload" && url.searchParams.get("dragon") === dragon.id);
    await page.getByRole("heading", { name: "Upload Your Drawing" }).waitFor();
    await expect.poll(() => page.getByLabel("Which dragon did you draw?").inputValue()).toBe(dragon.id);
    await context.close();
  });

  it("the author deletes the post after confirming: gone from the feed, the profile and the photo URLs", async () => {
    const { context, page } = await signedInPage(author, WIDE);
    await page.goto("/feed");
    const post = ourPost(page);
    await post.waitFor();
    const photo = await post.getByRole("img").first().getAttribute("src");
    expect((await context.request.get(photo!)).status()).toBe(200);
    await post.getByRole("button", { name: "Delete post" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete post?" });
    await dialog.waitFor();
    // Escape keeps it.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await post.getByRole("button", { name: "Delete post" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Post deleted.");
    await expect.poll(() => post.count()).toBe(0);
    expect((await context.request.get(photo!)).status()).toBe(404);
    // Loaded afresh: the feed's posts (or its empty state), and the author's now empty drawings.
    await page.goto("/feed");
    await page.getByRole("article").or(page.getByText("No Posts Yet")).first().waitFor();
    expect(await ourPost(page).count()).toBe(0);
    await page.goto("/profile");
    await page.getByText("You have not shared a drawing yet.", { exact: false }).waitFor();
    await context.close();
  });
});
