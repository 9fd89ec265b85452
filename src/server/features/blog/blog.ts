import { localChannel, type NoticeChannel } from "../../db/change-notices";
import { HttpError } from "../../http/errors";
import type { BlogPostInput } from "../../../shared/blog";
import type { Locale } from "../../../shared/i18n/locales";
import type { AdminBlogPost, BlogPost } from "../../../shared/blog/responses";
import { numberedSlug, slugify } from "../../../shared/slug";
import { sanitizeBlogHtml } from "./sanitize";
import { isUniqueViolation, toAdminBlogPost, toBlogPost, type BlogRepository } from "./repository";

// The published list is read by every blog visit, the RSS feed and the sitemap, and changes only
// when an admin saves: it is kept in memory, dropped on every save made through any server
// process, and read again after a few seconds in any case.
const LIST_TTL_MS = 5_000;
// Admins saving posts with the same title at once may all pick the same free slug; the unique
// index lets one through and refuses the others, which look again. Each round one of them wins.
const SLUG_ATTEMPTS = 10;
/** A title with no letter or digit to keep (all emoji, all Chinese...) still gets a slug. */
const FALLBACK_SLUG = "post";

const slugTaken = (slug: string) =>
  new HttpError(409, /*i18n*/ 'The slug "{slug}" is already taken', { values: { slug } });

/** True when sanitised HTML still shows something: text or a picture. */
function hasVisibleContent(html: string): boolean {
  return /<img\b/.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\s/g, "") !== "";
}

export interface PublishedPosts {
  posts: BlogPost[];
  /** The same, as the JSON GET /api/blog/posts sends: serialised once per refresh. */
  json: string;
}

type CachedPosts = PublishedPosts & {
  at: number;
  /** GET /api/blog/posts?language=…'s JSON, made the first time a language is asked for after a refresh. */
  byLanguage: Map<Locale, string>;
};

/**
 * The blog: published posts for everyone (cached), drafts and every save for admins. Every save is
 * told on `changes`, to this process and the others (the cached list and rendered pages listen).
 */
export function createBlog(repository: BlogRepository, changes: NoticeChannel<null> = localChannel()) {
  let cached: CachedPosts | null = null;
  changes.on(() => {
    cached = null;
  });
  const invalidate = () => changes.emit(null);

  async function current(): Promise<CachedPosts> {
    if (!cached || Date.now() - cached.at > LIST_TTL_MS) {
      const posts = (await repository.listPublished()).map(toBlogPost);
      cached = { posts, json: JSON.stringify(posts), at: Date.now(), byLanguage: new Map() };
    }
    return cached;
  }

  /** The published list's JSON: every post, or those written in `language`, from the same cached list. */
  async function publishedJson(language?: Locale): Promise<string> {
    const list = await current();
    if (!language) return list.json;
    let json = list.byLanguage.get(language);
    if (json === undefined) {
      json = JSON.stringify(list.posts.filter((post) => post.language === language));
      list.byLanguage.set(language, json);
    }
    return json;
  }

  /** The first of base, base-2, base-3… that no other post has. */
  async function freeSlug(base: string, exceptId: string | null): Promise<string> {
    // Every numbered candidate starts with the first 60 characters of the base.
    const taken = await repository.slugsStartingWith(base.slice(0, 60), exceptId);
    for (let n = 1; ; n++) {
      const candidate = numberedSlug(base, n);
      if (!taken.has(candidate)) return candidate;
    }
  }

  /** Sanitise, pick the slug, write; answers the post's id. A new post's author is the admin saving it. */
  async function save(input: BlogPostInput, target: { id: string } | { authorId: string }): Promise<string> {
    const id = "id" in target ? target.id : null;
    const content = sanitizeBlogHtml(input.content);
    if (!hasVisibleContent(content))
      throw new HttpError(
        400,
        /*i18n*/ "Invalid content: nothing is left once unsafe or unsupported markup is removed",
      );
    if (input.slug && (await repository.slugTaken(input.slug, id))) throw slugTaken(input.slug);
    const base = slugify(input.title) || FALLBACK_SLUG;
    for (let attempt = 1; ; attempt++) {
      const slug = input.slug ?? (await freeSlug(base, id));
      const values = { ...input, slug, content };
      try {
        if ("authorId" in target) return await repository.insert(values, target.authorId);
        if (!(await repository.update(target.id, values))) throw new HttpError(404, /*i18n*/ "Blog post not found");
        return target.id;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (input.slug || attempt >= SLUG_ATTEMPTS) throw slugTaken(slug);
      }
    }
  }

  async function adminPost(id: string): Promise<AdminBlogPost> {
    const row = await repository.getById(id);
    if (!row) throw new HttpError(404, /*i18n*/ "Blog post not found");
    return toAdminBlogPost(row);
  }

  /** Every published post, newest first, and its JSON. */
  const published = (): Promise<PublishedPosts> => current();

  return {
    published,
    publishedJson,

    /** A published post, from the cached list when it has it (else made elsewhere just now). */
    async getPublished(slug: string): Promise<BlogPost | null> {
      const known = (await published()).posts.find((post) => post.slug === slug);
      if (known) return known;
      const row = await repository.getBySlug(slug, { includeDrafts: false });
      return row ? toBlogPost(row) : null;
    },

    /** Any post, drafts included: an admin's preview. */
    async getDraftOrPublished(slug: string): Promise<BlogPost | null> {
      const row = await repository.getBySlug(slug, { includeDrafts: true });
      return row ? toBlogPost(row) : null;
    },

    async adminList(): Promise<AdminBlogPost[]> {
      return (await repository.listAll()).map(toAdminBlogPost);
    },

    async create(input: BlogPostInput, authorId: string): Promise<AdminBlogPost> {
      const id = await save(input, { authorId });
      invalidate();
      return adminPost(id);
    },

    /** Replace a post's fields; its author stays the admin who wrote it. */
    async update(id: string, input: BlogPostInput): Promise<AdminBlogPost> {
      if (!(await repository.getById(id))) throw new HttpError(404, /*i18n*/ "Blog post not found");
      await save(input, { id });
      invalidate();
      return adminPost(id);
    },

    async remove(id: string): Promise<boolean> {
      const removed = await repository.delete(id);
      if (removed) invalidate();
      return removed;
    },

    invalidate,
  };
}

export type Blog = ReturnType<typeof createBlog>;
