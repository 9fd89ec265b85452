import crypto from "node:crypto";
import { precompress, type Precompressed } from "../../http/precompress";

// A change to the library or the blog, made through any server process, clears the cache at once
// (app.ts listens to their change notices); a page is rendered again after this time in any case.
const FRESH_MS = 10_000;
// Pages are keyed by path, and anyone can ask for /dragon/anything: the cache holds at most this
// many, dropping the least recently used.
const MAX_ENTRIES = 500;

/** A rendered page, ready to send as it is, in the encodings browsers ask for. */
export interface CachedPage extends Precompressed {
  status: number;
  html: Buffer;
  /** Weak: the same page goes out as identity, gzip or Brotli bytes. */
  etag: string;
}

export async function preparePage(status: number, html: string): Promise<CachedPage> {
  const body = Buffer.from(html, "utf8");
  return {
    status,
    html: body,
    ...(await precompress(body, 10)),
    etag: `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`,
  };
}

/**
 * Rendered public pages in memory. A page is rendered once and served from memory until the data
 * under it changes (`clear`) or it is older than FRESH_MS; then the next readers get the old page
 * while one render makes the new one. After `clear` the next reader waits for the fresh page.
 */
export function createPageCache() {
  const pages = new Map<string, { page: CachedPage; at: number }>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // A render that started before a clear may carry the old data: it is sent but not kept.
  let generation = 0;

  function refresh(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const running = rendering.get(key);
    if (running) return running;
    const started = generation;
    const promise = render()
      .then((page) => {
        if (started !== generation) return page;
        pages.delete(key);
        if (page) pages.set(key, { page, at: Date.now() });
        if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
        return page;
      })
      .finally(() => {
        if (rendering.get(key) === promise) rendering.delete(key);
      });
    rendering.set(key, promise);
    return promise;
  }

  /** Pages sent from memory, and pages rendered for a reader who waited (for /metrics). */
  const stats = { hits: 0, misses: 0 };

  return {
    stats,

    /** The page for `key`, rendered by `render` when missing (null: not to be kept, render again next time). */
    async get(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
      const cached = pages.get(key);
      if (!cached) {
        stats.misses++;
        return refresh(key, render);
      }
      stats.hits++;
      if (Date.now() - cached.at > FRESH_MS) void refresh(key, render).catch(() => undefined);
      else {
        // Most recently used last, so the oldest is first to go.
        pages.delete(key);
        pages.set(key, cached);
      }
      return cached.page;
    },

    /** The data under the pages changed: render each again when next asked for. */
    clear() {
      generation++;
      pages.clear();
      rendering.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
