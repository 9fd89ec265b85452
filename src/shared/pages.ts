/**
 * Every screen of the app (docs/spec.md §2, "Routes"), once. The browser's router, the server's
 * page answers (known path or 404, server rendering, head tags, preloading the screen's code) and
 * the service worker's precache all read this table (decision 022). Adding a page is a line here,
 * its files in SCREEN_FILES below and its screen in web/app/screens.ts, which the type checker asks
 * for, and its head tags in screen-page-meta.ts when it has no data of its own (static-page-meta.ts
 * for a public page).
 */
export type Screen =
  | "landing"
  | "library"
  | "dragon"
  | "canvas"
  | "login"
  | "verifyEmail"
  | "resetPassword"
  | "feed"
  | "upload"
  | "profile"
  | "progress"
  | "firstDrawing"
  | "blogList"
  | "blogPost"
  | "adminBlog"
  | "stats"
  | "moderation"
  | "users"
  | "unsubscribe"
  | "waitlistConfirm";

export interface Page {
  /** The address, as wouter writes it: `:name` is one segment, `:name?` an optional last one. */
  path: string;
  screen: Screen;
  /** "members": the screen exists only when signed in (an admin screen checks the role itself); absent, for everyone. */
  access?: "members";
  /** Rendered on the server with its first screen's data (decision 016b). */
  serverRendered?: true;
  /** The only values a parameter may take (anything else is not this page). */
  allowed?: Record<string, readonly string[]>;
}

/** A screen's source and data, for the server and the service worker (SCREEN_FILES). */
export interface ScreenFiles {
  /** The screen's source file: `src/web/features/{module}.tsx`, or `src/web/{module}.tsx` for a page of app/ (composed of features): the server preloads its chunk with the HTML. */
  module: string;
  /** Precached by the service worker: the screens a learner goes through to a canvas. */
  offline?: true;
  /**
   * The API address of the data its first screen shows, with the page's parameter in it (`:id`):
   * the browser's query key is the address's parts, the parameter decoded (as in its api.ts).
   */
  data?: string;
}

export interface PageQuery {
  queryKey: string[];
  url: string;
}

export const PAGES: readonly Page[] = [
  { path: "/", screen: "landing", serverRendered: true },
  {
    path: "/home",
    screen: "library",
    serverRendered: true,
  },
  {
    path: "/dragon/:id",
    screen: "dragon",
    serverRendered: true,
  },
  { path: "/draw/:id", screen: "canvas" },
  { path: "/login", screen: "login" },
  { path: "/verify-email", screen: "verifyEmail" },
  { path: "/reset-password", screen: "resetPassword" },
  { path: "/feed", screen: "feed" },
  {
    path: "/blog",
    screen: "blogList",
    serverRendered: true,
  },
  {
    path: "/blog/:slug",
    screen: "blogPost",
    serverRendered: true,
  },
  { path: "/upload", screen: "upload", access: "members" },
  {
    path: "/admin/blog/:action/:id?",
    screen: "adminBlog",
    access: "members",
    allowed: { action: ["list", "new", "edit"] },
  },
  { path: "/admin/stats", screen: "stats", access: "members" },
  { path: "/admin/moderation", screen: "moderation", access: "members" },
  { path: "/admin/users", screen: "users", access: "members" },
  { path: "/profile", screen: "profile" },
  { path: "/progress", screen: "progress" },
  { path: "/first-drawing", screen: "firstDrawing" },
  { path: "/unsubscribe", screen: "unsubscribe" },
  { path: "/waitlist/confirm", screen: "waitlistConfirm" },
];

/**
 * What the server and the service worker know of each screen beyond its address, which the browser
 * never reads (so its first load does not carry it: decision 058). A screen missing here is a type
 * error.
 */
export const SCREEN_FILES: Record<Screen, ScreenFiles> = {
  landing: { module: "landing/landing-page" },
  library: { module: "app/library/library-page", offline: true, data: "/api/dragons" },
  dragon: { module: "app/library/dragon-page", offline: true, data: "/api/dragons/:id" },
  canvas: { module: "canvas/canvas-page", offline: true },
  login: { module: "auth/login-page" },
  verifyEmail: { module: "auth/verify-email-page" },
  resetPassword: { module: "account/reset-password-page" },
  feed: { module: "posts/feed-page" },
  blogList: { module: "blog/blog-list-page", data: "/api/blog/posts" },
  blogPost: { module: "blog/blog-post-page", data: "/api/blog/posts/:slug" },
  upload: { module: "posts/upload-page" },
  adminBlog: { module: "blog/admin-blog-page" },
  stats: { module: "stats/stats-page" },
  moderation: { module: "moderation/moderation-page" },
  users: { module: "users/users-page" },
  profile: { module: "app/profile/profile-page" },
  progress: { module: "progress/progress-page" },
  firstDrawing: { module: "first-drawing/first-drawing-page" },
  unsubscribe: { module: "notifications/unsubscribe-page" },
  waitlistConfirm: { module: "waitlist/confirm-page" },
};

