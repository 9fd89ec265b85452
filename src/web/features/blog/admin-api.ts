import { refreshQueries } from "../../lib/refresh-queries";
import { callApi } from "../../lib/api-client";
import { checkUpload } from "../../lib/check-upload";
import { sendUpload } from "../../components/uploads/send-upload";
import type { BlogPostPayload } from "../../../shared/blog";
import type { AdminBlogPost } from "../../../shared/blog/responses";
import type { Locale } from "../../../shared/i18n/locales";
import { ADMIN_BLOG_KEY, BLOG_POSTS_KEY, blogPostKey } from "./api";

/** The image types the upload call accepts for the blog (shared/uploads/index.ts uploadRequestSchema). */
export const BLOG_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** The form's fields (empty text for "none"), plus the server's own fields of an edited post. */
export interface BlogFormValues {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImageUrl: string;
  metaTitle: string;
  metaDescription: string;
  tags: string[];
  /** The language the post is written in. */
  language: Locale;
  published: boolean;
  id?: string;
  createdAt?: string;
  updatedAt?: string;
  publishedAt?: string | null;
  authorId?: string | null;
}

/**
 * The form's starting values: an edited post's, or empty ones for a new post, written in the
 * language the admin is using the app in (`pageLanguage`) unless they choose another.
 */
export function formValues(post: AdminBlogPost | undefined, pageLanguage: Locale): BlogFormValues {
  if (!post)
    return {
      title: "",
      slug: "",
      content: "",
      excerpt: "",
      featuredImageUrl: "",
      metaTitle: "",
      metaDescription: "",
      tags: [],
      language: pageLanguage,
      published: false,
    };
  return {
    id: post.id,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    publishedAt: post.publishedAt,
    authorId: post.authorId,
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? "",
    featuredImageUrl: post.featuredImageUrl ?? "",
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    tags: post.tags,
    language: post.language,
    published: post.published,
  };
}

/**
 * What a save sends (docs/spec.md §5): the server's own fields (id, createdAt, updatedAt,
 * publishedAt, authorId) are removed; the server would ignore them, but it never needs to see them.
 */
export function toBlogPayload(values: BlogFormValues): BlogPostPayload {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    publishedAt: _publishedAt,
    authorId: _authorId,
    ...payload
  } = values;
  return payload;
}

export const createBlogPost = (payload: BlogPostPayload): Promise<AdminBlogPost> =>
  callApi("POST /api/admin/blog", { body: payload });

export const updateBlogPost = (id: string, payload: BlogPostPayload): Promise<AdminBlogPost> =>
  callApi("PUT /api/admin/blog/:id", { params: { id }, body: payload });

export const deleteBlogPost = (id: string) => callApi("DELETE /api/admin/blog/:id", { params: { id } });

/** After a save or a delete: the admin list, the public list and the posts' own pages load again. */
export async function refreshBlog(slugs: string[]): Promise<void> {
  await refreshQueries(
    { queryKey: ADMIN_BLOG_KEY },
    // Every post's page is under the list's key; named ones (an old and a new slug) are refreshed explicitly.
    { queryKey: BLOG_POSTS_KEY },
    ...slugs.map((slug) => ({ queryKey: blogPostKey(slug), exact: true })),
  );
}

/** Which step of an image upload failed: the upload itself, or making the file public. */
export class BlogImageError extends Error {
  constructor(
    readonly step: "upload" | "acl",
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * The blog's image upload (docs/spec.md §7, objects): ask for a signed URL with the file's name
 * and type, send the file there with its Content-Type (a PUT, or S3's presigned form), then set-acl
 * so everyone may see it.
 * Answers the object path the image is served at.
 */
export async function uploadBlogImage(file: File): Promise<string> {
  let objectPath: string;
  try {
    const grant = await callApi("POST /api/objects/upload", { body: { filename: file.name, contentType: file.type } });
    if (!("signedUrl" in grant)) throw new Error("No upload URL received from server");
    const put = await sendUpload(
      { url: grant.signedUrl, ...(grant.fields ? { fields: grant.fields } : {}) },
      file,
      file.type,
    );
    if (!put.ok) throw new Error(`${put.status}: ${(await put.text()) || put.statusText}`);
    objectPath = grant.objectPath;
  } catch (error) {
    throw new BlogImageError("upload", error);
  }
  try {
    return await checkUpload(objectPath);
  } catch (error) {
    throw new BlogImageError("acl", error);
  }
}
