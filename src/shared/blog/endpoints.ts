import { z } from "zod";
import { text } from "../text";
import { blogPostIdParams, blogPostInputSchema, blogSlugParams } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { isoTime, messageAnswer } from "../contract/answers";

/**
 * A blog post as everyone may see it (docs/spec.md §3). The author's e-mail address is never
 * sent to the public (decision 011): it is not a field of this answer, so it cannot leave in one.
 */
export const blogPostAnswer = z.object({
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
export const adminBlogPostAnswer = blogPostAnswer.extend({ authorEmail: text().nullable() });

const NOT_FOUND = message("Blog post not found");
const WRITE_ERRORS = {
  400: message("Invalid content: nothing is left once unsafe or unsupported markup is removed"),
  409: message('The slug "drawing-scales" is already taken'),
};

export const blogEndpoints = endpoints({
  "GET /api/blog/posts": {
    summary: "Published posts, newest first",
    access: "everyone",
    answers: { 200: z.array(blogPostAnswer) },
  },
  "GET /api/blog/posts/:slug": {
    summary: "One published post (admins also see drafts)",
    access: "everyone",
    params: blogSlugParams,
    answers: { 200: blogPostAnswer, 404: NOT_FOUND },
  },
  "GET /api/admin/blog": {
    summary: "Every post, drafts included",
    access: "admins",
    answers: { 200: z.array(adminBlogPostAnswer) },
  },
  "POST /api/admin/blog": {
    summary: "Write a post (its HTML is sanitised; an empty slug is made from the title)",
    access: "admins",
    body: blogPostInputSchema,
    answers: { 201: adminBlogPostAnswer, ...WRITE_ERRORS },
  },
  "PUT /api/admin/blog/:id": {
    summary: "Change a post",
    access: "admins",
    params: blogPostIdParams,
    body: blogPostInputSchema,
    answers: { 200: adminBlogPostAnswer, 404: NOT_FOUND, ...WRITE_ERRORS },
  },
  "DELETE /api/admin/blog/:id": {
    summary: "Delete a post",
    access: "admins",
    params: blogPostIdParams,
    answers: { 200: messageAnswer, 404: NOT_FOUND },
  },
});
