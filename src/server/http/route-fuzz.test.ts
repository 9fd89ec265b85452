import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession } from "../test/accounts";
import { expectReadableError } from "../test/readable-error";
import {
  COMMENT_ID,
  DRAGON_ID,
  POST_ID,
  UPLOAD,
  buildUrl,
  catalogue,
  routeKey,
  type Route,
} from "../test/route-catalogue";
import { newBlogPost, newComment, newDragon, newPost, testPicture } from "../test/route-fixtures";
import { createRouteTestApp } from "../test/route-test-app";
import type { TestApp } from "../test/test-app";
import { createSignedInUser, checkedUpload, storedUpload, type TestUser } from "../test/users";
import { testClient } from "../test/api-client";

/**
 * 2,000 generated requests across every registered route (a route added later is in the draw at
 * once), as a visitor, a user and an admin: bodies, queries and path parameters made of arbitrary
 * JSON, hostile strings and the ids of real rows, with odd content types and headers. No answer
 * may be a 5xx, a refusal must be readable, and no answer to a non-admin carries another person's
 * e-mail address. The seed is fixed and printed when the property fails; ROUTE_FUZZ_SEED and
 * ROUTE_FUZZ_RUNS override seed and count for a longer search.
 */
const SEED = Number(process.env.ROUTE_FUZZ_SEED ?? 170_017);
const RUNS = Number(process.env.ROUTE_FUZZ_RUNS ?? 2_000);

const HOSTILE = [
  "",
  " ",
  "\u0000",
  "Em\u0000ber",
  "Em\u202Eber",
  "\u200B",
  "\uFEFF",
  "\uD800",
  "😀👨‍👩‍👧",
  "Mehr\u200Cnaz",
  "../../etc/passwd",
  "%2e%2e%2f",
  "..\\..\\etc\\passwd",
  "%00",
  "%E0%A4%A",
  "/objects/../../etc/passwd",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "' OR '1'='1",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "a".repeat(3_000),
  "NaN",
  "Infinity",
  "-1",
  "1e308",
  "null",
  "true",
  "{}",
  "[]",
  "B3",
  "A1",
  "image/png",
  "dropbox",
  "http://10.0.0.1/dragon.png",
  "javascript:alert(1)",
  "new@example.com",
  "correct horse",
];

/** Every name a payload of ours uses, so generated objects often hit real fields. */
function knownKeys(): string[] {
  const keys = new Set<string>(["__proto__", "constructor", "zzUnknown"]);
  const walk = (value: unknown) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      walk(inner);
    }
  };
  for (const route of catalogue) [route.body, route.query, route.params].forEach(walk);
  return [...keys];
}

/** Set a key as an own property, `__proto__` included (assignment would change the prototype). */
function withKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

let t: TestApp;
let user: TestUser;
let admin: TestUser;
const pool: string[] = [];

beforeAll(async () => {
  t = await createRouteTestApp();
  user = await createSignedInUser(t);
  admin = await createSignedInUser(t, { isAdmin: true });
  // Real rows and objects, so generated requests also reach the handlers' deeper paths.
  const dragonId = await newDragon(t, admin);
  const approved = await newPost(t, user, dragonId, { approved: true });
  const pending = await newPost(t, user, dragonId, { approved: false });
  const comment = await newComment(t, approved, user);
  const blog = await newBlogPost(t, admin, { published: false });
  const shared = await checkedUpload(t, user, await testPicture());
  const hidden = await storedUpload(t, user.id, await testPicture());
  const preview = (await testClient(t.app).call("GET /api/dragons/:id", { params: { id: dragonId } })).json()
    .previewUrl;
  pool.push(
    dragonId,
    approved,
    pending,
    comment,
    blog.id,
    blog.slug,
    shared,
    hidden,
    preview,
    DRAGON_ID,
    POST_ID,
    COMMENT_ID,
    UPLOAD,
    "00000000-0000-4000-8000-000000000000",
  );
});
afterAll(() => t.close());

interface Generated {
  key: string;
  who: "visitor" | "user" | "admin";
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: { kind: "none" } | { kind: "json"; value: unknown } | { kind: "raw"; text: string };
  contentType: string;
  headers: Record<string, string>;
  address: number;
}

/** One of `values` in one request of five; absent otherwise. */
const sometimes = (...values: string[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...values) });

