import type { InjectOptions } from "fastify";

/**
 * Every route the app registers, with a valid request's parts and its text fields. The route
 * tests (text fields, hostile input, the fuzz, the role matrix) are driven from this one table,
 * and each fails when `app.registeredRoutes` names a route that has no row here: a route added
 * later is covered by all of them as soon as it has its row.
 */
export interface Field {
  /** Where the field travels. */
  in: "body" | "query" | "params";
  name: string;
  /** Shown as a name or title: also refuse deceptive characters. */
  isName?: boolean;
  /** A list of text in the body: the value under test goes in as its only item, and the 400 names `name.0`. */
  isList?: boolean;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface Route {
  method: Method;
  /** The route as registered, e.g. /api/dragons/:id */
  path: string;
  /** A valid request's parts; the field under test is replaced in them. */
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /** The text fields (see Field); a choice from a list (an enum in the document) is none. */
  fields: Field[];
  /** Parameters of the valid request that may be left out ("body.slug", "query.before"); the rest are required. */
  optional?: string[];
}

export const DRAGON_ID = "3f1c9b9e-6a43-4c55-9a57-2f3f3d7f1a10";
export const UPLOAD = "/objects/uploads/2b1f4b8e-0a52-4f0a-9d3e-5d6c1f2e3a4b";
export const POST_ID = "7d2e4c1a-9b3f-4e8d-8a6c-1f0e2d3c4b5a";
export const POST_TIME = "2026-11-20T10:00:00.000Z";
export const COMMENT_ID = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
export const BLOG_ID = "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
// A private address: the link checks refuse it before any DNS look-up or download, so no test
// built on this table reaches the network.
export const REMOTE_LINK = "http://10.1.2.3/dragon.png";
export const USER_ID = "4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b";
export const NOTIFICATION_ID = "8f7e6d5c-4b3a-4c2d-8e1f-0a9b8c7d6e5f";
/** Long enough to be read as a token; not a valid one (the role matrix signs real ones). */
export const UNSUBSCRIBE_TOKEN = "not-a-real-unsubscribe-token";

export const BLOG_BODY = {
  title: "Drawing scales",
  slug: "drawing-scales",
  content: "<p>Start with the grid.</p>",
  excerpt: "How to draw scales",
  featuredImageUrl: UPLOAD,
  metaTitle: "Drawing scales",
  metaDescription: "Scales, step by step",
  tags: ["dragons"],
  language: "en",
  published: true,
};
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
const BLOG_OPTIONAL = [
  "body.slug",
  "body.excerpt",
  "body.featuredImageUrl",
  "body.metaTitle",
  "body.metaDescription",
  "body.tags",
  "body.language",
  "body.published",
];
export const CHECK_ID = "6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d";
export const CHECK_BODY = {
  columns: 2,
  rows: 1,
  cells: [
    { label: "A1", status: "close", errorMm: 0.4 },
    { label: "B1", status: "not-drawn", errorMm: 0 },
  ],
};
export const WIP_BODY = {
  dragonId: DRAGON_ID,
  paperWidth: 11,
  paperHeight: 8.5,
  gridSize: 1,
  imageZoom: 1,
  imageX: 0,
  imageY: 0,
  currentCell: "B3",
};
const REMOTE_FILE = { objectPath: UPLOAD, type: "image/png", name: "dragon.png" };

export const catalogue: Route[] = [
  {
    method: "POST",
    path: "/api/auth/register",
    body: { email: "new@example.com", password: "correct horse", firstName: "Ada", lastName: "Lovelace" },
    fields: [
      { in: "body", name: "email" },
      { in: "body", name: "password" },
      { in: "body", name: "firstName", isName: true },
      { in: "body", name: "lastName", isName: true },
    ],
    optional: ["body.firstName", "body.lastName"],
  },
  {
    method: "POST",
    path: "/api/auth/login",
    body: { email: "new@example.com", password: "correct horse" },
    fields: [
      { in: "body", name: "email" },
      { in: "body", name: "password" },
    ],
  },
  {
    method: "POST",
    path: "/api/auth/resend-verification",
    body: { email: "new@example.com" },
    fields: [{ in: "body", name: "email" }],
  },
  // Without a token the answer is a 400 of its own ("No verification token provided").
  {
    method: "GET",
    path: "/api/auth/verify-email",
    query: { token: "abc" },
    fields: [{ in: "query", name: "token" }],
    optional: ["query.token"],
  },
  {
    method: "POST",
    path: "/api/auth/verify-email",
    body: { token: "abc", password: "correct horse" },
    fields: [
      { in: "body", name: "token" },
      { in: "body", name: "password" },
    ],
  },
  { method: "GET", path: "/api/auth/user", fields: [] },
  { method: "POST", path: "/api/auth/logout", fields: [] },
  { method: "GET", path: "/api/login", fields: [] },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    body: { email: "new@example.com" },
    fields: [{ in: "body", name: "email" }],
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    body: { token: "abc", password: "correct horse" },
    fields: [
      { in: "body", name: "token" },
      { in: "body", name: "password" },
    ],
  },
  // An account without a password (Google-only) sets one without the current one.
  {
    method: "POST",
    path: "/api/account/password",
    body: { currentPassword: "correct horse", newPassword: "battery staple" },
    fields: [
      { in: "body", name: "currentPassword" },
      { in: "body", name: "newPassword" },
    ],
    optional: ["body.currentPassword"],
  },
  { method: "POST", path: "/api/account/sign-out-everywhere", fields: [] },
  {
    method: "PUT",
    path: "/api/account/profile",
    body: { firstName: "Ada", lastName: "Lovelace" },
    fields: [
      { in: "body", name: "firstName", isName: true },
      { in: "body", name: "lastName", isName: true },
    ],
    optional: ["body.firstName", "body.lastName"],
  },
  // A choice from the list of languages: no text field.
  { method: "PUT", path: "/api/account/language", body: { language: "es" }, fields: [] },
  {
    method: "PUT",
    path: "/api/account/avatar",
    body: { objectPath: UPLOAD },
    fields: [{ in: "body", name: "objectPath" }],
  },
  { method: "DELETE", path: "/api/account/avatar", fields: [] },
  { method: "GET", path: "/api/account/export", fields: [] },
  {
    method: "DELETE",
    path: "/api/account",
    body: { email: "new@example.com", password: "correct horse" },
    fields: [
      { in: "body", name: "email" },
      { in: "body", name: "password" },
    ],
    optional: ["body.password"],
  },
  {
    method: "GET",
    path: "/api/auth/google",
    query: { returnUrl: "/home", confirm: "1" },
    fields: [{ in: "query", name: "returnUrl" }],
    optional: ["query.returnUrl", "query.confirm"],
  },
  // The provider names the parameters; without them the sign-in fails back to /login.
  {
    method: "GET",
    path: "/api/auth/google/callback",
    query: { code: "abc", state: "xyz" },
    fields: [
      { in: "query", name: "code" },
      { in: "query", name: "state" },
    ],
    optional: ["query.code", "query.state"],
  },
  { method: "GET", path: "/api/dragons", fields: [] },
  { method: "GET", path: "/api/dragons/:id", params: { id: DRAGON_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "DELETE", path: "/api/dragons/:id", params: { id: DRAGON_ID }, fields: [{ in: "params", name: "id" }] },
  {
    method: "POST",
    path: "/api/dragons",
    body: { name: "Ember", imageUrl: UPLOAD, filename: "ember.png" },
    fields: [
      { in: "body", name: "name", isName: true },
      { in: "body", name: "imageUrl" },
      { in: "body", name: "filename" },
    ],
    optional: ["body.filename"],
  },
  {
    method: "PUT",
    path: "/api/dragons/:id/level",
    params: { id: DRAGON_ID },
    body: { level: 3 },
    fields: [{ in: "params", name: "id" }],
  },
  {
    method: "POST",
    path: "/api/dragons/generate-pencil",
    body: { dragonId: DRAGON_ID },
    fields: [{ in: "body", name: "dragonId" }],
  },
  {
    method: "POST",
    path: "/api/dragons/generate-custom",
    body: { prompt: "A red dragon" },
    fields: [{ in: "body", name: "prompt" }],
  },
  // A Pro member's own pictures (decision 031).
  { method: "GET", path: "/api/pictures", fields: [] },
  {
    method: "POST",
    path: "/api/pictures",
    body: { name: "My cat", imageUrl: UPLOAD, filename: "cat.jpg", pencil: false },
    fields: [
      { in: "body", name: "name", isName: true },
      { in: "body", name: "imageUrl" },
      { in: "body", name: "filename" },
    ],
    optional: ["body.filename", "body.pencil"],
  },
  {
    method: "POST",
    path: "/api/pictures/generate",
    body: { prompt: "A sleepy cat" },
    fields: [{ in: "body", name: "prompt" }],
  },
  {
    method: "PUT",
    path: "/api/pictures/:id",
    params: { id: DRAGON_ID },
    body: { name: "My cat" },
    fields: [
      { in: "params", name: "id" },
      { in: "body", name: "name", isName: true },
    ],
  },
  {
    method: "POST",
    path: "/api/pictures/:id/pencil",
    params: { id: DRAGON_ID },
    fields: [{ in: "params", name: "id" }],
  },
  { method: "DELETE", path: "/api/pictures/:id", params: { id: DRAGON_ID }, fields: [{ in: "params", name: "id" }] },
  // Where the caller's image jobs are (decision 034).
  { method: "GET", path: "/api/image-jobs", fields: [] },
  {
    method: "POST",
    path: "/api/waitlist",
    body: { email: "wait@example.com" },
    fields: [{ in: "body", name: "email" }],
  },
  {
    method: "POST",
    path: "/api/waitlist/confirm",
    body: { token: "a-confirmation-token" },
    fields: [{ in: "body", name: "token" }],
  },
  // The caller's own progress on each dragon (the library's 'Your drawings', decision 050).
  { method: "GET", path: "/api/wip", fields: [] },
  {
    method: "GET",
    path: "/api/wip/:dragonId",
    params: { dragonId: DRAGON_ID },
    fields: [{ in: "params", name: "dragonId" }],
  },
  { method: "GET", path: "/api/progress", fields: [] },
  {
    method: "PUT",
    path: "/api/progress/goal",
    body: { weeklyGoal: 3, timeZone: "Europe/Paris" },
    fields: [{ in: "body", name: "timeZone" }],
  },
  {
    method: "POST",
    path: "/api/progress/visitor",
    // Today, as any browser would count it.
    body: { practiceDays: [new Date().toISOString().slice(0, 10)], weeklyGoal: 3, timeZone: "Europe/Paris" },
    fields: [
      { in: "body", name: "practiceDays", isList: true },
      { in: "body", name: "timeZone" },
    ],
  },
  {
    method: "GET",
    path: "/api/checks/:dragonId",
    params: { dragonId: DRAGON_ID },
    fields: [{ in: "params", name: "dragonId" }],
  },
  {
    method: "POST",
    path: "/api/checks/:dragonId",
    params: { dragonId: DRAGON_ID },
    body: CHECK_BODY,
    fields: [{ in: "params", name: "dragonId" }],
  },
  {
    method: "PUT",
    path: "/api/checks/:dragonId/:checkId/photo",
    params: { dragonId: DRAGON_ID, checkId: CHECK_ID },
    body: { objectPath: UPLOAD },
    fields: [
      { in: "params", name: "dragonId" },
      { in: "params", name: "checkId" },
      { in: "body", name: "objectPath" },
    ],
  },
  {
    method: "PUT",
    path: "/api/checks/:dragonId/:checkId/practice",
    params: { dragonId: DRAGON_ID, checkId: CHECK_ID },
    body: { cells: [{ label: "A1", status: "close", errorMm: 0.4 }] },
    fields: [
      { in: "params", name: "dragonId" },
      { in: "params", name: "checkId" },
    ],
  },
  {
    method: "POST",
    path: "/api/wip",
    body: WIP_BODY,
    fields: [
      { in: "body", name: "dragonId" },
      { in: "body", name: "currentCell" },
      { in: "body", name: "doneCells", isList: true },
    ],
    optional: ["body.currentCell"],
  },
  {
    method: "GET",
    path: "/api/posts",
    query: { before: POST_ID, at: POST_TIME },
    fields: [
      { in: "query", name: "before" },
      { in: "query", name: "at" },
    ],
    optional: ["query.before", "query.at"],
  },
  {
    method: "GET",
    path: "/api/posts/mine",
    query: { before: POST_ID, at: POST_TIME },
    fields: [
      { in: "query", name: "before" },
      { in: "query", name: "at" },
    ],
    optional: ["query.before", "query.at"],
  },
  // Descriptions and comments are shown as plain text, not as names.
  {
    method: "POST",
    path: "/api/posts",
    body: { dragonId: DRAGON_ID, description: "My first dragon", images: [UPLOAD] },
    fields: [
      { in: "body", name: "dragonId" },
      { in: "body", name: "description" },
      { in: "body", name: "images", isList: true },
    ],
    optional: ["body.description"],
  },
  { method: "POST", path: "/api/posts/:id/like", params: { id: POST_ID }, fields: [{ in: "params", name: "id" }] },
  {
    method: "POST",
    path: "/api/posts/:id/comment",
    params: { id: POST_ID },
    body: { text: "Lovely scales" },
    fields: [
      { in: "params", name: "id" },
      { in: "body", name: "text" },
    ],
  },
  { method: "PUT", path: "/api/posts/:id/approve", params: { id: POST_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "DELETE", path: "/api/posts/:id", params: { id: POST_ID }, fields: [{ in: "params", name: "id" }] },
  {
    method: "DELETE",
    path: "/api/posts/:id/comments/:commentId",
    params: { id: POST_ID, commentId: COMMENT_ID },
    fields: [
      { in: "params", name: "id" },
      { in: "params", name: "commentId" },
    ],
  },
  { method: "GET", path: "/api/posts/:id", params: { id: POST_ID }, fields: [{ in: "params", name: "id" }] },
  {
    method: "POST",
    path: "/api/reports",
    body: { postId: POST_ID, commentId: COMMENT_ID, reason: "other", note: "Selling things" },
    fields: [
      { in: "body", name: "postId" },
      { in: "body", name: "commentId" },
      { in: "body", name: "note" },
    ],
    optional: ["body.commentId"],
  },
  { method: "GET", path: "/api/reports/mine", fields: [] },
  {
    method: "GET",
    path: "/api/admin/moderation/queue",
    query: { tab: "pending", offset: "0" },
    fields: [{ in: "query", name: "offset" }],
    optional: ["query.tab", "query.offset"],
  },
  { method: "GET", path: "/api/admin/moderation/counts", fields: [] },
  {
    method: "GET",
    path: "/api/admin/moderation/log",
    query: { before: "10" },
    fields: [{ in: "query", name: "before" }],
    optional: ["query.before"],
  },
  {
    method: "POST",
    path: "/api/admin/moderation/actions",
    body: { action: "reject", postId: POST_ID, reason: "Not a drawing" },
    fields: [
      { in: "body", name: "postId" },
      { in: "body", name: "reason" },
    ],
  },
  { method: "GET", path: "/api/blocks", fields: [] },
  {
    method: "PUT",
    path: "/api/blocks/:userId",
    params: { userId: USER_ID },
    fields: [{ in: "params", name: "userId" }],
  },
  {
    method: "DELETE",
    path: "/api/blocks/:userId",
    params: { userId: USER_ID },
    fields: [{ in: "params", name: "userId" }],
  },
  {
    method: "GET",
    path: "/api/notifications",
    query: { before: NOTIFICATION_ID },
    fields: [{ in: "query", name: "before" }],
    optional: ["query.before"],
  },
  { method: "POST", path: "/api/notifications/read-all", fields: [] },
  {
    method: "POST",
    path: "/api/notifications/:id/read",
    params: { id: NOTIFICATION_ID },
    fields: [{ in: "params", name: "id" }],
  },
  { method: "GET", path: "/api/notifications/email-settings", fields: [] },
  {
    method: "PUT",
    path: "/api/notifications/email-settings",
    body: { approved: true, rejected: true, comment: false },
    fields: [],
  },
  {
    method: "GET",
    path: "/api/notifications/unsubscribe",
    query: { token: UNSUBSCRIBE_TOKEN },
    fields: [{ in: "query", name: "token" }],
  },
  {
    method: "POST",
    path: "/api/notifications/unsubscribe",
    query: { token: UNSUBSCRIBE_TOKEN },
    fields: [{ in: "query", name: "token" }],
  },
  { method: "GET", path: "/api/health", fields: [] },
  { method: "GET", path: "/api/health/live", fields: [] },
  { method: "GET", path: "/api/health/ready", fields: [] },
  { method: "GET", path: "/api/openapi.json", fields: [] },
  {
    method: "POST",
    path: "/api/analytics/pageview",
    body: { path: "/home", referrer: "https://example.com/" },
    fields: [
      { in: "body", name: "path" },
      { in: "body", name: "referrer" },
    ],
    optional: ["body.referrer"],
  },
  { method: "GET", path: "/api/admin/stats", fields: [] },
  { method: "GET", path: "/api/admin/analytics", query: { days: "30" }, fields: [], optional: ["query.days"] },
  { method: "GET", path: "/api/admin/waitlist.csv", fields: [] },
  {
    method: "GET",
    path: "/api/admin/users",
    query: { q: "ada", offset: "0" },
    fields: [
      { in: "query", name: "q" },
      { in: "query", name: "offset" },
    ],
    optional: ["query.q", "query.offset"],
  },
  {
    method: "PUT",
    path: "/api/admin/users/:id/admin",
    params: { id: USER_ID },
    body: { isAdmin: true },
    fields: [{ in: "params", name: "id" }],
  },
  {
    method: "PUT",
    path: "/api/admin/users/:id/pro",
    params: { id: USER_ID },
    body: { pro: true },
    fields: [{ in: "params", name: "id" }],
  },
  // Without a body: the dragon and post uploaders' variant (any image type).
  {
    method: "POST",
    path: "/api/objects/upload",
    body: { filename: "cover.png", contentType: "image/png" },
    fields: [
      { in: "body", name: "filename" },
      { in: "body", name: "contentType" },
    ],
  },
  {
    method: "POST",
    path: "/api/objects/set-acl",
    body: { objectPath: UPLOAD, visibility: "private" },
    fields: [{ in: "body", name: "objectPath" }],
    optional: ["body.visibility"],
  },
  { method: "GET", path: "/api/objects/remote-sources", fields: [] },
  {
    method: "POST",
    path: "/api/companion/url/meta",
    body: { url: REMOTE_LINK },
    fields: [{ in: "body", name: "url" }],
  },
  {
    method: "POST",
    path: "/api/companion/url/get",
    body: { url: REMOTE_LINK, metadata: REMOTE_FILE, size: 1000 },
    fields: [
      { in: "body", name: "url" },
      { in: "body", name: "metadata.objectPath" },
      { in: "body", name: "metadata.type" },
      { in: "body", name: "metadata.name" },
    ],
    optional: ["body.size", "body.metadata.type", "body.metadata.name"],
  },
  {
    method: "POST",
    path: "/api/companion/:providerName/get/:id",
    params: { providerName: "dropbox", id: "id:abc" },
    body: { metadata: REMOTE_FILE, size: 1000 },
    fields: [
      { in: "params", name: "providerName" },
      { in: "params", name: "id" },
      { in: "body", name: "metadata.objectPath" },
      { in: "body", name: "metadata.type" },
      { in: "body", name: "metadata.name" },
    ],
    optional: ["body.size", "body.metadata.type", "body.metadata.name"],
  },
  // The rest of Companion's own routes (OAuth, listings, thumbnails): Companion reads their
  // parameters and stores nothing of ours; the routes above are the ones that start a download.
  { method: "GET", path: "/api/companion/*", fields: [] },
  { method: "POST", path: "/api/companion/*", fields: [] },
  // Without a grant or signature: refused by the signature check (403), not by the schema.
  {
    method: "PUT",
    path: "/api/storage/upload",
    query: { grant: "abc", sig: "def" },
    fields: [
      { in: "query", name: "grant" },
      { in: "query", name: "sig" },
    ],
    optional: ["query.grant", "query.sig"],
  },
  // The object path is the wildcard; a NUL can only arrive escaped, and escapes are refused.
  { method: "GET", path: "/objects/*", params: { "*": "uploads/x" }, fields: [{ in: "params", name: "*" }] },
  { method: "GET", path: "/", fields: [] },
  { method: "GET", path: "/api/blog/posts", query: { language: "es" }, fields: [], optional: ["query.language"] },
  {
    method: "GET",
    path: "/api/blog/posts/:slug",
    params: { slug: "drawing-scales" },
    fields: [{ in: "params", name: "slug" }],
  },
  { method: "GET", path: "/api/admin/blog", fields: [] },
  { method: "POST", path: "/api/admin/blog", body: BLOG_BODY, fields: BLOG_FIELDS, optional: BLOG_OPTIONAL },
  {
    method: "PUT",
    path: "/api/admin/blog/:id",
    params: { id: BLOG_ID },
    body: BLOG_BODY,
    fields: [{ in: "params", name: "id" }, ...BLOG_FIELDS],
    optional: BLOG_OPTIONAL,
  },
  { method: "DELETE", path: "/api/admin/blog/:id", params: { id: BLOG_ID }, fields: [{ in: "params", name: "id" }] },
  { method: "GET", path: "/blog/rss.xml", fields: [] },
  { method: "GET", path: "/sitemap.xml", fields: [] },
  { method: "GET", path: "/robots.txt", fields: [] },
];

/** "METHOD /path", as app.registeredRoutes names a route. */
export const routeKey = (route: Pick<Route, "method" | "path">) => `${route.method} ${route.path}`;

/** The registered routes that have no row in `rows`: what a coverage test expects to be empty. */
export function missingRoutes(
  registered: readonly string[],
  rows: readonly Pick<Route, "method" | "path">[],
): string[] {
  const listed = new Set(rows.map(routeKey));
  return registered.filter((route) => !listed.has(route));
}

// encodeURIComponent throws on half a surrogate pair; a browser sends U+FFFD in its place.
const escape = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));

