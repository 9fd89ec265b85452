// A flood of feed reads with made-up `before` cursors, in a process of its own for `npm run bench`
// (bench-feed-cursors.mjs), so driving its connections does not delay the measured readers' own
// client. Every request asks for a new cursor: a random post id with a random time inside the
// feed, which points into its middle and answers a full page (a cursor without `at` for a post
// that does not exist answers an empty page, which would cost the server nothing).
//
//   node scripts/lib/cursor-flood.mjs <url> <connections> <seconds> <cookie> <newest ms> <oldest ms>
//
// The last line of stdout is JSON: { requests, rps, p99, statuses: { "200": n, … }, errors }.
import crypto from "node:crypto";
import autocannon from "autocannon";

const [url, connections, seconds, cookie, newest, oldest] = process.argv.slice(2);
const span = Number(newest) - Number(oldest);
const madeUpPath = () => {
  const at = new Date(Number(oldest) + Math.random() * span).toISOString();
  return `/api/posts?before=${crypto.randomUUID()}&at=${encodeURIComponent(at)}`;
};

const statuses = {};
const instance = autocannon(
  {
    url,
    connections: Number(connections),
    duration: Number(seconds),
    headers: { cookie, "accept-encoding": "gzip, deflate, br, zstd" },
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: madeUpPath() }) }],
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    console.log(
      JSON.stringify({
        requests: result.requests.total,
        rps: result.requests.average,
        p99: result.latency.p99,
        statuses,
        errors: result.errors + result.timeouts,
      }),
    );
  },
);
instance.on("response", (_client, statusCode) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
// Stopped with the bench (SIGTERM): end the load now, the answer counts so far are printed.
process.once("SIGTERM", () => instance.stop());