function requestArbitrary(routes: string[]): fc.Arbitrary<Generated> {
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 3, arbitrary: fc.constantFrom(...pool) },
  );
  const key = fc.oneof(fc.constantFrom(...knownKeys()), fc.string({ maxLength: 8 }));
  const { value: json } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(key, tie("value"), { maxKeys: 4 }),
    ),
  }));
  const segment = fc.oneof(
    fc.constantFrom(
      "uploads",
      "dragons",
      "dropbox",
      "box",
      "list",
      "connect",
      "search",
      "preauth",
      "get",
      "..",
      ".",
      "url",
      "meta",
    ),
    text,
  );

  return fc.constantFrom(...routes).chain((routeName) => {
    const [, path] = routeName.split(" ") as [string, string];
    const sample: Route | undefined = catalogue.find((route) => routeKey(route) === routeName);
    const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const params = fc.record(
      Object.fromEntries([
        ...names.map((name) => [name, fc.oneof(fc.constant(sample?.params?.[name] ?? "x"), text)]),
        ...(path.endsWith("*")
          ? [
              [
                "*",
                fc.oneof(
                  fc.constantFrom(
                    ...pool.filter((p) => p.startsWith("/objects/")).map((p) => p.slice("/objects/".length)),
                  ),
                  fc.array(segment, { maxLength: 4 }).map((s) => s.join("/")),
                ),
              ],
            ]
          : []),
      ]) as Record<string, fc.Arbitrary<string>>,
    );
    const sampleQuery = sample?.query ?? {};
    const queryValue = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 }));
    const query = fc.oneof(
      fc.constant(sampleQuery),
      fc
        .tuple(fc.constantFrom(...Object.keys(sampleQuery), "zzUnknown", "__proto__", "download", "q"), queryValue)
        .map(([k, v]) => withKey({ ...sampleQuery }, k, v) as Record<string, string | string[]>),
      fc.dictionary(key, queryValue, { maxKeys: 3 }),
    );
    const sampleBody = sample?.body;
    const body: fc.Arbitrary<Generated["body"]> = fc.oneof(
      fc.constant({ kind: "none" as const }),
      ...(sampleBody
        ? [
            fc.constant({ kind: "json" as const, value: sampleBody }),
            // The valid body with one field changed, added or left out.
            fc
              .tuple(
                fc.constantFrom(...Object.keys(sampleBody), "zzUnknown", "__proto__", "constructor"),
                json,
                fc.boolean(),
              )
              .map(([k, v, drop]) => {
                const changed = structuredClone(sampleBody);
                if (drop) delete changed[k];
                else withKey(changed, k, v);
                return { kind: "json" as const, value: changed };
              }),
          ]
        : []),
      json.map((value) => ({ kind: "json" as const, value })),
      fc.string({ maxLength: 40 }).map((raw) => ({ kind: "raw" as const, text: raw })),
    );
    return fc.record({
      key: fc.constant(routeName),
      who: fc.constantFrom("visitor" as const, "user" as const, "admin" as const),
      params,
      query,
      body,
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant("application/json") },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/json; charset=latin1",
            "image/png",
            "application/json; charset=utf-8",
          ),
        },
      ),
      // Now and then: most requests should get past the cross-site check to what lies behind it.
      headers: fc
        .record({
          "accept-encoding": sometimes("br", "gzip", "br;q=0, gzip;q=abc", "*;q=0", "identity", "", "br;q=NaN, *"),
          range: sometimes(
            "bytes=0-10",
            "bytes=-5",
            "bytes=5-",
            "bytes=10-5",
            "bytes=0-1,3-4",
            "bytes=abc",
            "bytes=99999999999999999999-",
          ),
          "if-none-match": sometimes("*", '"abc"', 'W/"x"', ""),
          origin: sometimes("http://dragongrid.test", "https://evil.example", "null"),
        })
        .map(
          (headers) =>
            Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
              string,
              string
            >,
        ),
      address: fc.integer({ min: 1, max: 200 }),
    });
  });
}

async function send(request: Generated) {
  const [method, path] = request.key.split(" ") as [InjectOptions["method"], string];
  const options: InjectOptions = {
    method,
    url: buildUrl({ path }, request.params, request.query),
    // Addresses are shared between runs: the per-address limits answer 429 sometimes, as they should.
    remoteAddress: `10.99.0.${request.address}`,
    headers: { "user-agent": "Mozilla/5.0 Chrome/156.0", ...request.headers },
  };
  if (request.who !== "visitor") options.cookies = await newSession(t, request.who === "user" ? user.id : admin.id);
  if (request.body.kind !== "none") {
    options.payload = request.body.kind === "json" ? (JSON.stringify(request.body.value) ?? "null") : request.body.text;
    options.headers = { ...options.headers, "content-type": request.contentType };
  }
  return { options, res: await t.app.inject(options) };
}

describe("generated requests to every route", () => {
  it(`answers ${RUNS} of them without a 5xx (seed ${SEED})`, async () => {
    const statuses = new Map<number, number>();
    const property = fc.asyncProperty(requestArbitrary(t.app.registeredRoutes), async (request) => {
      const { options, res } = await send(request);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const what = `${options.method} ${options.url} as ${request.who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, what).toBeLessThan(500);
      // Nobody but an admin sees another person's address (unless the request itself carried it).
      const others = request.who === "admin" ? [] : [admin.email, ...(request.who === "visitor" ? [user.email] : [])];
      for (const email of others)
        if (!JSON.stringify(request).includes(email)) expect(res.body, what).not.toContain(email);
      // The path as it arrives: inject() resolves dot segments (/api/x/../../etc is /etc), as a browser would.
      const url = new URL(String(options.url), "http://dragongrid.test").pathname;
      // Companion's own answers pass through Express, whose bodies inject() does not see (over
      // HTTP they carry a message: companion.test.ts).
      if (res.statusCode >= 400 && !(url.startsWith("/api/companion/") && res.body === "")) {
        expectReadableError(res, what, { json: url.startsWith("/api/companion/"), page: !url.startsWith("/api/") });
      }
    });
    try {
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    } catch (error) {
      const cause = (error as Error).cause;
      throw new Error(
        `The route fuzz failed with seed ${SEED} (run again with ROUTE_FUZZ_SEED=${SEED}).\n${(error as Error).message}\n${cause instanceof Error ? cause.message : ""}`,
        { cause: error },
      );
    }
    // A fuzz that only ever reached the validators would prove little: many requests got through.
    const accepted = [...statuses].filter(([status]) => status < 400).reduce((sum, [, n]) => sum + n, 0);
    expect(accepted, JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThan(RUNS / 10);
    // Some 20 s alone on PGlite; more beside other test files on a busy machine.
  }, 180_000);
});
