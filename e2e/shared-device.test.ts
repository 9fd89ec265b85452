import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectToast, launchBrowser, newPage } from "./support/browser";
import { signIn } from "./support/accounts";

// Without this, Playwright's offline switch does not reach the service worker's own fetches.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

const PASSWORD = "correct horse battery";

let browser: Browser;
let dragonId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dragonId = ((await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string }[])[0]!.id;
});
afterAll(() => browser.close());

interface Kept {
  caches: { cache: string; url: string; cacheControl: string | null; body: string }[];
  local: [string, string][];
}

/** Everything this browser holds for the site: each Cache Storage entry (text bodies read) and local storage. */
const whatTheDeviceHolds = (page: Page): Promise<Kept> =>
  page.evaluate(async () => {
    const kept: Kept = { caches: [], local: Object.entries(localStorage) };
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = (await cache.match(request))!;
        const textual = /json|html|text|javascript|xml/.test(response.headers.get("content-type") ?? "");
        kept.caches.push({
          cache: name,
          url: request.url,
          cacheControl: response.headers.get("cache-control"),
          body: textual ? await response.text() : "",
        });
      }
    }
    return kept;
  });

/** A pending post with one photo, made through the API as the upload page does. */
async function postPendingPhoto(context: BrowserContext): Promise<string[]> {
  const request = context.request;
  const grant = await request.post("/api/objects/upload", { data: { filename: "mine.png", contentType: "image/png" } });
  expect(grant.status()).toBe(200);
  const { signedUrl, objectPath } = (await grant.json()) as { signedUrl: string; objectPath: string };
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#c05621" } })
    .png()
    .toBuffer();
  expect((await request.put(signedUrl, { headers: { "content-type": "image/png" }, data: photo })).status()).toBe(200);
  const acl = await request.post("/api/objects/set-acl", { data: { objectPath, visibility: "private" } });
  expect(acl.status()).toBe(200);
  const checked = ((await acl.json()) as { objectPath?: string }).objectPath ?? objectPath;
  const posted = await request.post("/api/posts", {
    data: { dragonId, description: "my secret sketch", images: [checked] },
  });
  expect(posted.status()).toBe(201);
  const mine = (await (await request.get("/api/posts/mine")).json()) as {
    images: { imageUrl: string; thumbUrl: string }[];
  }[];
  return [checked, ...mine.flatMap((post) => post.images.flatMap((image) => [image.imageUrl, image.thumbUrl]))];
}

type Leaving = "Sign Out" | "Sign out everywhere" | "Delete my account";

async function leave(page: Page, how: Leaving, email: string) {
  if (how === "Sign Out") {
    // The profile's own button (the header has one too).
    await page.getByRole("main").getByRole("button", { name: "Sign Out", exact: true }).click();
  } else if (how === "Sign out everywhere") {
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page
      .getByRole("dialog", { name: "Sign out everywhere?" })
      .getByRole("button", { name: "Sign out everywhere" })
      .click();
    await expectToast(page, "Signed Out Everywhere");
  } else {
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel(/Type your email/).fill(email);
    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expectToast(page, "Account Deleted");
  }
  await page.waitForURL((url) => url.pathname === "/");
}

