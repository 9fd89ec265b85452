import { and, desc, eq, like, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogPosts, users } from "../../db/schema";
import type { BlogPostInput } from "../../../shared/blog";
import type { AdminBlogPost, BlogPost } from "../../../shared/blog/responses";

// A post with its author's name and address (the address only ever leaves in admin answers).
const columns = {
  post: blogPosts,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorEmail: users.email,
};

export interface BlogRow {
  post: typeof blogPosts.$inferSelect;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorEmail: string | null;
}

/** What a save writes; the server's own fields (ids, times, author) are set here, not by callers. */
export type BlogPostValues = Omit<BlogPostInput, "slug"> & { slug: string };

/** The public view: everything but the author's e-mail address. */
export function toBlogPost(row: BlogRow): BlogPost {
  const { post } = row;
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    featuredImageUrl: post.featuredImageUrl,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    tags: post.tags,
    language: post.language,
    published: post.published,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    authorId: post.authorId,
    authorFirstName: row.authorFirstName,
    authorLastName: row.authorLastName,
  };
}

export function toAdminBlogPost(row: BlogRow): AdminBlogPost {
  return { ...toBlogPost(row), authorEmail: row.authorEmail };
}

/** PostgreSQL's unique_violation, as pg and PGlite report it (Drizzle wraps it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return String(code) === "23505";
}

export function createBlogRepository(db: Database) {
  const select = (where: SQL | undefined) =>
    db.select(columns).from(blogPosts).leftJoin(users, eq(users.id, blogPosts.authorId)).where(where);

  return {
    /** Published posts, newest publication first. */
    async listPublished(): Promise<BlogRow[]> {
      return select(eq(blogPosts.published, true)).orderBy(
        desc(blogPosts.publishedAt),
        desc(blogPosts.createdAt),
        desc(blogPosts.id),
      );
    },

    /** Every post, drafts included, newest first: the admin list. */
    async listAll(): Promise<BlogRow[]> {
      return select(undefined).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
    },

    async getBySlug(slug: string, options: { includeDrafts: boolean }): Promise<BlogRow | null> {
      const [row] = await select(
        options.includeDrafts ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)),
      );
      return row ?? null;
    },

    async getById(id: string): Promise<BlogRow | null> {
      const [row] = await select(eq(blogPosts.id, id));
      return row ?? null;
    },

    /** Slugs starting with `prefix` (letters, digits and hyphens only: nothing LIKE would read as a wildcard), but this post's. */
    async slugsStartingWith(prefix: string, exceptId: string | null): Promise<Set<string>> {
      const rows = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(like(blogPosts.slug, `${prefix}%`), exceptId ? ne(blogPosts.id, exceptId) : undefined));
      return new Set(rows.map((row) => row.slug));
    },

    async slugTaken(slug: string, exceptId: string | null): Promise<boolean> {
      const [row] = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), exceptId ? ne(blogPosts.id, exceptId) : undefined));
      return Boolean(row);
    },

    /** Insert a post; published now if it is published. Throws a unique violation when the slug is taken. */
    async insert(values: BlogPostValues, authorId: string): Promise<string> {
      const now = new Date();
      const [row] = await db
        .insert(blogPosts)
        .values({ ...values, authorId, createdAt: now, updatedAt: now, publishedAt: values.published ? now : null })
        .returning({ id: blogPosts.id });
      return row!.id;
    },

    /**
     * Replace a post's fields. publishedAt is set the first time it is published and kept after
     * that, also through a return to draft. Answers false when there is no such post.
     */
    async update(id: string, values: BlogPostValues): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(blogPosts)
        .set({
          ...values,
          updatedAt: now,
          ...(values.published
            ? { publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)` }
            : {}),
        })
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id });
      return rows.length > 0;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      return rows.length > 0;
    },
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
