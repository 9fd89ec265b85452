import type { FeedCursor } from "../../../shared/posts";
import type { Post } from "../../../shared/posts/responses";
import { precompress, type Precompressed } from "../../http/precompress";
import { createSlots } from "../../work-slots";

// A page of the feed is read by every signed-in visit and changes only on a post, like, comment,
// approval or deletion. Built pages are kept, and every change, made through this or any other
// server process on the same PostgreSQL (feed.ts, its change notices), shows on the next read; a
// page is built again after PAGE_TTL_MS in any case:
// - likes and comments, the frequent changes, are written into the kept pages that hold the post
//   (patch), so no reader waits for the database after them;
// - the rare ones (a new or approved or deleted post, a changed profile) drop every kept page.
// What is kept is the answer's bytes, plain and in Brotli (gzip when first asked): non-admins all
// get the same masked answer, and encoding ~100 KB of text on every request more than halved the
// requests per second. Building a page takes some 50 ms of PGlite's time on the event loop (its
// queries run synchronously), so it is done rarely and never while a reader waits for an answer
// that only aged (see page()).
const PAGE_TTL_MS = 10_000;
// An aged page is still sent while its successor is built, unless it is older than this (a process
// that sat idle does not show a long-gone feed first).
const STALE_MAX_MS = 60_000;
// Only cursors this process handed out are kept: the first page's, and the last post of each kept
// page (what the app asks for next). Any other cursor (a made-up one, or one from a page since
// dropped) is answered from the database each time, neither kept nor compressed here, so a flood
// of them can neither push real pages out nor cost a Brotli pass each (decision 010). The bound is a
// last guard: a long scroll keeps one entry per page.
const MAX_CACHED_PAGES = 200;
// Pages at cursors not handed out are read one at a time, the rest waiting their turn (a waiting
// request costs nothing). PGlite runs its queries on the event loop: 200 such reads at once queued
// some 800 queries ahead of every other request's (a session look-up, a kept page's refresh) and
// kept the loop from readers of kept pages for seconds. One at a time, with the read giving way
// before each of its queries (repository.ts), a reader of a kept page waits for one query at most.
const UNKEPT_AT_ONCE = 1;

// A built page is compressed at Brotli's quality 10, at most once per PAGE_TTL_MS; a patched page
// at quality 4, as every like pays it, until the next build brings the smaller page back.
const BUILT_QUALITY = 10;
const PATCHED_QUALITY = 4;

/**
 * One answer of GET /api/posts: the JSON as UTF-8, and for a kept page the same gzipped and in
 * Brotli, ready to send. An answer that is not kept has no `precompressed`: it is compressed as
 * it is sent, at the cheap settings every other answer gets.
 */
export interface FeedPage {
  json: Buffer;
  precompressed?: Precompressed;
}

interface BuiltPage extends FeedPage {
  precompressed: Precompressed;
  postIds: ReadonlySet<string>;
  /** The cursor the app asks for after this page (its last post), if the page has posts. */
  next: Required<FeedCursor> | null;
}

interface CachedPage {
  page: Promise<BuiltPage>;
  at: number;
  /** The page, once its promise has settled: it can then be sent while its successor is built. */
  built?: BuiltPage;
  refreshing: boolean;
  /**
   * Changes this page's re-encoding will make, while it waits for the page before it: a change that
   * comes meanwhile joins them instead of queuing a re-encoding of its own.
   */
  waiting?: Change[];
}

interface Change {
  postId: string;
  change: PostPatch;
}

/** Who reads a page: admins see pending posts and full e-mail addresses, everyone else the same masked page. */
export type PageReader = "admin" | "member";

/**
 * A change to one post as a kept page shows it. It must give the same result applied twice (a
 * page built while the change was committed may hold it already).
 */
export type PostPatch = (post: Post, reader: PageReader) => void;

async function encode(list: Post[], quality: typeof BUILT_QUALITY | typeof PATCHED_QUALITY): Promise<BuiltPage> {
  const json = Buffer.from(JSON.stringify(list));
  const last = list.at(-1);
  return {
    json,
    precompressed: await precompress(json, quality),
    postIds: new Set(list.map((post) => post.id)),
    next: last ? { before: last.id, at: last.createdAt } : null,
  };
}

/** The page with `changes` made in turn to the posts it holds; the same page if it holds none. */
async function patched(page: BuiltPage, changes: readonly Change[], reader: PageReader): Promise<BuiltPage> {
  const made = changes.filter(({ postId }) => page.postIds.has(postId));
  if (!made.length) return page;
  const list = JSON.parse(page.json.toString("utf8")) as Post[];
  for (const { postId, change } of made)
    change(
      list.find((post) => post.id === postId)!,
      reader,
    );
  return encode(list, PATCHED_QUALITY);
}

/**
 * The kept pages of GET /api/posts, one per reader and cursor. `load` reads a page from the
 * database, already as that reader may see it.
 */
