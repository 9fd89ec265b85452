import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../src/server/test/images";
import { signUpOn } from "./support/accounts";
import { startS3rver, type TestS3 } from "../src/server/test/s3rver";
import { launchBrowser, newContext } from "./support/browser";
import { startServer, type ServerProcess } from "./support/server-process";

// The upload widget on S3-compatible storage: the file goes straight to the bucket as the presigned
// POST form (decision 033), which the test bucket holds to its policy as S3 does.
let browser: Browser;
let s3: TestS3;
let server: ServerProcess;

beforeAll(async () => {
  s3 = await startS3rver("browser-uploads", { browserUploads: true });
  server = await startServer({ ...s3.env, SEED_SAMPLES: "false" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await s3?.stop();
});

describe("uploads to S3", () => {
  it("a member's photo goes to the bucket as a presigned form and is checked into the post form", async () => {
    const context = await newContext(browser, { baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await signUpOn(context, server.dataDir, "bucket@example.com", "Bea");

    const page = await context.newPage();
    const toBucket: { method: string; status: number }[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(s3.endpoint) && response.request().method() !== "OPTIONS")
        toBucket.push({ method: response.request().method(), status: response.status() });
    });
    // Every set-acl answer, its body read before the list is looked at (a listener that reads it
    // itself could still be reading when the photo shows).
    const setAcl: Promise<string>[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/objects/set-acl" && response.ok())
        setAcl.push(response.json().then((body: { objectPath: string }) => body.objectPath));
    });
    await page.goto("/upload");
    await page.getByRole("button", { name: "Add Photos (0/5)" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([{ name: "drawing.png", mimeType: "image/png", buffer: await illustrationPng(800, 600) }]);
    // The upload page starts uploading on pick.
    await expect
      .poll(() => page.getByRole("list", { name: "Photos to submit" }).getByRole("img").count(), { timeout: 20_000 })
      .toBe(1);
    expect(toBucket).toEqual([{ method: "POST", status: 204 }]);
    const checked = await Promise.all(setAcl);
    expect(checked).toHaveLength(1);
    expect((await context.request.get(checked[0]!)).status()).toBe(200);
    await context.close();
  });
});
