// Virtual users for `npm run bench:load`: each signed-in user (accounts from seed-load-users.ts)
// loops through what a person does on
// Dragon Grid, with think time between pages, while every answer's status and latency is recorded
// per request class (read, write, sign-in) and per route.
//
// Each user comes from an address of its own (198.18.0.0/15, the benchmarking range) in
// X-Forwarded-For, and the servers run with TRUST_PROXY=1, as a deployment behind one reverse proxy
// does: the per-address rate limits then count each person apart, as they would in production.
import http from "node:http";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { sleep } from "./bench-server.mjs";

export const PASSWORD = "correct horse battery staple";

/** The share of each activity when a user picks what to do next (they add up to 100). */
export const MIX = {
  library: 27, // /home, then the app asks who is signed in and for the templates
  dragon: 22, // a dragon page and its API read
  draw: 15, // the canvas: page, saved progress, then a save every 5 s while drawing
  feed: 33, // feed pages (sometimes the next page), and on some visits a like/unlike or a comment
  signIn: 3, // sign out, and back in a little later
};
const DRAW_SECONDS = [15, 45];
const SAVE_EVERY_MS = 5_000;
const THINK_MS = [2_000, 6_000];
const LIKE_SHARE = 0.35;
const COMMENT_SHARE = 0.12;
const NEXT_PAGE_SHARE = 0.3;

const between = ([low, high]) => low + Math.random() * (high - low);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** A distinct client address for user `index` (up to 130,000 users). */
export const clientAddress = (index) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

// ---------------------------------------------------------------------------------------------
// Recording

/** Latencies and statuses per class and per route; only while `recording` is on. */
export function createRecorder() {
  const classes = new Map();
  const routes = new Map();
  const statuses = new Map();
  const failures = [];
  const entry = (map, key) => {
    if (!map.has(key)) map.set(key, { latencies: [], statuses: new Map() });
    return map.get(key);
  };
  return {
    recording: false,
    add(requestClass, route, status, ms) {
      if (!this.recording) return;
      for (const item of [entry(classes, requestClass), entry(routes, route)]) {
        item.latencies.push(ms);
        item.statuses.set(status, (item.statuses.get(status) ?? 0) + 1);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    },
    /** A request that got no answer at all (connection refused or reset): counted as a failure. */
    fail(route, error) {
      if (this.recording)
        failures.push(`${route}: ${error instanceof Error ? (error.cause?.message ?? error.message) : error}`);
    },
    /** Forget what was recorded (the capacity steps record each step apart). */
    reset() {
      classes.clear();
      routes.clear();
      statuses.clear();
      failures.length = 0;
    },
    classes,
    routes,
    statuses,
    failures,
  };
}

/** The q-quantile (0..1) of sorted numbers, nearest rank. */
export function quantile(sorted, q) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** { count, p50, p99, max } of a list of latencies in ms. */
export function summarise(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? null };
}

// ---------------------------------------------------------------------------------------------
// One user's HTTP

// One keep-alive connection pool per server, shared by every virtual user, as fetch's was: the
// generator shares the machine with the servers it measures, and node:http costs it a third less
// than fetch did per request, so less of its own work shows in the latencies it records.
const agents = new Map();
const agentFor = (origin) => {
  if (!agents.has(origin))
    agents.set(origin, new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 2048 }));
  return agents.get(origin);
};