interface CompiledPage {
  page: Page;
  pattern: RegExp;
  names: string[];
}

function compile(page: Page): CompiledPage {
  const names: string[] = [];
  const source = page.path
    .split("/")
    .slice(1)
    .map((part) => {
      const param = /^:(\w+)(\?)?$/.exec(part);
      if (!param) return `/${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      names.push(param[1]!);
      const allowed = page.allowed?.[param[1]!];
      const value = allowed ? `(${allowed.join("|")})` : "([^/]+)";
      return param[2] ? `(?:/${value})?` : `/${value}`;
    })
    .join("");
  return { page, pattern: new RegExp(`^${source || "/"}$`), names };
}

// Pure: a bundle that never matches a pattern (the browser: decision 058) leaves the compiler out.
const COMPILED = /* @__PURE__ */ PAGES.map(compile);

// wouter hands screens their parameters decoded with decodeURI; query keys must be the same strings.
function decodeSegment(segment: string): string {
  try {
    return decodeURI(segment);
  } catch {
    return segment;
  }
}

const withoutTrailingSlashes = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** The page at this path (query string excluded, a trailing slash allowed) and its parameters, or null. */
export function matchPage(pathname: string): { page: Page; params: Record<string, string> } | null {
  const path = withoutTrailingSlashes(pathname);
  for (const { page, pattern, names } of COMPILED) {
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      const value = found[index + 1];
      if (value !== undefined) params[name] = decodeSegment(value);
    });
    return { page, params };
  }
  return null;
}

// A parameter as the page's one address spells it: decoded and in lower case, when that spells an
// id or a slug (every parameter of the table is one: lower-case letters, digits and hyphens; and
// PostgreSQL reads a UUID in either case). Anything else names nothing: it is left as it came, and
// its page is a 404 that no cache keeps, answered at once rather than after a redirect.
function canonicalSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment;
  }
  return /^[a-z0-9-]+$/.test(decoded) ? decoded : segment;
}

/**
 * The one address of the page at this path (query string excluded), or null when it is no page:
 * no trailing slash, parameters as canonicalSegment spells them. Rendered pages are kept by this
 * address, so every other spelling is sent here rather than rendered and kept again (decision 036).
 */
export function canonicalPath(pathname: string): string | null {
  const page = matchPage(pathname)?.page;
  if (!page) return null;
  // A match is segment for segment: each parameter is one segment, where the page's path names it.
  const template = page.path.split("/");
  return withoutTrailingSlashes(pathname)
    .split("/")
    .map((segment, index) => (template[index]?.startsWith(":") ? canonicalSegment(segment) : segment))
    .join("/");
}

/** Where a screen's source is, as Vite's manifest names it (relative to src/web). */
export const moduleFile = (page: Page) => {
  const { module } = SCREEN_FILES[page.screen];
  return module.startsWith("app/") ? `${module}.tsx` : `features/${module}.tsx`;
};

/** Precached by the service worker (SCREEN_FILES). */
export const worksOffline = (page: Page): boolean => SCREEN_FILES[page.screen].offline === true;

/** True when a path names a screen of the app. */
export const isKnownRoute = (pathname: string): boolean => matchPage(pathname) !== null;

/** The server-rendered screen at this path, if any. */
export const serverRenderedPage = (pathname: string): Screen | undefined => {
  const page = matchPage(pathname)?.page;
  return page?.serverRendered ? page.screen : undefined;
};

export const isServerRenderedPage = (pathname: string): boolean => serverRenderedPage(pathname) !== undefined;

/**
 * serverRenderedPage for the browser, at an address the server rendered (canonical): those pages'
 * paths have no optional or restricted parameters, so comparing segments is enough, and the
 * browser's first load carries no pattern compiler (decision 058). pages.test.ts checks both agree.
 */
export function serverRenderedScreen(pathname: string): Screen | undefined {
  const segments = pathname.split("/");
  return PAGES.find((page) => {
    const parts = page.path.split("/");
    return (
      page.serverRendered &&
      parts.length === segments.length &&
      parts.every((part, index) => (part.startsWith(":") ? segments[index] !== "" : part === segments[index]))
    );
  })?.screen;
}

/** The first screen's queries of a server-rendered page; empty for a page without data. */
export function pageQueries(pathname: string): PageQuery[] {
  const found = matchPage(pathname);
  const data = found?.page.serverRendered && SCREEN_FILES[found.page.screen].data;
  if (!data) return [];
  const [base, param] = data.split("/:");
  if (!param) return [{ queryKey: [base!], url: base! }];
  const value = found.params[param]!;
  return [{ queryKey: [base!, value], url: `${base}/${encodeURIComponent(value)}` }];
}
