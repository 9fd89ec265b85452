// `npm run bench`, the feed under made-up cursors (issue 24): members reading the feed's first
// pages, as the app asks for them, first alone and then while FLOOD_CONNECTIONS connections ask
// for pages at made-up `before` cursors (cursor-flood.mjs, its own process). The readers' p99 is
// held to the API read budget: made-up cursors must neither push real pages out of the kept pages
// nor take the event loop or the compression threads from the readers.
import { spawnTracked } from "./bench-processes.mjs";
import { sleep } from "./bench-server.mjs";

const FLOOD_CONNECTIONS = 200;
const READ_PAGES = 3;
const BUDGET_MS = 25;

/** Every page of the feed as a signed-in member scrolls it (each page's last post is the next cursor). */
async function scrollWholeFeed(url, cookie) {
  const pages = [];
  let query = "";
  for (;;) {
    const response = await fetch(`${url}/api/posts${query}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET /api/posts${query}: ${response.status}`);
    const page = await response.json();
    if (!page.length) return pages;
    pages.push({ path: `/api/posts${query}`, posts: page });
    const last = page.at(-1);
    query = `?before=${last.id}&at=${encodeURIComponent(last.createdAt)}`;
  }
}

/** The flood, for `seconds`; answers its summary (cursor-flood.mjs's last line). */
function startFlood(url, cookie, seconds, newest, oldest) {
  const child = spawnTracked(
    process.execPath,
    [
      "scripts/lib/cursor-flood.mjs",
      url,
      String(FLOOD_CONNECTIONS),
      String(seconds),
      cookie,
      String(newest),
      String(oldest),
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  return child.benchEntry.exit.then(({ code }) => {
    if (code !== 0) throw new Error(`cursor-flood.mjs exited with ${code}`);
    return JSON.parse(stdout.trim().split("\n").at(-1));
  });
}

/**
 * The rows of this part of the bench, against a running server whose feed was seeded. `cookies`:
 * the readers' session and the flood's, two members. `load(url, { requests, headers })` is the bench's warmed-up autocannon run
 * of `connections` connections for `seconds`.
 */
export async function feedUnderMadeUpCursors(url, cookies, { load, connections, seconds, warmUpSeconds }) {
  const pages = await scrollWholeFeed(url, cookies.readers);
  if (pages.length < READ_PAGES + 1)
    throw new Error(`the seeded feed has ${pages.length} pages; ${READ_PAGES + 1} at least are needed`);
  const newest = Date.parse(pages[0].posts[0].createdAt);
  const oldest = Date.parse(pages.at(-1).posts.at(-1).createdAt);
  const headers = { cookie: cookies.readers, "accept-encoding": "gzip, deflate, br, zstd" };
  const requests = pages.slice(0, READ_PAGES).map((page) => ({ method: "GET", path: page.path }));
  const readers = `GET /api/posts, the first ${READ_PAGES} pages (${connections} conn)`;

  const alone = await load(url, { requests, headers });
  if (alone.non2xx) throw new Error(`${alone.non2xx} non-2xx answers to the readers`);

  // The flood runs through the readers' warm-up and measured seconds, started a moment before them.
  const flood = startFlood(url, cookies.flood, warmUpSeconds + seconds + 2, newest, oldest);
  await sleep(1000);
  const flooded = await load(url, { requests, headers });
  const madeUp = await flood;
  if (flooded.non2xx) throw new Error(`${flooded.non2xx} non-2xx answers to the readers during the flood`);

  // A request with no answer within autocannon's 10 s is no latency at all in its percentiles.
  const unanswered = (result) => result.timeouts + result.errors;
  const figures = (result) =>
    `${Math.round(result.requests.average).toLocaleString("en")} req/s, p99 ${result.latency.p99} ms${unanswered(result) ? `, ${unanswered(result)} unanswered` : ""}`;
  const statuses = Object.entries(madeUp.statuses)
    .map(([status, count]) => `${count.toLocaleString("en")} × ${status}`)
    .join(", ");
  return [
    { measure: `${readers}, alone`, value: figures(alone), budget: `(reference)`, ok: "" },
    {
      measure: `${readers}, during ${FLOOD_CONNECTIONS} conn of made-up ?before= cursors`,
      value: figures(flooded),
      budget: `p99 < ${BUDGET_MS} ms`,
      ok: flooded.latency.p99 < BUDGET_MS && flooded.requests.total > 0 && !unanswered(flooded) ? "yes" : "NO",
    },
    {
      measure: `the ${FLOOD_CONNECTIONS} made-up-cursor connections themselves`,
      value: `${Math.round(madeUp.rps).toLocaleString("en")} req/s, p99 ${madeUp.p99} ms (${statuses || "no answers"}${madeUp.errors ? `, ${madeUp.errors} errors` : ""})`,
      budget: "(reported)",
      ok: "",
    },
  ];
}