/** The body of an answer, as the browser would read it after taking off its Content-Encoding. */
function decoded({ body, encoding }) {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

class Client {
  constructor(baseUrl, address, recorder) {
    this.baseUrl = baseUrl;
    this.agent = agentFor(baseUrl);
    this.address = address;
    this.recorder = recorder;
    this.cookie = null;
  }

  /**
   * One request as the browser would send it; answers { status, body, encoding } (the body as it
   * came, still compressed) or null when nothing came back.
   */
  async send(requestClass, route, method, urlPath, body) {
    const headers = {
      "x-forwarded-for": this.address,
      accept: urlPath.startsWith("/api/") ? "application/json" : "text/html",
      "accept-encoding": "br, gzip",
    };
    if (this.cookie) headers.cookie = this.cookie;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
      headers.origin = this.baseUrl;
    } else if (method !== "GET") headers.origin = this.baseUrl;
    const started = performance.now();
    const answer = await new Promise((resolve) => {
      const request = http.request(this.baseUrl + urlPath, { method, headers, agent: this.agent }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", (error) => resolve({ error }));
        response.on("end", () => resolve({ response, body: Buffer.concat(chunks) }));
      });
      request.on("error", (error) => resolve({ error }));
      request.end(payload);
    });
    if (answer.error) {
      this.recorder.fail(route, answer.error);
      return null;
    }
    const { response } = answer;
    this.recorder.add(requestClass, route, response.statusCode, performance.now() - started);
    const session = (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("dg_session="));
    if (session) {
      const value = session.split(";")[0];
      this.cookie = value === "dg_session=" ? null : value;
    }
    return { status: response.statusCode, body: answer.body, encoding: response.headers["content-encoding"] };
  }

  async json(requestClass, route, method, urlPath, body) {
    const answer = await this.send(requestClass, route, method, urlPath, body);
    if (!answer || answer.status < 200 || answer.status >= 300) return null;
    try {
      return JSON.parse(decoded(answer).toString("utf8"));
    } catch {
      return null;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Accounts

/**
 * The virtual users, from accounts seed-load-users.ts made ({ email, cookie }, signed in already):
 * user i on servers[i % servers.length] ({ url }), from an address of its own.
 */
export function makeUsers(accounts, servers, recorder) {
  return accounts.map(({ email, cookie }, index) => {
    const server = servers[index % servers.length];
    const client = new Client(server.url, clientAddress(index), recorder);
    client.cookie = cookie;
    return { index, email, client, server };
  });
}

/**
 * One pass over every page and read of the mix, per server, before the clock starts (not
 * recorded): a server that has been up a while has rendered its pages and compiled its hot paths;
 * the first render of each page after a start is not what the load measures.
 */
export async function warmUp(users, servers, world) {
  for (const server of servers) {
    const { client } = users.find((user) => user.server === server);
    await client.send("warm-up", "", "GET", "/home");
    await client.send("warm-up", "", "GET", "/api/dragons");
    await client.send("warm-up", "", "GET", "/api/auth/user");
    for (const id of world.dragonIds) {
      for (const urlPath of [`/dragon/${id}`, `/draw/${id}?version=color`, `/api/dragons/${id}`, `/api/wip/${id}`])
        await client.send("warm-up", "", "GET", urlPath);
    }
    const page = await client.json("warm-up", "", "GET", "/api/posts");
    if (Array.isArray(page) && page.length)
      await client.send("warm-up", "", "GET", `/api/posts?before=${page.at(-1).id}`);
  }
}

// ---------------------------------------------------------------------------------------------
// What a user does

function chooseActivity() {
  let roll = Math.random() * Object.values(MIX).reduce((sum, share) => sum + share, 0);
  for (const [activity, share] of Object.entries(MIX)) {
    roll -= share;
    if (roll < 0) return activity;
  }
  return "library";
}

/**
 * Loop `user` through the mix until `end.at` (performance.now() time; it may be moved while the
 * user runs: the capacity steps end everyone's at once). `world` holds what every user may point
 * at: { dragonIds }. Per user: the posts it has seen and liked.
 */
export async function runUser(user, world, end) {
  const { client } = user;
  const seenPosts = [];
  const liked = new Set();
  const alive = () => performance.now() < end.at;
  // A pause cut short by the end of the window answers false, and what the user was about to do
  // is not done: else every user pausing before a like or a comment would send it at the same
  // instant the window ends, a burst that no real traffic has.
  const think = async (range = THINK_MS) => {
    const ms = Math.min(between(range), end.at - performance.now());
    if (ms > 0) await sleep(ms);
    return alive();
  };

  const activities = {
    async library() {
      await client.send("read", "GET /home", "GET", "/home");
      await Promise.all([
        client.send("read", "GET /api/auth/user", "GET", "/api/auth/user"),
        client.send("read", "GET /api/dragons", "GET", "/api/dragons"),
      ]);
    },
    async dragon() {
      const id = pick(world.dragonIds);
      await client.send("read", "GET /dragon/{id}", "GET", `/dragon/${id}`);
      await Promise.all([
        client.send("read", "GET /api/auth/user", "GET", "/api/auth/user"),
        client.send("read", "GET /api/dragons/{id}", "GET", `/api/dragons/${id}`),
      ]);
    },
    async draw() {
      const id = pick(world.dragonIds);
      await client.send("read", "GET /draw/{id}", "GET", `/draw/${id}?version=color`);
      const [, saved] = await Promise.all([
        client.send("read", "GET /api/dragons/{id}", "GET", `/api/dragons/${id}`),
        client.json("read", "GET /api/wip/{id}", "GET", `/api/wip/${id}`),
      ]);
      // The canvas's state, moved a little between saves as a learner works square by square.
      const state = saved ?? {
        paperWidth: 11,
        paperHeight: 8.5,
        gridSize: 1,
        imageZoom: 1,
        imageX: 0,
        imageY: 0,
        currentCell: null,
      };
      const columns = Math.ceil(state.paperWidth / state.gridSize);
      const rows = Math.ceil(state.paperHeight / state.gridSize);
      const done = new Set(Array.isArray(saved?.doneCells) ? saved.doneCells : []);
      const stopAt = Math.min(end.at, performance.now() + between(DRAW_SECONDS) * 1000);
      while (performance.now() + SAVE_EVERY_MS < stopAt) {
        await sleep(SAVE_EVERY_MS);
        const cell = `${String.fromCharCode(65 + Math.floor(Math.random() * columns))}${1 + Math.floor(Math.random() * rows)}`;
        done.add(cell);
        await client.send("write", "POST /api/wip", "POST", "/api/wip", {
          dragonId: id,
          paperWidth: state.paperWidth,
          paperHeight: state.paperHeight,
          gridSize: state.gridSize,
          imageZoom: state.imageZoom,
          imageX: Math.round((state.imageX + (Math.random() - 0.5)) * 100) / 100,
          imageY: Math.round((state.imageY + (Math.random() - 0.5)) * 100) / 100,
          currentCell: cell,
          doneCells: [...done],
        });
      }
    },
    async feed() {
      const page = await client.json("read", "GET /api/posts", "GET", "/api/posts");
      if (!Array.isArray(page) || !page.length) return;
      let posts = page;
      if (Math.random() < NEXT_PAGE_SHARE) {
        if (!(await think([1_000, 3_000]))) return;
        const older = await client.json("read", "GET /api/posts?before=", "GET", `/api/posts?before=${page.at(-1).id}`);
        if (Array.isArray(older) && older.length) posts = older;
      }
      seenPosts.push(...posts.map((post) => post.id));
      if (seenPosts.length > 100) seenPosts.splice(0, seenPosts.length - 100);
      if (Math.random() < LIKE_SHARE) {
        if (!(await think([1_000, 3_000]))) return;
        // Unlike one this user liked earlier now and then; else like one in view.
        const target = liked.size && Math.random() < 0.3 ? pick([...liked]) : pick(posts).id;
        const state = await client.json("write", "POST /api/posts/{id}/like", "POST", `/api/posts/${target}/like`);
        if (state?.liked === true) liked.add(target);
        else if (state?.liked === false) liked.delete(target);
      }
      if (Math.random() < COMMENT_SHARE) {
        if (!(await think([3_000, 8_000]))) return; // typing
        await client.send("write", "POST /api/posts/{id}/comment", "POST", `/api/posts/${pick(posts).id}/comment`, {
          text: `Lovely scales on this one! (${user.index})`,
        });
      }
    },
    async signIn() {
      if (client.cookie) {
        await client.send("write", "POST /api/auth/logout", "POST", "/api/auth/logout");
        if (!(await think())) return;
      }
      await client.send("sign-in", "POST /api/auth/login", "POST", "/api/auth/login", {
        email: user.email,
        password: PASSWORD,
      });
      await client.send("read", "GET /api/auth/user", "GET", "/api/auth/user");
    },
  };

  // Arrivals spread over the first think time, not all at the same instant.
  await think();
  while (alive()) {
    // A sign-in the rate limiter refused earlier: the person tries again before anything else.
    await activities[client.cookie ? chooseActivity() : "signIn"]();
    await think();
  }
  // A user stopped while signed out leaves nothing behind; its session is cleaned up with the database.
}