/** The URL of a request to `route`: path parameters escaped, the wildcard's slashes kept. */
export function buildUrl(
  route: Pick<Route, "path">,
  params: Record<string, string> = {},
  query: Record<string, string | string[]> = {},
): string {
  let url = route.path.replace(/:(\w+)/g, (_, name: string) => escape(params[name] ?? ""));
  if (route.path.endsWith("*")) url = url.slice(0, -1) + (params["*"] ?? "").split("/").map(escape).join("/");
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) search.append(key, item);
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

let clientNumber = 0;
/** A fresh client address each time, so no per-address rate limit stands in for what is tested. */
export const freshAddress = () => {
  clientNumber += 1;
  return `10.77.${Math.floor(clientNumber / 250) % 250}.${clientNumber % 250}`;
};

/** The parts of a request to a route, any of them replaced. */
export interface RequestParts {
  body?: unknown;
  query?: Record<string, string | string[]>;
  params?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Raw bytes or text sent as they are (malformed JSON), with this content type. */
  raw?: { payload: string | Buffer; contentType: string };
  /** The whole URL as sent, path and query (a path no builder would make: `/objects/..%5c..`). */
  url?: string;
}

/** app.inject options for a request to `route`: its valid parts unless replaced. */
export function injectOptions(route: Route, parts: RequestParts = {}): InjectOptions {
  const body = "body" in parts ? parts.body : route.body;
  const options: InjectOptions = {
    method: route.method,
    url: parts.url ?? buildUrl(route, parts.params ?? route.params, parts.query ?? route.query),
    remoteAddress: freshAddress(),
    // A browser's: analytics counts no robot, so a page view is really stored.
    headers: { "user-agent": "Mozilla/5.0 Chrome/156.0" },
    ...(parts.cookies ? { cookies: parts.cookies } : {}),
  };
  if (parts.raw) {
    options.payload = parts.raw.payload;
    options.headers = { ...options.headers, "content-type": parts.raw.contentType };
  } else if (body !== undefined) {
    options.payload = JSON.stringify(body);
    options.headers = { ...options.headers, "content-type": "application/json" };
  }
  return options;
}
