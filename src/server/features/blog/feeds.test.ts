import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dragons, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSignedInUser, type TestUser } from "../../test/users";
import type { BlogPostPayload } from "../../../shared/blog";
import type { AdminBlogPost } from "../../../shared/blog/responses";
import { absoluteLinks, buildRss } from "./feeds";
import { testClient, type TestClient } from "../../test/api-client";
import { LOCALES } from "../../../shared/i18n/locales";

const ORIGIN = "http://dragongrid.test";

let t: TestApp;
let api: TestClient;
let admin: TestUser;
let user: TestUser;
let dragonId: string;
let published: AdminBlogPost;
let draft: AdminBlogPost;
let nasty: AdminBlogPost;

async function createPost(payload: BlogPostPayload): Promise<AdminBlogPost> {
  const res = await api.call("POST /api/admin/blog", { cookies: admin.cookies, body: payload });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
  admin = await createSignedInUser(t, { isAdmin: true });
  user = await createSignedInUser(t);
  await t.database.db.update(users).set({ firstName: "Ada", lastName: "Lovelace" }).where(eq(users.id, admin.id));
  dragonId = crypto.randomUUID();
  await t.database.db.insert(dragons).values({
    id: dragonId,
    name: "Ember",
    previewKey: `dragons/${dragonId}/preview.webp`,
    hiresKey: `dragons/${dragonId}/hires.png`,
  });
  published = await createPost({
    title: "Drawing Dragon Scales",
    content: '<p>Scales <a href="/home">library</a></p><img src="/objects/uploads/abc-1" alt="Scales" />',
    excerpt: "How to draw scales with the grid.",
    featuredImageUrl: "/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b",
    tags: ["scales", "grid"],
    published: true,
  });
  draft = await createPost({ title: "Secret Draft Post", content: "<p>Not yet</p>", published: false });
  nasty = await createPost({
    title: "Break </script><script>alert(1)</script> out ]]> twice ]]> & <b>",
    metaTitle: "Meta </script> title",
    metaDescription: 'Meta "description" <script>',
    // A control character XML 1.0 does not allow (titles refuse them; a body may carry one).
    content: "<p>Body ]]> with a CDATA end \u0001</p>",
    featuredImageUrl: "https://images.example.com/nasty.png",
    published: true,
  });
});
afterAll(() => t.close());

const get = (url: string, cookies?: Record<string, string>) => t.app.inject({ method: "GET", url, cookies });

