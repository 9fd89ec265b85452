import { z } from "zod";
import { blogPostIdParams, blogPostInputSchema, blogSlugParams } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { messageAnswer } from "../contract/answers";
import { adminBlogPostAnswer, blogPostAnswer } from "./answers";

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
