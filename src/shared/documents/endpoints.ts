import { z } from "zod";
import { text } from "../text";
import { endpoints } from "../contract/endpoint";
import { html } from "../contract/responses";

/** Documents for browsers, crawlers and feed readers; the other pages are answered by the page table (shared/pages.ts). */
export const documentsEndpoints = endpoints({
  "GET /": {
    summary: "The landing page, rendered on the server",
    access: "everyone",
    responses: { 200: html("The page") },
  },
  "GET /blog/rss.xml": {
    summary: "The blog's RSS 2.0 feed",
    access: "everyone",
    responses: { 200: { contentType: "application/rss+xml", description: "The newest published posts" } },
  },
  "GET /sitemap.xml": {
    summary: "Every public page, for search engines",
    access: "everyone",
    responses: { 200: { contentType: "application/xml", description: "A sitemap" } },
  },
  "GET /robots.txt": {
    summary: "What crawlers may read",
    access: "everyone",
    responses: { 200: { contentType: "text/plain", description: "robots.txt" } },
  },
  "GET /api/openapi.json": {
    summary: "This document",
    access: "everyone",
    responses: { 200: z.record(text(), z.unknown()) },
  },
});
