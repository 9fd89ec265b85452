import { DEFAULT_DESCRIPTION } from "./site";
import { pageTitle, type PageMeta } from "./page-meta";

/**
 * Every screen of the app (SPEC.md section 2, "Routes"), once. The browser's router, the server's
 * page answers (known path or 404, server rendering, head tags, preloading the screen's code) and
 * the service worker's precache all read this table (decision 022). Adding a page is a line here
 * plus its screen in web/app/screens.ts, which the type checker asks for.
 */
export type Screen =
  | "landing"
  | "library"
  | "dragon"
  | "draw"
  | "login"
  | "verifyEmail"
  | "resetPassword"
  | "feed"
  | "upload"
  | "profile"
  | "blogList"
  | "blogPost"
  | "adminBlog"
  | "stats";

/** Who the router shows a screen to: "members" screens exist only when signed in (an admin screen checks the role itself). */
export type Access = "everyone" | "members";

export interface Page {
  /** The address, as wouter writes it: `:name` is one segment, `:name?` an optional last one. */
  path: string;
  screen: Screen;
  /** The screen's source file under src/web: the server preloads its built chunk with the HTML. */
  module: string;
  access: Access;
  /** Rendered on the server with its first screen's data (decision 016b). */
  serverRendered?: true;
  /** Precached by the service worker: the screens a learner goes through to a canvas. */
  offline?: true;
  /** Head tags of a page without data; pages with data get theirs from the server's resolvers. */
  meta?: PageMeta;
  /** The only values a parameter may take (anything else is not this page). */
  allowed?: Record<string, readonly string[]>;
  /** The data its first screen shows: the browser's query keys and the API address each reads. */
  queries?: (params: Record<string, string>) => PageQuery[];
}

export interface PageQuery {
  queryKey: string[];
  url: string;
}

const meta = (title: string, description: string): PageMeta => ({ title: pageTitle(title), description });

export const PAGES: readonly Page[] = [
  { path: "/", screen: "landing", module: "features/landing/landing-page.tsx", access: "everyone", serverRendered: true, meta: { title: pageTitle(), description: DEFAULT_DESCRIPTION } },
  {
    path: "/home", screen: "library", module: "features/library/library-page.tsx", access: "everyone", serverRendered: true, offline: true,
    meta: meta("Dragon Library", "Select a dragon to start your drawing journey."),
    queries: () => [{ queryKey: ["/api/dragons"], url: "/api/dragons" }],
  },
  {
    path: "/dragon/:id", screen: "dragon", module: "features/dragon/dragon-page.tsx", access: "everyone", serverRendered: true, offline: true,
    queries: ({ id }) => [{ queryKey: ["/api/dragons", id!], url: `/api/dragons/${encodeURIComponent(id!)}` }],
  },
  { path: "/draw/:id", screen: "draw", module: "features/canvas/draw-page.tsx", access: "everyone", offline: true },
  { path: "/login", screen: "login", module: "features/auth/login-page.tsx", access: "everyone", meta: meta("Sign In", "Sign in or create a free account to save your progress.") },
  { path: "/verify-email", screen: "verifyEmail", module: "features/auth/verify-email-page.tsx", access: "everyone", meta: meta("Verify Email", "Confirm your e-mail address.") },
  { path: "/reset-password", screen: "resetPassword", module: "features/account/reset-password-page.tsx", access: "everyone", meta: meta("Reset Password", "Choose a new password for your Dragon Grid account.") },
  { path: "/feed", screen: "feed", module: "features/feed/feed-page.tsx", access: "everyone", meta: meta("Community Feed", "See what other learners have drawn.") },
  { path: "/blog", screen: "blogList", module: "features/blog/blog-list-page.tsx", access: "everyone", serverRendered: true, meta: meta("Blog", "Drawing tutorials and tips for the grid method."), queries: () => [{ queryKey: ["/api/blog/posts"], url: "/api/blog/posts" }] },
  {
    path: "/blog/:slug", screen: "blogPost", module: "features/blog/blog-post-page.tsx", access: "everyone", serverRendered: true,
    queries: ({ slug }) => [{ queryKey: ["/api/blog/posts", slug!], url: `/api/blog/posts/${encodeURIComponent(slug!)}` }],
  },
  { path: "/upload", screen: "upload", module: "features/feed/upload-page.tsx", access: "members", meta: meta("Upload Your Drawing", "Share a photo of your drawing.") },
  { path: "/admin/blog/:action/:id?", screen: "adminBlog", module: "features/blog/admin-blog-page.tsx", access: "members", allowed: { action: ["list", "new", "edit"] } },
  { path: "/admin/stats", screen: "stats", module: "features/stats/stats-page.tsx", access: "members", meta: meta("Statistics", "Admin statistics dashboard.") },
  { path: "/profile", screen: "profile", module: "features/profile/profile-page.tsx", access: "everyone", meta: meta("Your Profile", "Your Dragon Grid profile.") },
];

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

const COMPILED = PAGES.map(compile);

// wouter hands screens their parameters decoded with decodeURI; query keys must be the same strings.
function decodeSegment(segment: string): string {
  try {
    return decodeURI(segment);
  } catch {
    return segment;
  }
}

/** The page at this path (query string excluded, a trailing slash allowed) and its parameters, or null. */
export function matchPage(pathname: string): { page: Page; params: Record<string, string> } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
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

/** True when a path names a screen of the app. */
export const isKnownRoute = (pathname: string): boolean => matchPage(pathname) !== null;

/** The server-rendered screen at this path, if any. */
export const serverRenderedPage = (pathname: string): Screen | undefined => {
  const page = matchPage(pathname)?.page;
  return page?.serverRendered ? page.screen : undefined;
};

export const isServerRenderedPage = (pathname: string): boolean => serverRenderedPage(pathname) !== undefined;

/** The first screen's queries of a server-rendered page; empty for a page without data. */
export function pageQueries(pathname: string): PageQuery[] {
  const found = matchPage(pathname);
  return found?.page.serverRendered && found.page.queries ? found.page.queries(found.params) : [];
}

/** Head tags of a page without data, or null when it needs data (or does not exist). */
export function getStaticPageMeta(pathname: string): PageMeta | null {
  return matchPage(pathname)?.page.meta ?? null;
}
