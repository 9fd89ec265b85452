// An endpoint's address with its parameters and query filled in, for the browser's client and the
// server tests' alike (src/shared/contract/calls.ts types what they pass).

export type PathParams = Record<string, string | number | undefined>;
export type QueryValues = Record<string, string | number | boolean | undefined>;

/**
 * Fills each `:name` (encoded, as one segment) and the wildcard `*` (as it is, since it spans
 * segments), then adds the query values that are given.
 */
export function fillPath(path: string, params: PathParams = {}, query: QueryValues = {}): string {
  const filled = path
    .replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params[name] ?? ""))
    .replace("*", () => String(params["*"] ?? ""));
  const entries = Object.entries(query).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  return entries.length
    ? `${filled}?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`
    : filled;
}
