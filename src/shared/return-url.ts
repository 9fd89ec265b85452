/**
 * The return-URL rule (docs/spec.md §4): go back to a stored path only when it is a path on this
 * site, i.e. it starts with a single "/" and not "//"; anything else goes to /home.
 * Browsers also treat "/\" and control characters oddly ("/\evil.com" is protocol-relative in
 * some), so those are refused too: no input can send the user off-site.
 */
export function safeReturnUrl(value: string | null | undefined, fallback = "/home"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (value.startsWith("/\\")) return fallback;
  // Tabs and newlines are stripped by URL parsers, which could turn "/\t/evil" into "//evil".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}