export function createFeedPages(load: (reader: PageReader, before: FeedCursor | undefined) => Promise<Post[]>) {
  const pages = new Map<string, CachedPage>();
  const unkeptSlot = createSlots(UNKEPT_AT_ONCE);
  const readerOf = (key: string): PageReader => (key.startsWith("admin:") ? "admin" : "member");
  const keyOf = (reader: PageReader, before: FeedCursor | undefined) =>
    `${reader}:${before?.before ?? ""}:${before?.at ?? ""}`;

  /**
   * Did this process hand `before` out to `reader`: is it kept already, or the last post of a kept
   * page (with that post's time, or none, as older clients ask)? A scan of at most
   * MAX_CACHED_PAGES entries, only for requests with a cursor.
   */
  function handedOut(reader: PageReader, before: FeedCursor, key: string): boolean {
    if (pages.has(key)) return true;
    for (const [otherKey, entry] of pages) {
      const next = entry.built?.next;
      if (
        next &&
        readerOf(otherKey) === reader &&
        next.before === before.before &&
        (before.at === undefined || before.at === next.at)
      )
        return true;
    }
    return false;
  }

  /** Keep `page` under `key`; a page that fails is forgotten, so the next reader tries again. */
  function keep(key: string, page: Promise<BuiltPage>, at: number, built?: BuiltPage): CachedPage {
    const entry: CachedPage = { page, at, built, refreshing: false };
    page.then(
      (value) => {
        entry.built = value;
      },
      () => {
        if (pages.get(key) === entry) pages.delete(key);
      },
    );
    pages.set(key, entry);
    return entry;
  }

  /**
   * Build one page and keep it. Concurrent readers share the build: the promise is kept, not only
   * its result. A refresh replaces the kept page only if nothing changed it meanwhile (a patch
   * replaces the entry): the refresh may have read the database before that change.
   */
  function build(key: string, before: FeedCursor | undefined): Promise<BuiltPage> {
    const previous = pages.get(key);
    const at = Date.now();
    const page = load(readerOf(key), before).then((list) => encode(list, BUILT_QUALITY));
    if (previous?.built) {
      page.then(
        (value) => {
          if (pages.get(key) === previous) keep(key, page, at, value);
        },
        () => {
          previous.refreshing = false; // The old answer stays; a later reader tries again.
        },
      );
      return page;
    }
    pages.delete(key);
    if (pages.size >= MAX_CACHED_PAGES) pages.delete(pages.keys().next().value!);
    keep(key, page, at);
    return page;
  }

  /** A page at a cursor this process did not hand out: read in its turn, and not kept. */
  function unkept(reader: PageReader, before: FeedCursor): Promise<FeedPage> {
    return unkeptSlot(async () => ({ json: Buffer.from(JSON.stringify(await load(reader, before))) }));
  }

  /** Reads answered from a kept page, and the others (for /metrics). */
  const stats = { hits: 0, misses: 0 };

  return {
    stats,

    /**
     * A page, ready to send. One past its time is still sent while its successor is built (stale
     * while revalidate), so no reader waits on the database for a page that only aged.
     */
    page(reader: PageReader, before: FeedCursor | undefined): Promise<FeedPage> {
      const key = keyOf(reader, before);
      if (before && !handedOut(reader, before, key)) {
        stats.misses++;
        return unkept(reader, before);
      }
      const now = Date.now();
      const cached = pages.get(key);
      if (cached && now - cached.at <= PAGE_TTL_MS) {
        stats.hits++;
        return cached.page;
      }
      if (cached?.built && now - cached.at <= STALE_MAX_MS) {
        stats.hits++;
        if (!cached.refreshing) {
          cached.refreshing = true;
          build(key, before).catch(() => {});
        }
        return cached.page;
      }
      stats.misses++;
      return build(key, before);
    },

    /**
     * Write a change to one post into every kept page that holds it, pages still being built
     * included. The entry keeps its age: it is still built afresh after PAGE_TTL_MS.
     *
     * A page is re-encoded once for all the changes that came while the re-encoding before it ran:
     * a reader waits for two re-encodings at most. One each queued a burst of likes behind one
     * another, and readers of the page waited for the whole queue (up to ~250 ms at 700 users).
     */
    patch(postId: string, change: PostPatch): void {
      for (const [key, entry] of pages) {
        if (entry.built && !entry.built.postIds.has(postId)) continue;
        if (entry.waiting) {
          entry.waiting.push({ postId, change });
          continue;
        }
        const reader = readerOf(key);
        const waiting: Change[] = [{ postId, change }];
        const next = keep(
          key,
          entry.page.then((page) => {
            // Started: a change from now on waits for this re-encoding and makes the next one.
            next.waiting = undefined;
            return patched(page, waiting, reader);
          }),
          entry.at,
          entry.built,
        );
        next.waiting = waiting;
      }
    },

    /** Forget every kept page: the next reader of each waits for a fresh one. */
    invalidate(): void {
      pages.clear();
    },
  };
}
