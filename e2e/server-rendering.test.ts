import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  baseUrl,
  gotoHydrated,
  nextFrames,
  launchBrowser,
  newContext,
  newPage,
  screenshot,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";

// Decision 016b: the public pages arrive rendered, with the data they were rendered from; the
// browser hydrates them without a mismatch and without fetching that data again.

const stamp = Date.now();

interface ApiDragon {
  id: string;
  name: string;
}

let browser: Browser;
let admin: BrowserContext;
let dragons: ApiDragon[];
let post: { slug: string; title: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser, { baseURL: baseUrl(), serviceWorkers: "allow" });
  await signIn(admin, ADMIN_EMAIL);
  dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as ApiDragon[];
  const response = await admin.request.post("/api/admin/blog", {
    data: {
      title: `Rendered on the server ${stamp}`,
      content: `<p>Scales first, <strong>then the wings</strong> ${stamp}.</p>`,
      excerpt: `Excerpt ${stamp}`,
      tags: ["ssr"],
      published: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  post = (await response.json()) as { slug: string; title: string };
});
afterAll(async () => {
  // The journeys share one server: leave the blog as it was (blog.test.ts starts from an empty one).
  const posts = (await (await admin.request.get("/api/admin/blog")).json()) as { id: string; title: string }[];
  for (const mine of posts.filter((p) => p.title.endsWith(String(stamp))))
    await admin.request.delete(`/api/admin/blog/${mine.id}`);
  await admin.close();
  await browser.close();
});

/** A page's HTML as a crawler gets it: no browser, no JavaScript. */
async function html(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(`${baseUrl()}${path}`, { headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

/** The text inside <div id="root">: what the server rendered (not the head tags). */
/** The rendered page: what is inside the root element (the data scripts after it are not shown). */
function rootOf(body: string): string {
  const root = body.slice(body.indexOf(`<div id="root">`), body.indexOf(`</body>`));
  // CSP runs no inline script: the only scripts in the body are data (the page's query state, and
  // its messages in its language, which hold every word of the public pages, "Sign In" included).
  expect(root).not.toMatch(/<script(?![^>]*type="application\/json")/);
  return root.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/g, "");
}

/** The data a page carries for the browser (its dehydrated queries). */
function queriesOf(body: string): { queryKey: string[]; state: { data: unknown } }[] {
  const state = /<script type="application\/json" id="query-state">(.*?)<\/script>/.exec(body)?.[1];
  return (JSON.parse(state!) as { queries: { queryKey: string[]; state: { data: unknown } }[] }).queries;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

describe("public pages' HTML, fetched without a browser", () => {
  it("the landing page carries its heading, pictures and the way to the library", async () => {
    const { status, body } = await html("/");
    expect(status).toBe(200);
    const root = rootOf(body);
    expect(root).toContain("Ready to Draw Dragons?");
    expect(root).toContain(`alt="I drew this dragon - it was easy"`);
    expect(root).toMatch(/<a[^>]*href="\/home"[^>]*>Show me the Dragons!/);
    // No data of its own: only the visitor's account (none), so the browser need not ask for it.
    expect(root).toContain("Sign In");
    expect(queriesOf(body)).toEqual([
      expect.objectContaining({ queryKey: ["/api/auth/user"], state: expect.objectContaining({ data: null }) }),
    ]);
  });

  it("the library lists every dragon by name with its sized picture, and carries its data for the browser", async () => {
    expect(dragons.length).toBeGreaterThan(0);
    const { status, body } = await html("/home");
    expect(status).toBe(200);
    const root = rootOf(body);
    expect(root).toContain("Dragon Library");
    for (const dragon of dragons) {
      expect(root).toMatch(new RegExp(`<img[^>]*width="400"[^>]*height="400"[^>]*alt="${escapeHtml(dragon.name)}"`));
      expect(root).toContain(`href="/dragon/${dragon.id}"`);
    }
    const queries = queriesOf(body) as { queryKey: string[]; state: { data: ApiDragon[] } }[];
    expect(queries.map((q) => q.queryKey)).toEqual([["/api/dragons"], ["/api/auth/user"]]);
    expect(queries[0]!.state.data.map((d) => d.id)).toEqual(dragons.map((d) => d.id));
    // The data is in the page: no separate fetch of it is preloaded.
    expect(body).not.toContain(`as="fetch"`);
  });

  it("a signed-in person's page leaves the account to the browser: no Sign In button, no account in its data", async () => {
    const body = await (await admin.request.get("/home")).text();
    expect(rootOf(body)).not.toContain("Sign In");
    expect(queriesOf(body).map((q) => q.queryKey)).toEqual([["/api/dragons"]]);
  });

  it("a dragon's page carries its name, picture and 'Ready to Draw?'", async () => {
    const dragon = dragons[0]!;
    const { status, body } = await html(`/dragon/${dragon.id}`);
    expect(status).toBe(200);
    const root = rootOf(body);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(dragon.name)}</h1>`));
    expect(root).toContain("Ready to Draw?");
    expect(root).toContain("Grid my dragon!");
    expect(root).toContain(`alt="${escapeHtml(dragon.name)}, color version"`);
  });

  it("the blog lists the published post's card, and the post's page carries its article body", async () => {
    const list = await html("/blog");
    expect(list.status).toBe(200);
    expect(rootOf(list.body)).toContain(post.title);
    expect(rootOf(list.body)).toContain(`Excerpt ${stamp}`);
    expect(rootOf(list.body)).toContain(`href="/blog/${post.slug}"`);

    const page = await html(`/blog/${post.slug}`);
    expect(page.status).toBe(200);
    const root = rootOf(page.body);
    // The post's own words carry the language they are written in.
    expect(root).toContain(
      `<h1 lang="en" dir="ltr" class="hyphens-auto break-words text-4xl font-bold leading-tight sm:text-5xl">${post.title}</h1>`,
    );
    expect(root).toContain(`<p>Scales first, <strong>then the wings</strong> ${stamp}.</p>`);
  });

  it("an unknown path is the rendered 404 page, with a 404 status", async () => {
    const { status, body } = await html(`/no-such-page-${stamp}`);
    expect(status).toBe(404);
    expect(rootOf(body)).toContain("404 Page Not Found");
  });

  it("a dragon or blog post that does not exist is a 404 that says so in its HTML, with the way back", async () => {
    // An id of the right shape that names no dragon, and one that cannot be an id.
    for (const id of [crypto.randomUUID(), `no-such-dragon-${stamp}`]) {
      const dragon = await html(`/dragon/${id}`);
      expect(dragon.status, id).toBe(404);
      const dragonRoot = rootOf(dragon.body);
      expect(dragonRoot).toMatch(/<h1[^>]*>Dragon Not Found<\/h1>/);
      expect(dragonRoot).toMatch(/<a[^>]*href="\/home"[^>]*>Back to Library<\/a>/);
    }

    const blogPost = await html(`/blog/no-such-post-${stamp}`);
    expect(blogPost.status).toBe(404);
    const postRoot = rootOf(blogPost.body);
    expect(postRoot).toMatch(/<h1[^>]*>Blog Post Not Found<\/h1>/);
    expect(postRoot).toContain(escapeHtml("The blog post you're looking for doesn't exist or has been removed."));
    expect(postRoot).toMatch(/<a[^>]*href="\/blog"[^>]*>Back to Blog<\/a>/);
  });

  it("a post saved or deleted shows on the next visit: the kept page is made again", async () => {
    const title = `Fresh post ${stamp}`;
    // Visit first, so the list is in the cache without it.
    expect(rootOf((await html("/blog")).body)).not.toContain(title);
    const created = await admin.request.post("/api/admin/blog", {
      data: { title, content: "<p>New.</p>", published: true },
    });
    expect(created.status()).toBe(201);
    const { id, slug } = (await created.json()) as { id: string; slug: string };
    expect(rootOf((await html("/blog")).body)).toContain(title);
    expect((await html(`/blog/${slug}`)).status).toBe(200);

    expect((await admin.request.delete(`/api/admin/blog/${id}`)).status()).toBe(200);
    expect(rootOf((await html("/blog")).body)).not.toContain(title);
    expect((await html(`/blog/${slug}`)).status).toBe(404);
  });

  it("a dragon added or deleted shows on the next visit of the library", async () => {
    const name = `Cached Dragon ${stamp}`;
    expect(rootOf((await html("/home")).body)).not.toContain(name);
    const generated = await admin.request.post("/api/dragons/generate-custom", { data: { prompt: "a small dragon" } });
    expect(generated.status(), await generated.text()).toBe(200);
    const image = (await generated.json()) as { objectPath: string; filename: string };
    const created = await admin.request.post("/api/dragons", {
      data: { name, imageUrl: image.objectPath, filename: image.filename },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(rootOf((await html("/home")).body)).toContain(name);
    expect(rootOf((await html(`/dragon/${id}`)).body)).toContain(name);

    expect((await admin.request.delete(`/api/dragons/${id}`)).status()).toBe(200);
    expect(rootOf((await html("/home")).body)).not.toContain(name);
    expect(rootOf((await html(`/dragon/${id}`)).body)).not.toContain(name);
  });

  it("answers 304 to a browser that has the page already, and sends it compressed", async () => {
    const first = await html("/home");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const again = await fetch(`${baseUrl()}/home`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    for (const encoding of ["br", "gzip"]) {
      const compressed = await fetch(`${baseUrl()}/home`, { headers: { "accept-encoding": encoding } });
      expect(compressed.headers.get("content-encoding")).toBe(encoding);
      expect(await compressed.text()).toBe(first.body);
    }
  });

  it("hashed assets are cached for a year as immutable", async () => {
    const { body } = await html("/");
    const assets = [...body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(`${baseUrl()}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
    }
  });
});

/**
 * Console errors and warnings of a page. Expected: a visitor's 401 on /api/auth/user (by design),
 * and the 404 status of the not-found page's own document.
 */
function watchConsole(page: Page, notFoundPath?: string): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    const where = message.location().url;
    const expected401 = where.endsWith("/api/auth/user") && message.text().includes("401");
    const expected404 = notFoundPath !== undefined && where.endsWith(notFoundPath) && message.text().includes("404");
    if ((message.type() === "error" || message.type() === "warning") && !expected401 && !expected404)
      problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}

/** A link's name: its aria-label, or its text. */
const linkText = async (link: Locator) => (await link.getAttribute("aria-label")) ?? (await link.textContent()) ?? "";

describe("hydration in Chromium", () => {
  const pages = () => [
    { path: "/", heading: "Ready to Draw Dragons?", link: "Show me the Dragons!", to: "/home", data: null },
    {
      path: "/home",
      heading: "Dragon Library",
      link: dragons[0]!.name,
      to: `/dragon/${dragons[0]!.id}`,
      data: "/api/dragons",
    },
    {
      path: `/dragon/${dragons[0]!.id}`,
      heading: dragons[0]!.name,
      link: "Back to Library",
      to: "/home",
      data: `/api/dragons/${dragons[0]!.id}`,
    },
    { path: "/blog", heading: "Blog", link: post.title, to: `/blog/${post.slug}`, data: "/api/blog/posts" },
    {
      path: `/blog/${post.slug}`,
      heading: post.title,
      link: "Back to Blog",
      to: "/blog",
      data: `/api/blog/posts/${post.slug}`,
    },
    {
      path: `/no-such-page-${stamp}`,
      heading: "404 Page Not Found",
      link: "Back to the start",
      to: "/",
      data: null,
      notFound: true,
    },
    // Pages whose dragon or post does not exist: the browser does not ask for it again either.
    {
      path: `/dragon/no-such-dragon-${stamp}`,
      heading: "Dragon Not Found",
      link: "Back to Library",
      to: "/home",
      data: `/api/dragons/no-such-dragon-${stamp}`,
      notFound: true,
    },
    {
      path: `/blog/no-such-post-${stamp}`,
      heading: "Blog Post Not Found",
      link: "Back to Blog",
      to: "/blog",
      data: `/api/blog/posts/no-such-post-${stamp}`,
      notFound: true,
    },
  ];

  it("each public page hydrates without a console error or warning, keeps its data, and navigates client-side", async () => {
    for (const target of pages()) {
      const { context, page } = await newPage(browser, DESKTOP, { serviceWorkers: "allow" });
      const problems = watchConsole(page, "notFound" in target ? target.path : undefined);
      const apiReads: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/") && request.method() === "GET") apiReads.push(url.pathname);
      });
      // Hydrated before the click: one on the server's HTML is a full page load (which works, but
      // is not what this test checks). The library's shelf, where its first card is, hydrates when
      // its own chunk has come: waited for too.
      const shelf =
        target.path === "/home"
          ? page.waitForResponse((response) => /\/library-shelf-[\w-]+\.js$/.test(new URL(response.url()).pathname))
          : null;
      await gotoHydrated(page, target.path);
      await shelf;
      await nextFrames(page);
      await page.getByRole("heading", { level: 1, name: target.heading, exact: true }).waitFor();
      await page.getByRole("button", { name: "Sign In" }).waitFor();
      // The server's data was enough: the browser did not ask for it again, nor who is looking
      // (the page was rendered for a visitor, and said so).
      if (target.data) expect(apiReads, target.path).not.toContain(target.data);
      expect(apiReads, target.path).not.toContain("/api/auth/user");

      // A link click is handled by the router: same document, new screen.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const link = page.locator(`main a[href="${target.to}"]`).first();
      expect(await linkText(link)).toContain(target.link);
      await link.click();
      await page.waitForURL((url) => url.pathname === target.to);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true))
        .toBe(true);
      // Settle: late chunks (the toast region) and their warnings, if any. Not "networkidle": the
      // service worker's precaching can keep the network busy for long on a loaded machine.
      await page.waitForLoadState("load");
      await page.waitForTimeout(500);
      expect(problems, target.path).toEqual([]);
      await context.close();
    }
  });

  it("a signed-in admin's pages hydrate too, and fill in the account parts", async () => {
    const page = await admin.newPage();
    const problems = watchConsole(page);
    await page.goto("/home");
    await page.getByRole("heading", { level: 1, name: "Dragon Library" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
    await page.getByRole("button", { name: "Upload my own image" }).waitFor();
    await page.waitForLoadState("load");
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("with JavaScript off, the public pages are readable", async () => {
    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      for (const target of pages()) {
        await page.goto(target.path);
        await expect(
          page.getByRole("heading", { level: 1, name: target.heading, exact: true }).isVisible(),
          target.path,
        ).resolves.toBe(true);
        await expect(linkText(page.locator(`main a[href="${target.to}"]`).first()), target.path).resolves.toContain(
          target.link,
        );
      }
      await page.goto("/home");
      for (const dragon of dragons.slice(0, 4)) {
        const img = page.getByRole("img", { name: dragon.name, exact: true });
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
          .toBeGreaterThan(0);
      }
      await screenshot(page, `no-js-home-${viewport.width}`);
      await page.goto(`/blog/${post.slug}`);
      await page.getByText("then the wings").waitFor();
      await screenshot(page, `no-js-blog-post-${viewport.width}`);
      await context.close();
    }
  });
});
