import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { createSignedInUser, type TestUser } from "../test/users";

/**
 * Every text field of every route, refused with a 400 naming the field when it holds a NUL
 * (PostgreSQL cannot store one), and every name field when it holds a text-direction override or
 * an invisible space. Nothing may be stored by a refused request. A route added later without a
 * row here fails the coverage test at the bottom.
 */
interface Field {
  /** Where the field travels. */
  in: "body" | "query" | "params";
  name: string;
  /** Shown as a name or title: also refuse deceptive characters. */
  isName?: boolean;
  /** A list of text in the body: the value under test goes in as its only item, and the 400 names `name.0`. */
  isList?: boolean;
}

interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The route as registered, e.g. /api/dragons/:id */
  path: string;
  /** A valid request's parts; the field under test is replaced in them. */
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params?: Record<string, string>;
  fields: Field[];
}

const DRAGON_ID = "3f1c9b9e-6a43-4c55-9a57-2f3f3d7f1a10";
const UPLOAD = "/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b";
const POST_ID = "7d2e4c1a-9b3f-4e8d-8a6c-1f0e2d3c4b5a";
const COMMENT_ID = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";

const BLOG_ID = "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const BLOG_BODY = { title: "Drawing scales", slug: "drawing-scales", content: "<p>Start with the grid.</p>", excerpt: "How to draw scales", featuredImageUrl: UPLOAD, metaTitle: "Drawing scales", metaDescription: "Scales, step by step", tags: ["dragons"], published: true };
const BLOG_FIELDS: Field[] = [
  { in: "body", name: "title", isName: true },
  { in: "body", name: "slug" },
  { in: "body", name: "content" },
  { in: "body", name: "excerpt" },
  { in: "body", name: "featuredImageUrl" },
  { in: "body", name: "metaTitle", isName: true },
  { in: "body", name: "metaDescription" },
  { in: "body", name: "tags", isList: true, isName: true },
];

