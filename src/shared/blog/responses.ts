import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";
import { LOCALE_CODES } from "../i18n/locales";

/**
 * A blog post as everyone may see it (docs/spec.md §3). The author's e-mail address is never
 * sent to the public (decision 011): it is not a field of this answer, so it cannot leave in one.
 */
export const blogPostResponse = z.object({
  id: text(),
  title: text(),
  slug: text(),
  /** Sanitised HTML. */
  content: text(),
  excerpt: text().nullable(),
  featuredImageUrl: text().nullable(),
  metaTitle: text().nullable(),
  metaDescription: text().nullable(),
  tags: z.array(text()),
  /** The language the post is written in: its title, excerpt and body (a code of LOCALE_CODES). */
  language: z.enum(LOCALE_CODES),
  published: z.boolean(),
  /** When the post was first published; kept when it goes back to draft. ISO 8601. */
  publishedAt: isoTime().nullable(),
  createdAt: isoTime(),
  updatedAt: isoTime(),
  authorId: text().nullable(),
  authorFirstName: text().nullable(),
  authorLastName: text().nullable(),
});

/** A blog post as the admin calls return it: the public fields and the author's e-mail. */
export const adminBlogPostResponse = blogPostResponse.extend({ authorEmail: text().nullable() });

export type BlogPost = z.output<typeof blogPostResponse>;
export type AdminBlogPost = z.output<typeof adminBlogPostResponse>;
