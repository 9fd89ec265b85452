import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, preparePage, type CachedPage } from "./rendered-pages";

describe("page cache", () => {
  it("renders a page once, then serves it from memory; a clear renders it again", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => preparePage(200, `<p>render ${++renders}</p>`);
    const first = await cache.get("/home", render);
    expect((await cache.get("/home", render))!.etag).toBe(first!.etag);
    expect(renders).toBe(1);

    cache.clear();
    const next = await cache.get("/home", render);
    expect(renders).toBe(2);
    expect(next!.html.toString()).toBe("<p>render 2</p>");
    expect(next!.etag).not.toBe(first!.etag);
  });

  it("renders once for readers that arrive together", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return preparePage(200, "<p>page</p>");
    };
    const pages = await Promise.all([
      cache.get("/blog", render),
      cache.get("/blog", render),
      cache.get("/blog", render),
    ]);
    expect(renders).toBe(1);
    expect(new Set(pages.map((page) => page!.etag)).size).toBe(1);
  });

  it("does not keep a page rendered from data older than a clear", async () => {
    const cache = createPageCache();
    let release!: () => void;
    const slow = cache.get("/home", async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return preparePage(200, "<p>old</p>");
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    cache.clear();
    release();
    expect((await slow)!.html.toString()).toBe("<p>old</p>");
    const fresh = await cache.get("/home", () => preparePage(200, "<p>new</p>"));
    expect(fresh!.html.toString()).toBe("<p>new</p>");
  });

  it("keeps nothing for a render that answers null", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async (): Promise<CachedPage | null> => (renders++, null);
    expect(await cache.get("/dragon/x", render)).toBeNull();
    expect(await cache.get("/dragon/x", render)).toBeNull();
    expect(renders).toBe(2);
  });

  it("prepares the page's gzip and Brotli bytes and a weak ETag", async () => {
    const page = await preparePage(200, "<p>dragons</p>".repeat(100));
    expect(zlib.gunzipSync(await page.gzip()).toString()).toBe(page.html.toString());
    // Made once, on the first ask.
    expect(await page.gzip()).toBe(await page.gzip());
    expect(zlib.brotliDecompressSync(page.br).toString()).toBe(page.html.toString());
    expect(page.etag).toMatch(/^W\/"[\w-]+"$/);
  });
});
