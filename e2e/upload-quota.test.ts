import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOn } from "./support/accounts";
import { launchBrowser, newContext, screenshot } from "./support/browser";
import { startServer, type ServerProcess } from "./support/server-process";

// The per-account upload quota as a member meets it: a server of its own with a 1 MB quota.
let browser: Browser;
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ UPLOAD_QUOTA_MB: "1", SEED_SAMPLES: "false" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A photo of `megabytes` or so: random noise does not compress. */
async function noisyJpeg(megabytes: number): Promise<Buffer> {
  const width = 1200;
  const height = Math.ceil((megabytes * 1_000_000) / (width * 1.3));
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

describe("upload quota", () => {
  it("a member past their quota is told why the upload failed, in the upload dialog", async () => {
    const context = await newContext(browser, { baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await signUpOn(context, server.dataDir, "quota@example.com", "Quinn");

    const photo = await noisyJpeg(1.5);
    expect(photo.length).toBeGreaterThan(1_048_576);
    const page = await context.newPage();
    await page.goto("/upload");
    await page.getByRole("button", { name: "Add Photos (0/5)" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([{ name: "big.jpg", mimeType: "image/jpeg", buffer: photo }]);
    // The upload page starts uploading on pick.
    await page
      .getByText("You have used your 1 MB of uploads. Delete some drawings or uploads to free space.")
      .first()
      .waitFor();
    await screenshot(page, "upload-quota");
    // The refused photo is not on the form.
    await page.getByRole("button", { name: "Add Photos (0/5)" }).waitFor({ state: "attached" });
    await context.close();
  });
});