const catalogue: Route[] = [
  { method: "POST", path: "/api/auth/register", body: { email: "new@example.com", password: "correct horse", firstName: "Ada", lastName: "Lovelace" }, fields: [{ in: "body", name: "email" }, { in: "body", name: "password" }, { in: "body", name: "firstName", isName: true }, { in: "body", name: "lastName", isName: true }] },
  { method: "POST", path: "/api/auth/login", body: { email: "new@example.com", password: "correct horse" }, fields: [{ in: "body", name: "email" }, { in: "body", name: "password" }] },
  { method: "POST", path: "/api/auth/resend-verification", body: { email: "new@example.com" }, fields: [{ in: "body", name: "email" }] },
  { method: "GET", path: "/api/auth/verify-email", query: { token: "abc" }, fields: [{ in: "query", name: "token" }] },
  { method: "GET", path: "/api/auth/user", fields: [] },
  { method: "POST", path: "/api/auth/logout", fields: [] },
  { method: "GET", path: "/api/login", fields: [] },
  { method: "POST", path: "/api/auth/forgot-password", body: { email: "new@example.com" }, fields: [{ in: "body", name: "email" }] },
  { method: "POST", path: "/api/auth/reset-password", body: { token: "abc", password: "correct horse" }, fields: [{ in: "body", name: "token" }, { in: "body", name: "password" }] },
  { method: "POST", path: "/api/account/password", body: { currentPassword: "correct horse", newPassword: "battery staple" }, fields: [{ in: "body", name: "currentPassword" }, { in: "body", name: "newPassword" }] },
  { method: "POST", path: "/api/account/sign-out-everywhere", fields: [] },
  { method: "PUT", path: "/api/account/profile", body: { firstName: "Ada", lastName: "Lovelace" }, fields: [{ in: "body", name: "firstName", isName: true }, { in: "body", name: "lastName", isName: true }] },
  { method: "PUT", path: "/api/account/avatar", body: { objectPath: UPLOAD }, fields: [{ in: "body", name: "objectPath" }] },
  { method: "DELETE", path: "/api/account/avatar", fields: [] },
  { method: "GET", path: "/api/account/export", fields: [] },
  { method: "DELETE", path: "/api/account", body: { email: "new@example.com", password: "correct horse" }, fields: [{ in: "body", name: "email" }, { in: "body", name: "password" }] },
  { method: "GET", path: "/api/auth/google", query: { returnUrl: "/home" }, fields: [{ in: "query", name: "returnUrl" }] },
  { method: "GET", path: "/api/auth/google/callback", query: { code: "abc", state: "xyz" }, fields: [{ in: "query", name: "code" }, { in: "query", name: "state" }] },
  { method: "GET", path: "/api/dragons", fields: [] },
  { method: "GET", path: "/api/dragons/:id", params: { id: DRAGON_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "DELETE", path: "/api/dragons/:id", params: { id: DRAGON_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "POST", path: "/api/dragons", body: { name: "Ember", imageUrl: UPLOAD, filename: "ember.png" }, fields: [{ in: "body", name: "name", isName: true }, { in: "body", name: "imageUrl" }, { in: "body", name: "filename" }] },
  { method: "POST", path: "/api/dragons/generate-pencil", body: { dragonId: DRAGON_ID }, fields: [{ in: "body", name: "dragonId" }] },
  { method: "POST", path: "/api/dragons/generate-custom", body: { prompt: "A red dragon" }, fields: [{ in: "body", name: "prompt" }] },
  { method: "POST", path: "/api/waitlist", body: { email: "wait@example.com" }, fields: [{ in: "body", name: "email" }] },
  { method: "GET", path: "/api/wip/:dragonId", params: { dragonId: DRAGON_ID }, fields: [{ in: "params", name: "dragonId" }] },
  { method: "POST", path: "/api/wip", body: { dragonId: DRAGON_ID, paperWidth: 11, paperHeight: 8.5, gridSize: 1, imageZoom: 1, imageX: 0, imageY: 0, currentCell: "B3" }, fields: [{ in: "body", name: "dragonId" }, { in: "body", name: "currentCell" }, { in: "body", name: "doneCells", isList: true }] },
  { method: "GET", path: "/api/posts", query: { before: POST_ID }, fields: [{ in: "query", name: "before" }] },
  { method: "GET", path: "/api/posts/mine", query: { before: POST_ID }, fields: [{ in: "query", name: "before" }] },
  // Descriptions and comments are shown as plain text, not as names.
  { method: "POST", path: "/api/posts", body: { dragonId: DRAGON_ID, description: "My first dragon", images: [UPLOAD] }, fields: [{ in: "body", name: "dragonId" }, { in: "body", name: "description" }, { in: "body", name: "images", isList: true }] },
  { method: "POST", path: "/api/posts/:id/like", params: { id: POST_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "POST", path: "/api/posts/:id/comment", params: { id: POST_ID }, body: { text: "Lovely scales" }, fields: [{ in: "params", name: "id" }, { in: "body", name: "text" }] },
  { method: "PUT", path: "/api/posts/:id/approve", params: { id: POST_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "DELETE", path: "/api/posts/:id", params: { id: POST_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "DELETE", path: "/api/posts/:id/comments/:commentId", params: { id: POST_ID, commentId: COMMENT_ID }, fields: [{ in: "params", name: "id" }, { in: "params", name: "commentId" }] },
  { method: "GET", path: "/api/health", fields: [] },
  { method: "POST", path: "/api/analytics/pageview", body: { path: "/home", referrer: "https://example.com/" }, fields: [{ in: "body", name: "path" }, { in: "body", name: "referrer" }] },
  { method: "GET", path: "/api/admin/stats", fields: [] },
  { method: "GET", path: "/api/admin/analytics", query: { days: "30" }, fields: [{ in: "query", name: "days" }] },
  { method: "GET", path: "/api/admin/waitlist.csv", fields: [] },
  { method: "POST", path: "/api/objects/upload", body: { filename: "cover.png", contentType: "image/png" }, fields: [{ in: "body", name: "filename" }, { in: "body", name: "contentType" }] },
  { method: "POST", path: "/api/objects/set-acl", body: { objectPath: UPLOAD }, fields: [{ in: "body", name: "objectPath" }] },
  { method: "GET", path: "/api/objects/remote-sources", fields: [] },
  { method: "POST", path: "/api/companion/url/meta", body: { url: "https://example.com/dragon.png" }, fields: [{ in: "body", name: "url" }] },
  { method: "POST", path: "/api/companion/url/get", body: { url: "https://example.com/dragon.png", metadata: { objectPath: UPLOAD, type: "image/png", name: "dragon.png" }, size: 1000 }, fields: [{ in: "body", name: "url" }, { in: "body", name: "metadata.objectPath" }, { in: "body", name: "metadata.type" }, { in: "body", name: "metadata.name" }] },
  { method: "POST", path: "/api/companion/:providerName/get/:id", params: { providerName: "dropbox", id: "id:abc" }, body: { metadata: { objectPath: UPLOAD, type: "image/png", name: "dragon.png" }, size: 1000 }, fields: [{ in: "params", name: "providerName" }, { in: "params", name: "id" }, { in: "body", name: "metadata.objectPath" }, { in: "body", name: "metadata.type" }, { in: "body", name: "metadata.name" }] },
  // The rest of Companion's own routes (OAuth, listings, thumbnails): Companion reads their
  // parameters and stores nothing of ours; the routes above are the ones that start a download.
  { method: "GET", path: "/api/companion/*", fields: [] },
  { method: "POST", path: "/api/companion/*", fields: [] },
  { method: "PUT", path: "/api/storage/upload", query: { grant: "abc", sig: "def" }, fields: [{ in: "query", name: "grant" }, { in: "query", name: "sig" }] },
  // The object path is the wildcard; a NUL can only arrive escaped, and escapes are refused.
  { method: "GET", path: "/objects/*", params: { "*": "uploads/x" }, fields: [{ in: "params", name: "*" }] },
  { method: "GET", path: "/", fields: [] },
  { method: "GET", path: "/api/blog/posts", fields: [] },
  { method: "GET", path: "/api/blog/posts/:slug", params: { slug: "drawing-scales" }, fields: [{ in: "params", name: "slug" }] },
  { method: "GET", path: "/api/admin/blog", fields: [] },
  { method: "POST", path: "/api/admin/blog", body: BLOG_BODY, fields: BLOG_FIELDS },
  { method: "PUT", path: "/api/admin/blog/:id", params: { id: BLOG_ID }, body: BLOG_BODY, fields: [{ in: "params", name: "id" }, ...BLOG_FIELDS] },
  { method: "DELETE", path: "/api/admin/blog/:id", params: { id: BLOG_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "GET", path: "/blog/rss.xml", fields: [] },
  { method: "GET", path: "/sitemap.xml", fields: [] },
  { method: "GET", path: "/robots.txt", fields: [] },
];

let t: TestApp;
let admin: TestUser;
let clientNumber = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { isAdmin: true });
});
afterAll(() => t.close());

function buildUrl(route: Route, params: Record<string, string>, query: Record<string, string>) {
  let url = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  if (route.path.endsWith("*")) url = url.slice(0, -1) + (params["*"] ?? "").split("/").map(encodeURIComponent).join("/");
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
}

async function send(route: Route, field: Field, value: string) {
  const body = { ...route.body };
  const query = { ...route.query };
  const params = { ...route.params };
  if (field.isList) body[field.name] = [value];
  else if (field.in === "body" && field.name.includes(".")) {
    // A field of a nested object, e.g. metadata.objectPath.
    const [outer, inner] = field.name.split(".") as [string, string];
    body[outer] = { ...(body[outer] as object), [inner]: value };
  } else (field.in === "body" ? body : field.in === "query" ? query : params)[field.name] = value;
  clientNumber += 1;
  return t.app.inject({
    method: route.method,
    url: buildUrl(route, params, query),
    cookies: admin.cookies,
    // A fresh address each time, so no per-address rate limit stands in for validation.
    remoteAddress: `10.77.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
    headers: { "user-agent": "Mozilla/5.0 Chrome/156.0" },
    ...(route.body ? { payload: body } : {}),
  });
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}

const textCases = catalogue.flatMap((route) => route.fields.map((field) => ({ route, field, label: `${route.method} ${route.path} ${field.in} ${field.name}` })));
const nameCases = textCases
  .filter(({ field }) => field.isName)
  .flatMap((c) => [
    { ...c, character: "\u202E", what: "a right-to-left override" },
    { ...c, character: "\u2066", what: "a direction isolate" },
    { ...c, character: "\u200B", what: "a zero-width space" },
    { ...c, character: "\uFEFF", what: "a byte-order mark" },
  ]);

describe("text in every route", () => {
  it.each(textCases)("refuses a NUL in $label with a 400 naming it, storing nothing", async ({ route, field }) => {
    const before = await rowCounts();
    const res = await send(route, field, "Ember\u0000");
    expect(res.statusCode).toBe(400);
    // The object path never reaches a schema: its escaped NUL is refused as an invalid path.
    // Companion's routes answer errors as JSON {message}, the format Uppy's Companion client reads.
    const message = route.path.startsWith("/api/companion/") ? (JSON.parse(res.body) as { message: string }).message : res.body;
    if (field.name === "*") expect(message).toBe("Invalid object path");
    else expect(message).toBe(`Invalid ${field.isList ? `${field.name}.0` : field.name}: must not contain a NUL character`);
    expect(await rowCounts()).toEqual(before);
  });

  it.each(nameCases)("refuses $what in the name field $label", async ({ route, field, character }) => {
    const before = await rowCounts();
    const res = await send(route, field, `Em${character}ber`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(`Invalid ${field.isList ? `${field.name}.0` : field.name}: must not contain invisible or text-direction characters`);
    expect(await rowCounts()).toEqual(before);
  });

  it("keeps the joiners that Persian and Indic names and emoji need", async () => {
    const route = catalogue.find((r) => r.path === "/api/auth/register")!;
    const res = await send(route, { in: "body", name: "firstName" }, "Mehr\u200Cnaz");
    expect(res.statusCode).toBe(201);
    const family = await send({ ...route, body: { ...route.body, email: "family@example.com" } }, { in: "body", name: "lastName" }, "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}");
    expect(family.statusCode).toBe(201);
  });

  it("has a row for every route the app registers", () => {
    const listed = new Set(catalogue.map((route) => `${route.method} ${route.path}`));
    const registered = t.app.registeredRoutes;
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((route) => !listed.has(route))).toEqual([]);
  });
});
