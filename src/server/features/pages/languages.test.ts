import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { fakeClientBuild } from "../../test/fake-client-build";
import { blogPosts } from "../../db/schema";

/**
 * Pages in every language (decision 056): an address with a language's prefix is served in that
 * language; one without is English, unless the person chose another language (the cookie) or, on a
 * first visit, their browser asks for one of ours.
 */

let client: ReturnType<typeof fakeClientBuild>;
let t: TestApp;

beforeAll(async () => {
  // A built client and an SSR bundle of our own, which renders the language it is asked for.
  client = fakeClientBuild(
    `export function pageMessages(locale) { return { hello: "hello in " + locale }; }
    export function translator(locale) { return (english) => locale === "en" ? english : "[" + locale + "] " + english; }
    export async function render({ locale }) { return { html: "<main>page in " + locale + "</main>", state: { queries: [] } }; }`,
  );
  t = await createTestApp({ CLIENT_DIR: client.clientDir });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("an address with a language's prefix", () => {
  it("is rendered in that language, mirrored for Arabic, with its messages and head tags in it", async () => {
    const page = await get("/ar/home", { "accept-language": "de" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<html lang="ar" dir="rtl"`);
    expect(page.body).toContain("<main>page in ar</main>");
    expect(page.body).toContain(`<script type="application/json" id="page-messages">{"hello":"hello in ar"}</script>`);
    expect(page.body).toContain("<title>[ar] Dragon Library · Dragon Grid</title>");
    expect(page.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/ar/home"`);
  });

  it("names its address in every language, English as the default", async () => {
    const page = await get("/es/home");
    for (const [hreflang, href] of [
      ["en", "/home"],
      ["es", "/es/home"],
      ["pt-BR", "/pt-br/home"],
      ["zh-Hans", "/zh-hans/home"],
      ["ar", "/ar/home"],
      ["x-default", "/home"],
    ])
      expect(page.body).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${t.config.publicUrl}${href}"`);
  });

  it("keeps its prefix when another spelling of the page is sent to the page's one address", async () => {
    const page = await get("/fr/home/");
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe("/fr/home");
  });
});

describe("a page whose own words are in one language (a blog post)", () => {
  it("names its own language's address as the canonical one, and no alternates", async () => {
    await t.database.db.insert(blogPosts).values({
      title: "Cómo dibujar escamas",
      slug: "escamas",
      content: "<p>Paso a paso.</p>",
      language: "es",
      published: true,
      publishedAt: new Date(),
    });
    const page = await get("/fr/blog/escamas");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<html lang="fr" dir="ltr"`);
    expect(page.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/es/blog/escamas"`);
    expect(page.body).toContain(`<meta property="og:locale" content="es"`);
    expect(page.body).not.toContain(`rel="alternate" hreflang`);
  });
});

describe("an address without a prefix", () => {
  it("is English for a browser that asks for no language of ours", async () => {
    const asks: Record<string, string>[] = [
      {},
      { "accept-language": "en-GB,en;q=0.9" },
      { "accept-language": "nl, zh-TW" },
    ];
    for (const headers of asks) {
      const page = await get("/home", headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="en" dir="ltr"`);
      expect(page.headers.vary).toContain("accept-language");
    }
  });

  it("sends a first visit to the language its browser asks for, keeping the query", async () => {
    const page = await get("/home?from=mail", { "accept-language": "ja-JP,ja;q=0.9,en;q=0.5" });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/ja/home?from=mail");
    expect((await get("/", { "accept-language": "pt-BR" })).headers.location).toBe("/pt-br");
  });

  it("follows the chosen language over the browser's, and English chosen stays English", async () => {
    const chosen = await get("/home", { cookie: "lang=de", "accept-language": "fr" });
    expect(chosen.headers.location).toBe("/de/home");
    const english = await get("/home", { cookie: "lang=en", "accept-language": "fr" });
    expect(english.statusCode).toBe(200);
    // A cookie naming no language of ours counts as no choice.
    expect((await get("/home", { cookie: "lang=xx", "accept-language": "es" })).headers.location).toBe("/es/home");
  });

  it("is never sent anywhere for the API", async () => {
    const answer = await get("/api/dragons", { cookie: "lang=de", "accept-language": "de" });
    expect(answer.statusCode).toBe(200);
  });
});
