import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../src/server/test/images";
import {
  DESKTOP,
  PHONE,
  expectToast,
  launchBrowser,
  newPage,
  nextFrames,
  screenshot,
  seriousA11yViolations,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";
import { uploadBlogImage } from "./support/blog-images";

const WIDE = { width: 1440, height: 900 };
const stamp = Date.now();

let browser: Browser;
let imageDir: string;
let coverFile: string;

beforeAll(async () => {
  browser = await launchBrowser();
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-blog-"));
  coverFile = path.join(imageDir, "scales-cover.png");
  fs.writeFileSync(coverFile, await illustrationPng(1600, 900));
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(imageDir, { recursive: true, force: true });
});

async function signedInPage(email: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser, viewport);
  await signIn(session.context, email);
  return session;
}

interface ApiPost {
  id: string;
  slug: string;
  title: string;
  content: string;
  published: boolean;
}

async function createPost(request: APIRequestContext, data: Record<string, unknown>): Promise<ApiPost> {
  const response = await request.post("/api/admin/blog", { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiPost;
}

/** The card of a post on /blog, found by its title. */
const card = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
/** A post's card on the admin list. */
const adminCard = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

describe("blog", () => {
  it("a visitor sees the empty state, and the not-found page at /admin/blog/list", async () => {
    const { context, page } = await newPage(browser, PHONE);
    // However many posts other journeys left, this visit is of a blog without any.
    await page.route("**/api/blog/posts", (route) => route.fulfill({ json: [] }));
    await page.goto("/blog");
    await page.getByRole("heading", { name: "Blog", exact: true, level: 1 }).waitFor();
    await page.getByRole("heading", { name: "No Blog Posts Yet" }).waitFor();
    await page.getByText("Check back soon for drawing tutorials and tips!").waitFor();
    expect(await page.title()).toBe("Blog · Dragon Grid");

    await page.goto("/admin/blog/list");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.goto("/admin/blog/new");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.goto("/blog/no-such-post-anywhere");
    await page.getByRole("heading", { name: "Blog Post Not Found" }).waitFor();
    await page.getByText("The blog post you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL("**/blog");
    await context.close();
  });

  it("a signed-in user who is not an admin sees 'Admin Access Required'", async () => {
    const { context, page } = await signedInPage(`blog-reader-${stamp}@example.com`, PHONE);
    for (const url of ["/admin/blog/list", "/admin/blog/new"]) {
      await page.goto(url);
      await page.getByRole("heading", { name: "Admin Access Required" }).waitFor();
      expect(await page.getByRole("button", { name: "Save Post" }).count()).toBe(0);
    }
    expect((await context.request.get("/api/admin/blog")).status()).toBe(403);
    await context.close();
  });

  it("an admin writes a draft in the editor, publishes it, renames it and deletes it", async () => {
    const title = `Shading dragon scales ${stamp}`;
    const { context: adminContext, page } = await signedInPage(ADMIN_EMAIL, WIDE);
    const { context: visitorContext, page: visitor } = await newPage(browser, DESKTOP);

    await page.goto("/admin/blog/list");
    await page.getByRole("heading", { name: "Blog Management" }).waitFor();
    await page.getByRole("link", { name: "New Post" }).click();
    await page.waitForURL("**/admin/blog/new");
    await page.getByRole("heading", { name: "New Post" }).waitFor();

    await page.getByLabel("Title", { exact: true }).fill(title);
    expect(await page.getByLabel("Slug").getAttribute("placeholder")).toMatch(/generated from the title when empty/);

    // The body: a heading, then a paragraph with a link made from selected words.
    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    const heading2 = page.getByRole("button", { name: "Heading 2" });
    await heading2.click();
    expect(await heading2.getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.type("Start with the grid");
    await page.keyboard.press("Enter");
    expect(await heading2.getAttribute("aria-pressed")).toBe("false");
    await page.keyboard.type("Copy one square at a time. Read the grid guide");
    for (let i = 0; i < "grid guide".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    page.once("dialog", (prompt) => {
      expect(prompt.type()).toBe("prompt");
      void prompt.accept("https://example.com/grid-guide");
    });
    await page.getByRole("button", { name: "Link" }).click();
    await editor.locator('a[href="https://example.com/grid-guide"]', { hasText: "grid guide" }).waitFor();
    await page.keyboard.press("End");
    await page.keyboard.type(" first.");
    // A picture in the body, uploaded like the featured image, with its alt text asked for.
    await page.keyboard.press("Enter");
    page.once("dialog", (prompt) => void prompt.accept("Scales on squared paper"));
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert image" }).click();
    await (await chooser).setFiles(coverFile);
    await expectToast(page, "Success", "Image uploaded successfully!");
    await editor.getByRole("img", { name: "Scales on squared paper" }).waitFor();

    const excerpt = "How to shade scales square by square without losing the shape.";
    await page.getByLabel("Excerpt").fill(excerpt);
    await page.getByText(`${excerpt.length}/500`).waitFor();
    await page.getByLabel("Meta title").fill("Shading scales");
    await page.getByText("14/70").waitFor();
    await page.getByText("0/160").waitFor();

    // Tags: Enter or Add, trimmed, blanks refused, each removable.
    const tagInput = page.getByLabel("Tags", { exact: true });
    await tagInput.fill("  scales ");
    await tagInput.press("Enter");
    for (const tag of ["shading", "pencil", "beginners", "remove me"]) {
      await tagInput.fill(tag);
      await page.getByRole("button", { name: "Add", exact: true }).click();
    }
    await tagInput.fill("   ");
    expect(await page.getByRole("button", { name: "Add", exact: true }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Remove tag remove me" }).click();
    const tagList = page.getByRole("list", { name: "Tags of this post" }).getByRole("listitem");
    expect(await tagList.allInnerTexts()).toEqual(["scales", "shading", "pencil", "beginners"]);

    // The featured image: uploaded, made public, previewed.
    await page.getByLabel("Upload featured image").setInputFiles(coverFile);
    await expectToast(page, "Success", "Image uploaded successfully!");
    const preview = page.getByRole("img", { name: "Featured image preview" });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);

    const publish = page.getByRole("switch", { name: "Publish" });
    expect(await publish.getAttribute("aria-checked")).toBe("false");
    await screenshot(page, "blog-form-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Saved as a draft.
    await page.getByRole("button", { name: "Save Post" }).click();
    await expectToast(page, "Success", "Blog post created successfully!");
    await page.waitForURL("**/admin/blog/list");
    const draftCard = adminCard(page, title);
    await draftCard.getByText("Draft").waitFor();
    const posts = (await (await adminContext.request.get("/api/admin/blog")).json()) as (ApiPost & {
      tags: string[];
      featuredImageUrl: string;
    })[];
    const saved = posts.find((post) => post.title === title)!;
    expect(saved.slug).toBe(`shading-dragon-scales-${stamp}`);
    await draftCard.getByText(`/blog/${saved.slug}`).waitFor();
    await draftCard.getByText(excerpt).waitFor();
    expect(saved.tags).toEqual(["scales", "shading", "pencil", "beginners"]);
    expect(saved.featuredImageUrl).toMatch(/^\/objects\/uploads\//);
    expect(saved.content).toContain("<h2>Start with the grid</h2>");
    expect(saved.content).toMatch(/<img src="\/objects\/uploads\/[^"]+" alt="Scales on squared paper"/);

    // Visitors do not see drafts, in the list or by address.
    await visitor.goto("/blog");
    await visitor.getByRole("heading", { name: "Blog", level: 1 }).waitFor();
    await visitor.waitForLoadState("networkidle");
    expect(await card(visitor, title).count()).toBe(0);
    await visitor.goto(`/blog/${saved.slug}`);
    await visitor.getByRole("heading", { name: "Blog Post Not Found" }).waitFor();

    // Published from the edit form; the button says Saving... while the save is on its way.
    await draftCard.getByRole("link", { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/blog/edit/${saved.id}`);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    expect(await page.getByLabel("Slug").inputValue()).toBe(saved.slug);
    await page
      .getByRole("textbox", { name: "Content" })
      .getByRole("heading", { name: "Start with the grid" })
      .waitFor();
    await publish.click();
    expect(await publish.getAttribute("aria-checked")).toBe("true");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent: Record<string, unknown> | null = null;
    await page.route(`**/api/admin/blog/${saved.id}`, async (route) => {
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Save Post" }).click();
    await page.getByRole("button", { name: "Saving..." }).waitFor();
    expect(await page.getByRole("button", { name: "Saving..." }).isDisabled()).toBe(true);
    release();
    await expectToast(page, "Success", "Blog post updated successfully!");
    await page.unroute(`**/api/admin/blog/${saved.id}`);
    // docs/spec.md §5: the server's own fields are not sent back.
    expect(Object.keys(sent!).sort()).toEqual([
      "content",
      "excerpt",
      "featuredImageUrl",
      "language",
      "metaDescription",
      "metaTitle",
      "published",
      "slug",
      "tags",
      "title",
    ]);
    await adminCard(page, title).getByText("Published").waitFor();

    // Now the list shows it (three of its four tags) and its page renders the body as markup.
    await visitor.goto("/blog");
    const publicCard = card(visitor, title);
    await publicCard.waitFor();
    await publicCard.getByText(excerpt).waitFor();
    expect(await publicCard.getByRole("list", { name: "Tags" }).getByRole("listitem").allInnerTexts()).toEqual([
      "scales",
      "shading",
      "pencil",
    ]);
    await publicCard.getByRole("link", { name: title }).click();
    await visitor.waitForURL(`**/blog/${saved.slug}`);
    await visitor.getByRole("heading", { name: title, level: 1 }).waitFor();
    await visitor.getByRole("heading", { name: "Start with the grid", level: 2 }).waitFor();
    expect(await visitor.getByRole("link", { name: "grid guide" }).getAttribute("href")).toBe(
      "https://example.com/grid-guide",
    );
    const bodyImage = visitor.getByRole("img", { name: "Scales on squared paper" });
    await expect.poll(() => bodyImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    expect(await visitor.getByRole("list", { name: "Tags" }).getByRole("listitem").count()).toBe(4);
    const cover = visitor.locator("article > img").first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    const box = (await cover.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(21 / 9, 1);
    await expect.poll(() => visitor.title()).toBe("Shading scales");
    expect(await visitor.locator('meta[name="description"]').getAttribute("content")).toBe(excerpt);
    await visitor.getByRole("link", { name: "Back to Blog" }).first().waitFor();

    // Renamed: the new title reaches the post's page.
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByLabel("Title", { exact: true }).fill(`${title} (revised)`);
    await page.getByRole("button", { name: "Save Post" }).click();
    await expectToast(page, "Success", "Blog post updated successfully!");
    await adminCard(page, `${title} (revised)`).waitFor();
    await visitor.reload();
    await visitor.getByRole("heading", { name: `${title} (revised)`, level: 1 }).waitFor();

    // Deleted after the browser's confirm.
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await adminCard(page, `${title} (revised)`)
      .getByRole("button", { name: `Delete ${title} (revised)` })
      .click();
    await expectToast(page, "Success", "Blog post deleted successfully!");
    expect(question).toBe("Are you sure you want to delete this post?");
    await expect.poll(() => adminCard(page, `${title} (revised)`).count()).toBe(0);
    await visitor.goto(`/blog/${saved.slug}`);
    await visitor.getByRole("heading", { name: "Blog Post Not Found" }).waitFor();

    await adminContext.close();
    await visitorContext.close();
  });

  it("refuses an empty title or body with the reason, and keeps the post when the confirm is cancelled", async () => {
    const { context, page } = await signedInPage(ADMIN_EMAIL, DESKTOP);
    await page.goto("/admin/blog/new");
    // The toolbar is one tab stop; the arrow keys move along it.
    await page.getByRole("button", { name: "Heading 2" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Heading 3");
    expect(await page.getByRole("toolbar", { name: "Formatting" }).locator('button[tabindex="0"]').count()).toBe(1);
    await page.getByRole("button", { name: "Save Post" }).click();
    await expectToast(page, "Error", "Title is required");
    await page.getByLabel("Title", { exact: true }).fill(`Nothing to say ${stamp}`);
    await page.getByRole("button", { name: "Save Post" }).click();
    await expectToast(page, "Error", "Content is required");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL("**/admin/blog/list");

    const post = await createPost(context.request, { title: `Keep me ${stamp}`, content: "<p>Still here.</p>" });
    await page.reload();
    const dismissed = new Promise<void>((resolve) =>
      page.once("dialog", (dialog) => void dialog.dismiss().then(resolve)),
    );
    await adminCard(page, post.title)
      .getByRole("button", { name: `Delete ${post.title}` })
      .click();
    await dismissed;
    await nextFrames(page);
    expect(await adminCard(page, post.title).count()).toBe(1);
    expect((await context.request.delete(`/api/admin/blog/${post.id}`)).status()).toBe(200);

    // A slug another post has: the server's message is shown.
    const taken = await createPost(context.request, { title: `Taken ${stamp}`, content: "<p>First.</p>" });
    await page.goto("/admin/blog/new");
    await page.getByLabel("Title", { exact: true }).fill(`Second ${stamp}`);
    await page.getByLabel("Slug").fill(taken.slug);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Second.");
    await page.getByRole("button", { name: "Save Post" }).click();
    await expectToast(page, "Error", `The slug "${taken.slug}" is already taken`);
    expect((await context.request.delete(`/api/admin/blog/${taken.id}`)).status()).toBe(200);
    await context.close();
  });

  it("runs nothing from a post whose stored HTML carried script", async () => {
    const { context: adminContext } = await signedInPage(ADMIN_EMAIL);
    const post = await createPost(adminContext.request, {
      title: `Hostile markup ${stamp}`,
      content: [
        "<p>Before the traps.</p>",
        '<img src=x onerror="window.__pwned = 1">',
        '<p><a href="javascript:window.__pwned = 2">A tempting link</a></p>',
        '<p><a href="JaVaScRiPt&colon;window.__pwned = 3">Encoded link</a></p>',
        "<script>window.__pwned = 4</script>",
        '<p onclick="window.__pwned = 5">After the traps.</p>',
      ].join(""),
      published: true,
    });
    expect(post.content).not.toMatch(/onerror|onclick|javascript:|<script/i);

    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`/blog/${post.slug}`);
    await page.getByText("After the traps.").waitFor();
    // Its href was removed: it is plain text now, and clicking it goes nowhere.
    await page.getByText("A tempting link").click();
    await page.getByText("After the traps.").click();
    await nextFrames(page);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('a[href^="javascript:" i], [onerror], [onclick]').count()).toBe(0);
    expect(await page.locator(".blog-prose img, .blog-prose script").count()).toBe(0);
    expect(page.url()).toContain(`/blog/${post.slug}`);
    expect((await adminContext.request.delete(`/api/admin/blog/${post.id}`)).status()).toBe(200);
    await context.close();
    await adminContext.close();
  });

  it("looks finished on a phone and a wide screen, with no serious accessibility problem", async () => {
    const { context: adminContext, page: admin } = await signedInPage(ADMIN_EMAIL, PHONE);
    const cover = await uploadBlogImage(adminContext.request, coverFile);
    const content = [
      "<p>The grid method turns one hard drawing into many easy ones. Here is how to use it for the scales along a dragon's back.</p>",
      "<h2>Prepare the paper</h2>",
      "<p>Draw the grid <strong>lightly</strong> with a hard pencil, and <em>label</em> the columns and rows.</p>",
      "<ul><li>An HB pencil for the grid</li><li>A 2B pencil for the scales</li><li>A soft eraser</li></ul>",
      "<h3>One square at a time</h3>",
      "<ol><li>Find the square on the template.</li><li>Copy only what is inside it.</li></ol>",
      "<blockquote><p>Draw what you see, not what you think a dragon looks like.</p></blockquote>",
      `<figure><img src="${cover}" alt="The finished scales on squared paper" width="1600" height="900"><figcaption>The finished scales.</figcaption></figure>`,
      '<p>More in the <a href="https://example.com/grid">grid guide</a>; the command is <code>grid --size 2</code>.</p>',
    ].join("");
    const posts = [
      await createPost(adminContext.request, {
        title: `Scales, square by square ${stamp}`,
        content,
        excerpt: "A calm method for the trickiest part of any dragon: its scales.",
        featuredImageUrl: cover,
        tags: ["scales", "shading", "pencil", "beginners"],
        published: true,
      }),
      await createPost(adminContext.request, {
        title: `Choosing your grid size ${stamp}`,
        content: "<p>Smaller squares, more detail.</p>",
        excerpt: "Bigger squares are faster; smaller ones catch more detail.",
        tags: ["grid"],
        published: true,
      }),
    ];
    const [post] = posts;

    for (const [label, viewport] of [
      ["phone", PHONE],
      ["wide", WIDE],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto("/blog");
      await card(page, post!.title).waitFor();
      await expect
        .poll(() =>
          page
            .locator("main img")
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await screenshot(page, `blog-list-${label}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto(`/blog/${post!.slug}`);
      await page.getByRole("heading", { name: "Prepare the paper" }).waitFor();
      await expect
        .poll(() =>
          page
            .locator("main img")
            .evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0)),
        )
        .toBe(true);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `blog-post-${label}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();

      await admin.setViewportSize(viewport);
      await admin.goto("/admin/blog/list");
      await adminCard(admin, post!.title).waitFor();
      await screenshot(admin, `blog-admin-list-${label}`);
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await admin.goto(`/admin/blog/edit/${post!.id}`);
      await admin
        .getByRole("textbox", { name: "Content" })
        .getByRole("heading", { name: "Prepare the paper" })
        .waitFor();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(admin, `blog-form-${label}`);
      expect(await seriousA11yViolations(admin)).toEqual([]);
    }

    // Editing keeps the captioned picture: the editor shows the caption, and a save stores the figure as it was.
    await admin.goto(`/admin/blog/edit/${post!.id}`);
    const editor = admin.getByRole("textbox", { name: "Content" });
    await editor.locator("figure figcaption", { hasText: "The finished scales." }).waitFor();
    await admin.getByRole("button", { name: "Save Post" }).click();
    await expectToast(admin, "Success", "Blog post updated successfully!");
    const saved = (await (await adminContext.request.get(`/api/blog/posts/${post!.slug}`)).json()) as {
      content: string;
    };
    expect(saved.content).toMatch(
      /<figure><img [^>]*src="[^"]+"[^>]*><figcaption>The finished scales\.<\/figcaption><\/figure>/,
    );

    for (const { id } of posts) expect((await adminContext.request.delete(`/api/admin/blog/${id}`)).status()).toBe(200);
    await adminContext.close();
  });

  it("a visitor reading the blog never downloads the admin screens or the editor", async () => {
    const { context: adminContext } = await signedInPage(ADMIN_EMAIL);
    const post = await createPost(adminContext.request, {
      title: `Light pages ${stamp}`,
      content: "<p>Short.</p>",
      published: true,
    });
    const { context, page } = await newPage(browser, PHONE);
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.goto("/blog");
    await card(page, post.title).getByRole("link").click();
    await page.getByRole("heading", { name: post.title, level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.some((url) => url.includes("blog-list-page"))).toBe(true);
    expect(scripts.some((url) => url.includes("blog-post-page"))).toBe(true);
    expect(scripts.filter((url) => /admin-blog-page|blog-form|rich-text|tiptap/i.test(url))).toEqual([]);
    expect((await adminContext.request.delete(`/api/admin/blog/${post.id}`)).status()).toBe(200);
    await context.close();
    await adminContext.close();
  });
});