function metaContent(html: string, attr: "name" | "property", key: string): string | undefined {
  const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

describe("the page /blog/{slug}", () => {
  it("carries the post's own title, description, picture, type, date and Article data", async () => {
    const res = await get(`/blog/${published.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain("<title>Drawing Dragon Scales · Dragon Grid</title>");
    expect(metaContent(html, "name", "description")).toBe("How to draw scales with the grid.");
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:title")).toBe("Drawing Dragon Scales · Dragon Grid");
    expect(metaContent(html, "property", "og:image")).toBe(
      `${ORIGIN}/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b`,
    );
    expect(metaContent(html, "property", "og:url")).toBe(`${ORIGIN}/blog/${published.slug}`);
    expect(metaContent(html, "property", "article:published_time")).toBe(published.publishedAt);
    expect([...html.matchAll(/property="article:tag" content="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "scales",
      "grid",
    ]);
    const [article, ...more] = jsonLd(html);
    expect(more).toEqual([]);
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Drawing Dragon Scales",
      description: "How to draw scales with the grid.",
      image: [`${ORIGIN}/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b`],
      datePublished: published.publishedAt,
      author: { "@type": "Person", name: "Ada Lovelace" },
      inLanguage: "en",
    });
    expect(html).not.toContain(admin.email);
  });

  it("starts loading the post's data with the HTML", async () => {
    const res = await get(`/blog/${published.slug}`);
    expect(res.body).toContain(
      `<link rel="preload" as="fetch" href="/api/blog/posts/${published.slug}" crossorigin="use-credentials">`,
    );
    expect((await get("/blog")).body).toContain(
      '<link rel="preload" as="fetch" href="/api/blog/posts" crossorigin="use-credentials">',
    );
  });

  it("uses the meta title and description when set, escaped, and keeps JSON-LD inside its script element", async () => {
    const res = await get(`/blog/${nasty.slug}`);
    const html = res.body;
    expect(html).toContain("<title>Meta &lt;/script&gt; title</title>");
    expect(metaContent(html, "name", "description")).toBe('Meta "description" <script>');
    expect(metaContent(html, "property", "og:image")).toBe("https://images.example.com/nasty.png");
    // Exactly one script element, the JSON-LD, whose content ends only at its own closing tag.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const [article] = jsonLd(html);
    expect(article!.headline).toBe(nasty.title);
    expect(html).not.toContain("</script><script>alert(1)");
  });

  it("is the not-found page with status 404 for an unknown slug", async () => {
    // A NUL cannot be sent to PostgreSQL at all (it answered 500 for /blog/%00); bad escapes are the router's.
    for (const url of [
      "/blog/no-such-post",
      "/blog/Not%20A%20Slug",
      `/blog/${draft.slug}`,
      "/blog/%00",
      "/blog/a%00b",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain("<title>Page Not Found · Dragon Grid</title>");
      expect(res.body).not.toContain("Secret Draft Post");
    }
  });

  it("hides a draft from users, and shows it to admins previewing it", async () => {
    expect((await get(`/blog/${draft.slug}`, user.cookies)).statusCode).toBe(404);
    const preview = await get(`/blog/${draft.slug}`, admin.cookies);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain("<title>Secret Draft Post · Dragon Grid</title>");
    expect(metaContent(preview.body, "property", "article:published_time")).toBeUndefined();
  });

  it("leaves the blog list page and other pages as they were", async () => {
    const list = await get("/blog");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("<title>Blog · Dragon Grid</title>");
    expect(metaContent(list.body, "property", "og:type")).toBe("website");
    expect(jsonLd(list.body)).toEqual([]);
  });
});

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ["item", "url", "category", "xhtml:link"].includes(name),
});

describe("GET /blog/rss.xml", () => {
  it("is well-formed RSS 2.0 with the published posts, newest first, and no draft", async () => {
    const res = await get("/blog/rss.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(XMLValidator.validate(res.body)).toBe(true);
    const rss = parser.parse(res.body).rss;
    expect(rss["@_version"]).toBe("2.0");
    const items = rss.channel.item as Record<string, unknown>[];
    expect(items.map((item) => item.link)).toEqual([
      `${ORIGIN}/blog/${nasty.slug}`,
      `${ORIGIN}/blog/${published.slug}`,
    ]);
    expect(res.body).not.toContain("Secret Draft Post");
    const scales = items[1]!;
    expect(scales).toMatchObject({
      title: "Drawing Dragon Scales",
      description: "How to draw scales with the grid.",
      "dc:creator": "Ada Lovelace",
      category: ["scales", "grid"],
    });
    expect(new Date(scales.pubDate as string).toISOString()).toBe(
      new Date(Math.floor(Date.parse(published.publishedAt!) / 1000) * 1000).toISOString(),
    );
    // Our own links and pictures made absolute for readers elsewhere.
    expect(scales["content:encoded"]).toBe(
      `<p>Scales <a href="${ORIGIN}/home">library</a></p><img src="${ORIGIN}/objects/uploads/abc-1" alt="Scales" />`,
    );
    expect(res.body).not.toContain(admin.email);
    // A title with CDATA ends and a control character still gives a readable feed.
    expect(items[0]!.title).toContain("</script><script>alert(1)</script> out");
  });

  it("lists at most the newest 20", () => {
    const posts = Array.from({ length: 25 }, (_, i) => ({
      ...published,
      id: `${i}`,
      slug: `post-${i}`,
      title: `Post ${i}`,
    }));
    const rss = parser.parse(buildRss(posts, ORIGIN)).rss;
    expect(rss.channel.item).toHaveLength(20);
    expect(rss.channel.item[0].title).toBe("Post 0");
  });

  it("makes only our own paths absolute", () => {
    expect(
      absoluteLinks(
        '<a href="/x">a</a><a href="https://e.com/">b</a><img src="/objects/u/1" /><a href="#top">c</a>',
        ORIGIN,
      ),
    ).toBe(
      `<a href="${ORIGIN}/x">a</a><a href="https://e.com/">b</a><img src="${ORIGIN}/objects/u/1" /><a href="#top">c</a>`,
    );
  });
});

describe("GET /sitemap.xml", () => {
  it("lists the landing page, the library, every dragon, the blog and every published post, with lastmod", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(XMLValidator.validate(res.body)).toBe(true);
    const urlset = parser.parse(res.body).urlset;
    expect(urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls = urlset.url as {
      loc: string;
      lastmod?: string;
      "xhtml:link"?: { "@_hreflang": string; "@_href": string }[];
    }[];
    // Each page at its address in every language (English first, then /es, /pt-br …); a post only in its own (English here).
    const inEveryLanguage = (path: string) =>
      LOCALES.map(({ prefix }) => `${ORIGIN}${prefix && path === "/" ? prefix : `${prefix}${path}`}`);
    expect(urls.map((url) => url.loc)).toEqual([
      ...inEveryLanguage("/"),
      ...inEveryLanguage("/home"),
      ...inEveryLanguage(`/dragon/${dragonId}`),
      ...inEveryLanguage("/blog"),
      `${ORIGIN}/blog/${nasty.slug}`,
      `${ORIGIN}/blog/${published.slug}`,
    ]);
    const spanishLibrary = urls.find((url) => url.loc === `${ORIGIN}/es/home`)!;
    expect(spanishLibrary["xhtml:link"]!.map((link) => [link["@_hreflang"], link["@_href"]])).toEqual([
      ...LOCALES.map(({ code }, i) => [code, inEveryLanguage("/home")[i]]),
      ["x-default", `${ORIGIN}/home`],
    ]);
    for (const url of urls) expect(Date.parse(url.lastmod!), url.loc).not.toBeNaN();
    expect(urls.find((url) => url.loc.endsWith(published.slug))!.lastmod).toBe(published.updatedAt);
    expect(res.body).not.toContain(draft.slug);
  });

  it("lists a post only at its own language's address, with no alternates", async () => {
    const spanish = await createPost({
      title: "Escamas de dragón",
      content: "<p>Hola</p>",
      language: "es",
      published: true,
    });
    const urls = parser.parse((await get("/sitemap.xml")).body).urlset.url as {
      loc: string;
      "xhtml:link"?: unknown[];
    }[];
    const entries = urls.filter((url) => url.loc.endsWith(`/blog/${spanish.slug}`));
    expect(entries.map((url) => url.loc)).toEqual([`${ORIGIN}/es/blog/${spanish.slug}`]);
    expect(entries[0]!["xhtml:link"]).toBeUndefined();
    // Its page says which language its words are in, at any language's address.
    for (const url of [`/es/blog/${spanish.slug}`, `/blog/${spanish.slug}`]) {
      const [article] = jsonLd((await get(url)).body);
      expect(article, url).toMatchObject({ headline: "Escamas de dragón", inLanguage: "es" });
    }
    await api.call("DELETE /api/admin/blog/:id", { params: { id: spanish.id }, cookies: admin.cookies });
  });
});

describe("GET /robots.txt", () => {
  it("names the sitemap and keeps crawlers out of the admin screens only", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toBe(`User-agent: *\nDisallow: /admin/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe("drafts stay private everywhere", () => {
  it("is absent from the list, the post API, the feed and the sitemap until published, then present in all", async () => {
    const late = await createPost({ title: "Published Later", content: "<p>Soon</p>", published: false });
    const places = async () => ({
      list: (await api.call("GET /api/blog/posts")).body.includes(late.id),
      post: (await api.call("GET /api/blog/posts/:slug", { params: { slug: late.slug } })).statusCode === 200,
      page: (await get(`/blog/${late.slug}`)).statusCode === 200,
      rss: (await get("/blog/rss.xml")).body.includes(late.slug),
      sitemap: (await get("/sitemap.xml")).body.includes(late.slug),
    });
    expect(await places()).toEqual({ list: false, post: false, page: false, rss: false, sitemap: false });
    await api.call("PUT /api/admin/blog/:id", {
      params: { id: late.id },
      cookies: admin.cookies,
      body: { title: late.title, slug: late.slug, content: late.content, published: true },
    });
    expect(await places()).toEqual({ list: true, post: true, page: true, rss: true, sitemap: true });
  });
});
