/**
 * The data a public page shows on its first screen, as the client's TanStack Query keys (see
 * web/features/library/api.ts and web/features/blog/api.ts) and the API address each one reads.
 * The server reads them in process before rendering the page, and sends them with the HTML so the
 * browser starts with them instead of asking again.
 */
export interface PageQuery {
  queryKey: string[];
  url: string;
}

/**
 * The paths rendered on the server: the public pages (and the 404 page for unknown paths), by
 * screen. The browser loads the matching screen's code before hydrating (web/app/router.tsx).
 */
export const SERVER_RENDERED_PAGES = {
  landing: /^\/$/,
  library: /^\/home$/,
  dragon: /^\/dragon\/[^/]+$/,
  blogList: /^\/blog$/,
  blogPost: /^\/blog\/[^/]+$/,
} as const;

export type ServerRenderedPage = keyof typeof SERVER_RENDERED_PAGES;

/** The server-rendered screen at this path, if any. */
export const serverRenderedPage = (pathname: string): ServerRenderedPage | undefined =>
  (Object.keys(SERVER_RENDERED_PAGES) as ServerRenderedPage[]).find((page) => SERVER_RENDERED_PAGES[page].test(pathname));

export const isServerRenderedPage = (pathname: string): boolean => serverRenderedPage(pathname) !== undefined;

/** The first screen's queries of a public page; empty for a page without data (the landing page). */
export function pageQueries(pathname: string): PageQuery[] {
  if (pathname === "/home") return [{ queryKey: ["/api/dragons"], url: "/api/dragons" }];
  if (pathname === "/blog") return [{ queryKey: ["/api/blog/posts"], url: "/api/blog/posts" }];
  const dragon = /^\/dragon\/([^/]+)$/.exec(pathname)?.[1];
  if (dragon !== undefined) {
    const id = decodeSegment(dragon);
    return [{ queryKey: ["/api/dragons", id], url: `/api/dragons/${encodeURIComponent(id)}` }];
  }
  const slug = /^\/blog\/([^/]+)$/.exec(pathname)?.[1];
  if (slug !== undefined) {
    const decoded = decodeSegment(slug);
    return [{ queryKey: ["/api/blog/posts", decoded], url: `/api/blog/posts/${encodeURIComponent(decoded)}` }];
  }
  return [];
}

// wouter hands pages their route parameters decoded with decodeURI; the keys must be the same strings.
function decodeSegment(segment: string): string {
  try {
    return decodeURI(segment);
  } catch {
    return segment;
  }
}
