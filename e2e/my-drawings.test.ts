import { spawnSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, newContext, screenshot, seriousA11yViolations } from "./support/browser";
import { startServer, type ServerProcess } from "./support/server-process";

// 'Your drawings' on the profile pages through every post of a prolific member, well past the
// 100 the profile once stopped at. A member cannot post 130 times through the API (10 an hour), so
// the posts are written into a stopped server's database with the bench's seeding code, and the
// server is started again on it.
const POSTS = 130;
let browser: Browser;
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  const first = await startServer({ SEED_SAMPLES: "false" });
  const dataDir = first.dataDir;
  expect(await first.stop()).toBe(0);
  const script = `
    const { loadConfig } = await import("./src/server/config.ts");
    const { openDatabase } = await import("./src/server/db/client.ts");
    const { createStorage } = await import("./src/server/storage/create-storage.ts");
    const { seedFeed } = await import("./src/server/features/posts/seed-feed.ts");
    const config = loadConfig(process.env);
    const database = await openDatabase({ pgliteDir: config.DATA_DIR + "/db" });
    const seeded = await seedFeed(database.db, await createStorage(config, database.db), { posts: ${POSTS}, users: 1, likesPerPost: 1, commentsPerPost: 0, photosPerPost: 1 });
    await database.close();
    console.log(seeded.cookie);`;
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  cookie = seeded.stdout.trim().split("\n").at(-1)!.split("=")[1]!;
  server = await startServer({ DATA_DIR: dataDir, SEED_SAMPLES: "false" });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("'Your drawings'", () => {
  it(`shows a member's ${POSTS} drawings, 24 at a time, with 'Show older drawings' until the oldest`, async () => {
    const context = await newContext(browser, { baseURL: server.url, viewport: DESKTOP });
    await context.addCookies([{ name: "dg_session", value: cookie, url: server.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Your drawings" }).waitFor();
    // Each drawing is a list item with its status and time.
    const drawings = page.getByRole("listitem").filter({ has: page.locator("time") });
    await expect.poll(() => drawings.count()).toBe(24);
    const older = page.getByRole("button", { name: "Show older drawings" });
    for (let shown = 24; shown < POSTS; shown = Math.min(shown + 24, POSTS)) {
      await older.click();
      await expect.poll(() => drawings.count()).toBe(Math.min(shown + 24, POSTS));
    }
    await expect(older.count()).resolves.toBe(0);
    // Newest first to the very oldest: the seeded posts are a minute apart, the oldest is the last.
    await expect(drawings.last().locator("time").getAttribute("datetime")).resolves.toBe(await oldestPostTime());
    await screenshot(page, "profile-your-drawings-all");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

/** The oldest post's time, as the API pages to it. */
async function oldestPostTime(): Promise<string> {
  let before = "";
  let last: { id: string; createdAt: string } | undefined;
  for (;;) {
    const res = await fetch(`${server.url}/api/posts/mine${before}`, { headers: { cookie: `dg_session=${cookie}` } });
    const page = (await res.json()) as { id: string; createdAt: string }[];
    if (page.length === 0) return last!.createdAt;
    last = page.at(-1)!;
    before = `?before=${last.id}&at=${encodeURIComponent(last.createdAt)}`;
  }
}
