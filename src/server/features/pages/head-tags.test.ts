import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectHead, jsonForScript, renderHeadTags } from "./head-tags";
import { DEFAULT_OG_IMAGE } from "../../../shared/site";
import { createTestApp, type TestApp } from "../../test/test-app";
import { fakeClientBuild } from "../../test/fake-client-build";

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dragon Grid</title>\n<!--head-tags--><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

describe("head tags", () => {
  it("escapes people's text in the title, the meta tags and the structured data", () => {
    const payload = `"><img src=x onerror=window.__pwned=1></title><script>alert(1)</script>`;
    const head = renderHeadTags(
      { title: payload, description: payload, image: "/og.png", jsonLd: { headline: payload } },
      "https://dragongrid.example",
      "/blog/x",
    );
    expect(head).not.toContain("<img");
    expect(head).not.toMatch(/<script>|<\/title><script/);
    expect(head).toContain(
      "<title>&quot;&gt;&lt;img src=x onerror=window.__pwned=1&gt;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>",
    );
    expect(jsonForScript({ headline: payload })).not.toMatch(/[<>&]/);
  });

  it("places text holding replacement patterns ($` $' $& $$) as it is", () => {
    const title = "Cash $` $' $& $$ Dragon";
    const page = injectHead(TEMPLATE, `<title>${title}</title>`);
    expect(page).toBe(
      TEMPLATE.replace(/<title>Dragon Grid<\/title>\n<!--head-tags-->/, () => `<title>${title}</title>`),
    );
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).toContain(`<title>${title}</title><script type="module"`);
  });
});

describe("the social card", () => {
  const origin = "https://dragongrid.example";
  const cardOf = (head: string) => head.match(/<meta property="og:image" content="([^"]*)"/)?.[1];

  it("is the page's language's one, unless the page has an image of its own", () => {
    const meta = { title: "Dragon Grid", description: "…", image: DEFAULT_OG_IMAGE };
    expect(cardOf(renderHeadTags(meta, origin, "/"))).toBe(`${origin}/og-image.png`);
    expect(cardOf(renderHeadTags(meta, origin, "/", "ja"))).toBe(`${origin}/og-image-ja.png`);
    expect(cardOf(renderHeadTags(meta, origin, "/", "zh-Hans"))).toBe(`${origin}/og-image-zh-Hans.png`);
    // A post's words are in one language: its card is that language's.
    expect(cardOf(renderHeadTags({ ...meta, language: "es" }, origin, "/blog/x", "fr"))).toBe(
      `${origin}/og-image-es.png`,
    );
    expect(cardOf(renderHeadTags({ ...meta, image: "/uploads/dragon.png" }, origin, "/dragon/x", "ja"))).toBe(
      `${origin}/uploads/dragon.png`,
    );
  });

  describe("on a served page", () => {
    let client: ReturnType<typeof fakeClientBuild>;
    let t: TestApp;
    beforeAll(async () => {
      client = fakeClientBuild(
        `export function pageMessages() { return {}; }
        export function translator() { return (english) => english; }
        export async function render() { return { html: "<main>page</main>", state: { queries: [] } }; }`,
      );
      t = await createTestApp({ CLIENT_DIR: client.clientDir });
    });
    afterAll(async () => {
      await t.close();
      client.remove();
    });

    it("names the Japanese card on a Japanese page, for og:image and twitter:image", async () => {
      const page = await t.app.inject({ method: "GET", url: "/ja" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<meta property="og:image" content="${t.config.publicUrl}/og-image-ja.png"`);
      expect(page.body).toContain(`<meta name="twitter:image" content="${t.config.publicUrl}/og-image-ja.png"`);
      const english = await t.app.inject({ method: "GET", url: "/" });
      expect(english.body).toContain(`<meta property="og:image" content="${t.config.publicUrl}/og-image.png"`);
    });
  });
});
