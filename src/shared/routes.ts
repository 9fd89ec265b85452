/**
 * The client routes of SPEC.md section 2, as patterns. The server uses them to answer unknown paths
 * with a 404 status; the client router registers each route when its screen exists.
 */
export const ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/home$/,
  /^\/dragon\/[^/]+$/,
  /^\/draw\/[^/]+$/,
  /^\/blog$/,
  /^\/blog\/[^/]+$/,
  /^\/login$/,
  /^\/verify-email$/,
  /^\/reset-password$/,
  /^\/feed$/,
  /^\/profile$/,
  /^\/upload$/,
  /^\/admin\/stats$/,
  /^\/admin\/blog\/(list|new|edit)(\/[^/]+)?$/,
];

/** True when a path names a screen of the app (query string excluded). */
export function isKnownRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ROUTE_PATTERNS.some((pattern) => pattern.test(path));
}
