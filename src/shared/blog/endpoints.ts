import { z } from "zod";
import { blogListQuery, blogPostIdParams, blogPostInputSchema, blogSlugParams } from "./index";
import { endpoints, message } from "../contract/endpoint";
import { messageResponse } from "../contract/responses";
import { adminBlogPostResponse, blogPostResponse } from "./responses";

const NOT_FOUND = message("Blog post not found");
const WRITE_ERRORS = {
  400: message("Invalid content: nothing is left once unsafe or unsupported markup is removed"),
  409: message('The slug "drawing-scales" is already taken'),
};

export const blogEndpoints = endpoints({
  "GET /api/blog/posts": {
    summary: "Published posts, newest first; with `language`, only the posts written in that language",
    access: "everyone",
    query: blogListQuery,
    responses: { 200: z.array(blogPostResponse) },
  },
  "GET /api/blog/posts/:slug": {
    summary: "One published post (admins also see drafts)",
    access: "everyone",
    params: blogSlugParams,
    responses: { 200: blogPostResponse, 404: NOT_FOUND },
  },
  "GET /api/admin/blog": {
    summary: "Every post, drafts included",
    access: "admins",
    responses: { 200: z.array(adminBlogPostResponse) },
  },
  "POST /api/admin/blog": {
    summary: "Write a post (its HTML is sanitised; an empty slug is made from the title)",
    access: "admins",
    body: blogPostInputSchema,
    responses: { 201: adminBlogPostResponse, ...WRITE_ERRORS },
  },
  "PUT /api/admin/blog/:id": {
    summary: "Change a post",
    access: "admins",
    params: blogPostIdParams,
    body: blogPostInputSchema,
    responses: { 200: adminBlogPostResponse, 404: NOT_FOUND, ...WRITE_ERRORS },
  },
  "DELETE /api/admin/blog/:id": {
    summary: "Delete a post",
    access: "admins",
    params: blogPostIdParams,
    responses: { 200: messageResponse, 404: NOT_FOUND },
  },
});
