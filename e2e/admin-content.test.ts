import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../src/server/test/images";
import {
  DESKTOP,
  baseUrl,
  expectToast,
  launchBrowser,
  newContext,
  newPage,
  nextFrames,
  screenshot,
  seriousA11yViolations,
  gotoHydrated,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";
import { startServer } from "./support/server-process";

let browser: Browser;
let adminPage: Page;
let pngFile: string;

beforeAll(async () => {
  browser = await launchBrowser();
  pngFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-upload-")), "my-dragon.png");
  fs.writeFileSync(pngFile, await illustrationPng(900, 700));
  const { context, page } = await newPage(browser, DESKTOP);
  await signIn(context, ADMIN_EMAIL);
  adminPage = page;
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(path.dirname(pngFile), { recursive: true, force: true });
});

const dragons = async () =>
  (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as {
    id: string;
    name: string;
    width: number;
    pencilHiresUrl: string | null;
  }[];

describe("admin content creation", () => {
  it("uploads a PNG through the Uppy dashboard, names it, asks for a pencil version, and finds it in the library", async () => {
    const page = adminPage;
    await gotoHydrated(page, "/home");
    await page.getByRole("button", { name: "Upload my own image" }).click();
    // The modal's outer element has no box of its own; its inner panel is what shows.
    const dashboard = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
    await dashboard.waitFor();
    const size = (await dashboard.boundingBox())!;
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([750, 550]);
    await page.locator(".uppy-Dashboard-input").first().setInputFiles(pngFile);
    await dashboard.getByText("my-dragon.png").first().waitFor();
    await screenshot(page, "uppy-dashboard-desktop");
    await dashboard.getByRole("button", { name: /^Upload 1 file/ }).click();

    const naming = page.getByRole("dialog", { name: "Upload Dragon Template" });
    await naming.waitFor({ timeout: 20_000 });
    const nameField = naming.getByLabel("Dragon name");
    expect(await nameField.inputValue()).toBe("");
    const pencil = naming.getByLabel("Generate pencil version (adds 1-2 seconds)");
    expect(await pencil.isChecked()).toBe(false);
    const upload = naming.getByRole("button", { name: "Upload" });
    expect(await upload.isDisabled()).toBe(true);
    await nameField.fill("   ");
    expect(await upload.isDisabled()).toBe(true);
    await nameField.fill("Uploaded Ember");
    await pencil.check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await upload.click();
    await expectToast(page, "Success", "Dragon and pencil version uploaded successfully!");

    await page.getByRole("img", { name: "Uploaded Ember", exact: true }).waitFor();
    const created = (await dragons()).find((d) => d.name === "Uploaded Ember")!;
    expect(created.width).toBe(900);
    expect(created.pencilHiresUrl).toBeTruthy();
    await page.getByRole("img", { name: "Uploaded Ember", exact: true }).click();
    await page.getByRole("button", { name: "Pencil" }).click();
    await page.getByRole("img", { name: "Uploaded Ember, pencil version" }).waitFor();
  });

  it("creates an AI image: description, processing, pencil choice, name prompt; stored 4× the provider's size", async () => {
    const page = adminPage;
    await gotoHydrated(page, "/home");
    await page.getByRole("button", { name: "Create my own image" }).click();
    const describe = page.getByRole("dialog", { name: "Create Custom Image with AI" });
    await describe.waitFor();
    expect(await describe.getByRole("button", { name: "Generate Image" }).isDisabled()).toBe(true);
    await describe.getByLabel("Description").fill("A sleepy dragon on a pile of books");
    await screenshot(page, "ai-dialog-desktop");
    page.once("dialog", (prompt) => void prompt.accept("Bookworm Dragon"));
    // The processing overlay says where the job is (decision 034): the request is held here while
    // the job's state reads "waiting, two before it", then both go on as the server answers them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/dragons/generate-custom", async (route) => {
      await held;
      await route.continue();
    });
    await page.route("**/api/image-jobs", (route) =>
      route.fulfill({ json: [{ id: "held", kind: "ai-picture", state: "waiting", ahead: 2 }] }),
    );
    await describe.getByRole("button", { name: "Generate Image" }).click();
    const overlay = page.getByRole("alertdialog", { name: "Processing..." });
    await overlay.getByText("Waiting in line: 2 pictures before yours.").waitFor();
    expect(await overlay.textContent()).toContain(
      "Upsampling your image 4x takes 20-40 seconds. Please keep this page open.",
    );
    await page.unroute("**/api/image-jobs");
    release();
    const done = page.getByRole("dialog", { name: "Image Generated Successfully" });
    await done.waitFor({ timeout: 30_000 });
    await done.getByRole("button", { name: "Yes, create pencil version" }).click();
    await expectToast(page, "Success", "Image and pencil version added to library!");
    const created = (await dragons()).find((d) => d.name === "Bookworm Dragon")!;
    expect(created.width).toBe(1280); // the provider's 320 px, 4×
    expect(created.pencilHiresUrl).toBeTruthy();
  });

  it("abandons the AI save silently when the name prompt is cancelled", async () => {
    const page = adminPage;
    const before = (await dragons()).length;
    await gotoHydrated(page, "/home");
    await page.getByRole("button", { name: "Create my own image" }).click();
    await page.getByLabel("Description").fill("A dragon nobody will name");
    const dismissed = new Promise<void>((resolve) =>
      page.once("dialog", (prompt) => void prompt.dismiss().then(resolve)),
    );
    await page.getByRole("button", { name: "Generate Image" }).click();
    await page.getByRole("button", { name: "No, just color version" }).click();
    await dismissed;
    await nextFrames(page);
    expect((await dragons()).length).toBe(before);
    expect(await page.locator("li[data-state=open]").count()).toBe(0);
  });

  it("says 'Image generation is not configured' where no images API is set", async () => {
    const server = await startServer({ SEED_SAMPLES: "false", ADMIN_EMAILS: "solo.admin@example.com", SMTP_URL: "" });
    try {
      const context = await newContext(browser, { baseURL: server.url, viewport: DESKTOP });
      const page = await context.newPage();
      const request = context.request;
      await request.post("/api/auth/register", {
        data: { email: "solo.admin@example.com", password: "correct horse battery" },
      });
      const { waitForMail, verificationLink } = await import("../src/server/test/mail");
      const link = new URL(verificationLink((await waitForMail(server.dataDir, "solo.admin@example.com")).at(-1)!)!);
      await request.get(`/api/auth/verify-email${link.search}`);
      await request.post("/api/auth/login", {
        data: { email: "solo.admin@example.com", password: "correct horse battery" },
      });
      await gotoHydrated(page, "/home");
      await page.getByText("Upload your first dragon template to get started").waitFor();
      await page.getByRole("button", { name: "Create my own image" }).click();
      await page.getByLabel("Description").fill("a dragon");
      await page.getByRole("button", { name: "Generate Image" }).click();
      await expectToast(page, "Error", "Image generation is not configured");
      await context.close();
    } finally {
      await server.stop();
    }
  });

  it("an admin who clicks before the account is known never lands in the Pro waitlist", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(context, ADMIN_EMAIL);
    // A slow answer to "who am I?": the library shows first.
    let releaseAccount!: () => void;
    const accountHeld = new Promise<void>((resolve) => (releaseAccount = resolve));
    await page.route("**/api/auth/user", async (route) => {
      await accountHeld;
      await route.continue();
    });
    await page.goto("/home");
    await page.getByRole("heading", { name: "Dragon Library" }).waitFor();
    const placeholder = page.getByTestId("library-buttons-placeholder");
    await placeholder.waitFor({ state: "attached" });
    expect(await page.getByRole("button", { name: "Upload my own image" }).count()).toBe(0);
    const held = (await placeholder.boundingBox())!;
    // Where the button will be, an eager click does nothing.
    await page.mouse.click(held.x + 40, held.y + held.height / 2);
    await nextFrames(page);
    expect(await page.getByRole("dialog").count()).toBe(0);

    releaseAccount();
    const upload = page.getByRole("button", { name: "Upload my own image" });
    await upload.waitFor();
    // The real buttons take the placeholder's place exactly: nothing shifts.
    const shown = (await upload.locator("xpath=..").boundingBox())!;
    expect([shown.x, shown.y, shown.width, shown.height]).toEqual([held.x, held.y, held.width, held.height]);
    await upload.click();
    await page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner").waitFor();
    expect(await page.getByRole("dialog", { name: /Coming Soon/ }).count()).toBe(0);
    await context.close();
  });

  it("a visitor's first load of /home does not download Uppy", async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on("request", (r) => ["script", "stylesheet"].includes(r.resourceType()) && scripts.push(r.url()));
    await page.goto("/home");
    await page.getByRole("heading", { name: "Dragon Library" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /uppy|admin-library-tools/i.test(url))).toEqual([]);
    await context.close();
  });
});