describe("a shared device keeps nothing of a person once they leave", () => {
  for (const how of ["Sign Out", "Sign out everywhere", "Delete my account"] as const) {
    it(`after '${how}', offline: no account, progress or private photo in Cache Storage or local storage`, async () => {
      const { context, page } = await newPage(browser, undefined, { serviceWorkers: "allow" });
      context.setDefaultTimeout(15_000);
      const email = `shared-device-${how.replace(/\W/g, "").toLowerCase()}-${Date.now()}@example.com`;
      await signIn(context, email, PASSWORD);
      const me = (await (await context.request.get("/api/auth/user")).json()) as { id: string; firstName: string };
      const privatePictures = await postPendingPhoto(context);

      // The canvas, with progress saved: the page keeps the account and progress while signed in.
      await page.goto(`/draw/${dragonId}`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await page.getByRole("button", { name: "Zoom In" }).click();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Progress saved");
      // A worker from an older build kept the account: the page must clear that too.
      await page.evaluate(async () =>
        (await caches.open("dragon-grid-data")).put("/api/auth/user", await fetch("/api/auth/user")),
      );

      // The profile, with the pending photo shown to its owner.
      await page.goto("/profile");
      await page.getByText("Waiting for approval").first().waitFor();
      await page.waitForFunction(() =>
        [...document.images].some(
          (img) => img.complete && img.naturalWidth > 0 && /\/objects\//.test(img.src) && !/dragons?\//.test(img.src),
        ),
      );
      const whileSignedIn = await whatTheDeviceHolds(page);
      // The check below can see what it looks for: the person is on this device while signed in.
      expect(JSON.stringify(whileSignedIn)).toContain(me.id);

      await leave(page, how, email);
      await context.setOffline(true);
      const kept = await whatTheDeviceHolds(page);
      const everything = JSON.stringify(kept);
      // The worker still keeps the app and the library for the next visitor...
      expect(kept.caches.some((entry) => entry.url.includes(`/api/dragons/${dragonId}`))).toBe(true);
      // ...and nothing of the person who left.
      for (const secret of [email, me.id, "my secret sketch"]) expect(everything, secret).not.toContain(secret);
      for (const picture of privatePictures) expect(everything, picture).not.toContain(picture);
      for (const entry of kept.caches) {
        expect(entry.url, entry.url).not.toMatch(/\/api\/(auth|wip|posts|account)/);
        if (!entry.cache.startsWith("workbox-precache")) expect(entry.cacheControl, entry.url).toMatch(/\bpublic\b/);
      }
      expect(kept.local.map(([key]) => key).filter((key) => key.startsWith("dragon-grid:me:"))).toEqual([]);

      // The next person at this device, offline, meets a visitor's canvas.
      await page.goto(`/draw/${dragonId}`);
      await page.locator("[data-testid=paper][data-image=hires]").waitFor();
      await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
      await context.close();
    }, 120_000);
  }

  it("'Sign out everywhere' also clears the other device the next time it is online", async () => {
    const email = `two-devices-${Date.now()}@example.com`;
    const devices = await Promise.all([
      newPage(browser, undefined, { serviceWorkers: "allow" }),
      newPage(browser, undefined, { serviceWorkers: "allow" }),
    ]);
    // The second device starts from the first one's session: 'Sign out everywhere' ends it all the same.
    for (const { context } of devices) await signIn(context, email, PASSWORD);
    const [here, there] = devices.map((device) => device.page);
    await there!.goto(`/draw/${dragonId}`);
    await there!.locator("[data-testid=paper][data-image=hires]").waitFor();
    await there!.getByRole("button", { name: "Sign Out", exact: true }).waitFor();
    expect((await whatTheDeviceHolds(there!)).local.some(([key]) => key.startsWith("dragon-grid:me:"))).toBe(true);

    await here!.goto("/profile");
    await leave(here!, "Sign out everywhere", email);
    await there!.reload();
    await there!.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    expect((await whatTheDeviceHolds(there!)).local.filter(([key]) => key.startsWith("dragon-grid:me:"))).toEqual([]);
    await Promise.all(devices.map(({ context }) => context.close()));
  }, 120_000);

  it("someone else signing in on the same browser finds nothing of the one before", async () => {
    const { context, page } = await newPage(browser, undefined, { serviceWorkers: "allow" });
    const first = `first-of-two-${Date.now()}@example.com`;
    await signIn(context, first, PASSWORD);
    const firstId = ((await (await context.request.get("/api/auth/user")).json()) as { id: string }).id;
    await page.goto(`/draw/${dragonId}`);
    await page.locator("[data-testid=paper][data-image=hires]").waitFor();
    await page.getByRole("button", { name: "Zoom In" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Progress saved");
    expect(JSON.stringify((await whatTheDeviceHolds(page)).local)).toContain(firstId);

    // The next person signs in without the first having signed out.
    await signIn(context, `second-of-two-${Date.now()}@example.com`, PASSWORD);
    await page.reload();
    await page.locator("[data-testid=paper][data-image=hires]").waitFor();
    await page.getByRole("button", { name: "Sign Out", exact: true }).waitFor();
    await expect.poll(async () => JSON.stringify(await whatTheDeviceHolds(page))).not.toContain(firstId);
    await context.close();
  }, 120_000);
});
