import { z } from "zod";
import { nameText, text } from "../text";
import { SLUG_MAX, SLUG_PATTERN } from "../slug";
import { LANGUAGE_CODES_REASON, LOCALE_CODES, SOURCE_LOCALE } from "../i18n/locales";

// The blog (docs/spec.md sections 2, 3, 5 and 7). Content is HTML written by an admin; the server
// sanitises it on every save, so what these schemas let through is never shown unsanitised.

export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 500;
/** Search engines show about 60–70 characters of a title. */
export const BLOG_META_TITLE_MAX = 70;
/** Search engines show about 150–160 characters of a description. */
export const BLOG_META_DESCRIPTION_MAX = 160;
/** The HTML body, in characters (about 200 KB), before sanitising. */
export const BLOG_CONTENT_MAX = 200_000;
export const BLOG_SLUG_MAX = SLUG_MAX;
export const BLOG_TAGS_MAX = 10;
export const BLOG_TAG_MAX = 30;
export const BLOG_IMAGE_URL_MAX = 500;
/** Posts in GET /blog/rss.xml. */
export const BLOG_RSS_ITEMS = 20;

// Empty optional text is stored as null, so "no excerpt" has one spelling.
const optionalText = <T extends z.ZodType<string, string>>(schema: T) =>
  schema
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** A picture of ours (/objects/…) or any https image. */
export function isAllowedImageUrl(url: string): boolean {
  if (/^\/objects\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(url))
    return !url.split("/").some((part) => part === "." || part === "..");
  if (!/^https:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** Trimmed, empty ones dropped, duplicates (ignoring case) merged into the first spelling. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** The language a post is written in: one of the app's languages (issue 44). */
export const blogLanguageSchema = z.enum(LOCALE_CODES, { error: LANGUAGE_CODES_REASON });

const tagsSchema = z
  .array(nameText().trim().max(BLOG_TAG_MAX, `Tags can be at most ${BLOG_TAG_MAX} characters`))
  // Room for empties and duplicates, which are dropped; the real limit is checked after that.
  .max(BLOG_TAGS_MAX * 5, `At most ${BLOG_TAGS_MAX} tags`)
  .optional()
  .nullable()
  .transform((tags) => normalizeTags(tags ?? []))
  .refine((tags) => tags.length <= BLOG_TAGS_MAX, `At most ${BLOG_TAGS_MAX} tags`);

/**
 * POST /api/admin/blog and PUT /api/admin/blog/{id}. Unknown keys (id, createdAt, updatedAt,
 * publishedAt, authorId…) are dropped: the server sets those itself.
 */
export const blogPostInputSchema = z.object({
  title: nameText()
    .trim()
    .min(1, "Title is required")
    .max(BLOG_TITLE_MAX, `Titles can be at most ${BLOG_TITLE_MAX} characters`),
  /** Empty: the server makes one from the title. */
  slug: optionalText(
    text()
      .trim()
      .max(BLOG_SLUG_MAX, `Slugs can be at most ${BLOG_SLUG_MAX} characters`)
      .refine(
        (slug) => slug === "" || SLUG_PATTERN.test(slug),
        "Use lower-case letters, digits and single hyphens (like my-first-dragon)",
      ),
  ),
  content: text()
    .max(BLOG_CONTENT_MAX, `Content can be at most ${BLOG_CONTENT_MAX} characters`)
    .refine((html) => html.trim() !== "", "Content is required"),
  excerpt: optionalText(text().trim().max(BLOG_EXCERPT_MAX, `Excerpts can be at most ${BLOG_EXCERPT_MAX} characters`)),
  featuredImageUrl: optionalText(
    text()
      .trim()
      .max(BLOG_IMAGE_URL_MAX, `Image URLs can be at most ${BLOG_IMAGE_URL_MAX} characters`)
      .refine((url) => url === "" || isAllowedImageUrl(url), "must be an uploaded image (/objects/…) or an https URL"),
  ),
  metaTitle: optionalText(
    nameText().trim().max(BLOG_META_TITLE_MAX, `Meta titles can be at most ${BLOG_META_TITLE_MAX} characters`),
  ),
  metaDescription: optionalText(
    text()
      .trim()
      .max(BLOG_META_DESCRIPTION_MAX, `Meta descriptions can be at most ${BLOG_META_DESCRIPTION_MAX} characters`),
  ),
  tags: tagsSchema,
  /** Left out: English, the language every post was written in before posts had one. */
  language: blogLanguageSchema.default(SOURCE_LOCALE),
  published: z.boolean().default(false),
});
/** What the blog form sends. */
export type BlogPostPayload = z.input<typeof blogPostInputSchema>;
/** The same after validation: trimmed, empties as null, tags normalised. */
export type BlogPostInput = z.output<typeof blogPostInputSchema>;

export const blogPostIdParams = z.object({ id: text().uuid("Blog post not found") });
export const blogSlugParams = z.object({ slug: text().max(200) });
/** GET /api/blog/posts: every published post, or only those written in `language`. */
export const blogListQuery = z.object({ language: blogLanguageSchema.optional() });
