import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { illustrationPng } from "../src/server/test/images";
import { BLOG_HTML_ELEMENTS } from "../src/shared/blog/html";
import { expectToast, launchBrowser, newPage, screenshot, seriousA11yViolations } from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";
import { uploadBlogImage } from "./support/blog-images";

// What the server keeps, the editor keeps (decision 011). A post is written through the API, as
// another tool would write it; an admin opens it at /admin/blog/edit/{id}, adds one full stop to
// its last paragraph and saves. Saving without any edit would prove nothing: the form sends the
// body it was given until the editor changes it, and only then is every element written again by
// the editor.

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** An uploaded picture; every image of the posts shows it, told apart by its alt text. */
let picture: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await signIn(context, ADMIN_EMAIL);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-round-trip-"));
  const file = path.join(dir, "scales.png");
  fs.writeFileSync(file, await illustrationPng(640, 360));
  picture = await uploadBlogImage(context.request, file);
  fs.rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await browser.close();
});

const stamp = Date.now();
const LAST_PARAGRAPH = "<p>The end</p>";

interface StoredPost {
  id: string;
  content: string;
}

async function createPost(request: APIRequestContext, title: string, content: string): Promise<StoredPost> {
  const response = await request.post("/api/admin/blog", {
    data: { title: `${title} ${stamp}`, content: content + LAST_PARAGRAPH },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as StoredPost;
}

/** Open the post in the editor, add a full stop to its last paragraph, save; answers the stored body. */
async function editOnceAndSave(post: StoredPost, name: string): Promise<string> {
  await page.goto(`/admin/blog/edit/${post.id}`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.getByText("The end", { exact: true }).waitFor();
  const pictures = () =>
    editor
      .locator("img")
      .evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0));
  await expect.poll(pictures, { message: "every picture shows in the editor" }).toBe(true);
  await screenshot(page, `blog-editor-round-trip-${name}`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await editor.getByText("The end", { exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(".");
  await editor.getByText("The end.", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Save Post" }).click();
  await expectToast(page, "Success", "Blog post updated successfully!");
  const posts = (await (await context.request.get("/api/admin/blog")).json()) as StoredPost[];
  const saved = posts.find(({ id }) => id === post.id)!;
  expect((await context.request.delete(`/api/admin/blog/${post.id}`)).status()).toBe(200);
  return saved.content;
}

/** Each element of a body with the attributes it carries anywhere, as the browser parses it. */
function elementsIn(html: string): Promise<Record<string, string[]>> {
  return page.evaluate((html) => {
    const found: Record<string, string[]> = {};
    for (const element of new DOMParser().parseFromString(html, "text/html").body.querySelectorAll("*")) {
      const names = (found[element.localName] ??= []);
      for (const { name } of element.attributes) if (!names.includes(name)) names.push(name);
    }
    for (const names of Object.values(found)) names.sort();
    return found;
  }, html);
}

/**
 * The body's elements in document order, each with its attributes, and its text: what a reader
 * gets. Paragraphs are left out, because the editor puts the text of a list item, a quotation or a
 * loose line of a figure in one, which changes nothing a reader sees.
 */
function readerView(html: string): Promise<{ elements: string[]; text: string }> {
  return page.evaluate((html) => {
    const body = new DOMParser().parseFromString(html, "text/html").body;
    const elements = [...body.querySelectorAll(":not(p)")].map((element) => {
      const attributes = [...element.attributes].map(({ name, value }) => `${name}="${value}"`).sort();
      return [element.localName, ...attributes].join(" ");
    });
    return { elements, text: (body.textContent ?? "").replace(/\s+/g, " ").trim() };
  }, html);
}

describe("the blog editor keeps what the sanitiser allows", () => {
  it("keeps every allowed element and attribute, written as the editor writes them, exactly", async () => {
    const body = [
      "<h2>Second level</h2><h3>Third level</h3><h4>Fourth level</h4>",
      "<p><strong>Strong</strong>, <em>emphasis</em>, a line<br />break and <code>inline code</code>.</p>",
      '<p><a href="https://example.com/guide" title="The grid guide" rel="noopener noreferrer nofollow">A link away</a>, ',
      '<a href="/blog">one of ours</a>, <a href="mailto:hi@example.com">mail</a> and <a href="#scales">a fragment</a>.</p>',
      "<ul><li><p>An HB pencil</p></li><li><p>A soft eraser</p></li></ul>",
      '<ol start="3"><li><p>Third step</p></li><li><p>Fourth step</p></li></ol>',
      "<blockquote><p>Draw what you see.</p></blockquote>",
      '<pre><code class="language-ts">const squares = 8 * 8;</code></pre>',
      "<hr />",
      `<figure><img src="${picture}" alt="Scales on squared paper" title="Scales" width="1600" height="900" />`,
      "<figcaption>The finished scales, <em>square by square</em>.</figcaption></figure>",
    ].join("");
    const post = await createPost(context.request, "Every element", body);
    expect(post.content).toBe(body + LAST_PARAGRAPH);

    // The body holds each declared element with each of its declared attributes.
    const stored = await elementsIn(post.content);
    for (const [element, attributes] of Object.entries(BLOG_HTML_ELEMENTS)) {
      expect(stored[element], `<${element}> in the body`).toBeDefined();
      expect(stored[element], `attributes of <${element}>`).toEqual(expect.arrayContaining([...attributes]));
    }

    expect(await editOnceAndSave(post, "every-element")).toBe(post.content.replace(LAST_PARAGRAPH, "<p>The end.</p>"));
  });

  it("keeps what other tools write: figures of every shape, linked pictures, a code's language", async () => {
    const body = [
      `<figure><figcaption>A caption above</figcaption><img src="${picture}" alt="Caption above" /></figure>`,
      `<figure><img src="${picture}" alt="No caption" /></figure>`,
      `<figure><img src="${picture}" alt="Left" /><img src="${picture}" alt="Right" /><figcaption>Two pictures</figcaption></figure>`,
      "<figure><blockquote><p>Squares make it easy.</p></blockquote><figcaption>A learner</figcaption></figure>",
      '<figure><pre><code class="language-ts">grid(8);</code></pre><figcaption>Listing 1</figcaption></figure>',
      "<figure>Loose text<figcaption>Loose caption</figcaption></figure>",
      "<figure><figcaption>Only a caption</figcaption></figure>",
      `<figure><a href="https://example.com/full" title="Full size"><img src="${picture}" alt="Linked" /></a><figcaption>Linked picture</figcaption></figure>`,
      `<p><img src="${picture}" alt="Alone" /></p>`,
      `<p><a href="/blog"><img src="${picture}" alt="Linked alone" /></a></p>`,
      '<p>Run <code class="language-sh">npm start</code> first.</p>',
      '<p>See <a href="https://example.com/docs"><code>grid()</code></a>.</p>',
      "<ul><li>Loose item</li></ul><blockquote>Loose quote</blockquote>",
    ].join("");
    const post = await createPost(context.request, "Other tools", body);
    const before = await readerView(post.content);
    const saved = await editOnceAndSave(post, "other-tools");
    const after = await readerView(saved);
    expect(after.elements).toEqual(before.elements);
    // Nor a blank line where a picture stood alone in its paragraph.
    expect(saved).not.toContain("<p></p>");
    expect(after.text).toBe(`${before.text}.`);
  });
});
